// The one input of the pharmacy roster generator (which roster: the screen's button, a POST form field), and the
// paths and messages the screen, its download route and the API share (browser-safe: no server imports).
import { z } from "~/lib/zod";

export const SCREEN_PATH = "/padron_farmacia";
/** Where a generated file is downloaded: /padron_farmacia/archivos/<name>. */
export const FILES_PATH = `${SCREEN_PATH}/archivos`;

export const MSG_PADRON_GENERADO = "Padron generado con exito";
export const MSG_ERROR_PADRON = "Un error ha ocurrido. Intente mas tarde";
export const MSG_ARCHIVO_INEXISTENTE = "El archivo pedido no existe: genere el padrón nuevamente";

/** The rosters (reporting/rosters/rules.ts ROSTER_KINDS), repeated here so the browser never loads the rules. */
export const PADRON_VALUES = ["activos", "activos-medicamentos", "diabeticos", "diabeticos-medicamentos"] as const;

export const MSG_PADRON_INVALIDO =
  "Padrón desconocido: elija Activos, Activos Medicamentos, Diabeticos o Diabeticos Medicamentos";

export const GenerarPadronSchema = z.object({
  padron: z.enum(PADRON_VALUES, { error: MSG_PADRON_INVALIDO }),
});

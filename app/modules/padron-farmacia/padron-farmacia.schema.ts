// The one input of the pharmacy roster generator: which roster (the screen's button, a POST form field).
import { z } from "zod";

/** The rosters (reporting/rosters/rules.ts ROSTER_KINDS), repeated here so the browser never loads the rules. */
export const PADRON_VALUES = ["activos", "activos-medicamentos", "diabeticos", "diabeticos-medicamentos"] as const;

export const MSG_PADRON_INVALIDO =
  "Padrón desconocido: elija Activos, Activos Medicamentos, Diabeticos o Diabeticos Medicamentos";

export const GenerarPadronSchema = z.object({
  padron: z.enum(PADRON_VALUES, { error: MSG_PADRON_INVALIDO }),
});

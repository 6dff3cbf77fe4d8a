// The schema of the Nueva Ficha form (browser and action): FichaSchema, plus the rule that the member's fields belong
// to the DNI being saved (issue 26): the hidden afi_dni_buscado says which DNI 'Buscar' (or the stored ficha) filled
// them for; a DNI typed over it without pressing 'Buscar' is refused on afi_dni. The server takes the member's identity
// from the registry at every save anyway (fichas-save.server.ts); this keeps another member's address and contact
// from being saved with the new DNI, with JavaScript or without.
import { dniSchema } from "~/lib/input";
import { requireVersion } from "~/lib/version";
import { FICHA_MSG } from "~/modules/oncologia/fichas.messages";
import { FichaSchema } from "~/modules/oncologia/fichas.schema";
import type { Mode } from "~/modules/oncologia/rules";

/** The intent of 'Buscar' beside the DNI: the member lookup, which fills the member's data (never a save). */
export const BUSCAR_AFILIADO = "buscar-afiliado";

/** The hidden field with the DNI the member's fields were filled for. */
const DNI_BUSCADO = "afi_dni_buscado";

/** The DNI the member's fields were filled for, as the form sent it ('' when none). */
function dniBuscado(formData: FormData): string {
  const v = formData.get(DNI_BUSCADO);
  const parsed = dniSchema.safeParse(typeof v === "string" ? v : "");
  return parsed.success ? parsed.data : "";
}

/** FichaSchema with the member's fields tied to the DNI they were filled for. */
export function fichaFormSchema(formData: FormData): typeof FichaSchema {
  const buscado = dniBuscado(formData);
  return FichaSchema.refine((f) => f.afi_dni === buscado, {
    message: FICHA_MSG.BUSCAR_AFILIADO,
    path: ["afi_dni"],
    when: (payload) => !payload.issues.some((i) => i.path?.[0] === "afi_dni"),
  });
}

/**
 * The schema the action reads the form with in `mode`: fichaFormSchema, and an update needs the version read (a form
 * without it — a cached page, a forged post — is refused; ADR 047 as amended by issue 35). Creating needs none.
 */
export function fichaActionSchema(formData: FormData, mode: Mode): typeof FichaSchema {
  const schema = fichaFormSchema(formData);
  return mode === "update" ? requireVersion(schema) : schema;
}

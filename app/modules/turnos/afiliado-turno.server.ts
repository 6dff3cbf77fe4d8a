// The member of a DNI for an appointment (spec part 2 §4): what the assignment dialog's 'Buscar' finds, and what a
// save without a member found takes for a member's DNI (issue 35: identity comes from the registry). One lookup for
// both, so the turno stored is the member the dialog would have shown.
import { searchPadron } from "~/modules/afiliados/padron.server";
import { TURNO_MSG } from "./rules";

type AfiliadoTurno = { idafi: number; apeynom: string; numdoc: string };

/**
 * The member of a DNI: the first of the registry's rows for that DNI (the lookup's own order), or why not with its
 * status: 400 and the lookup's message for a DNI it refuses, 404 'El afiliado no existe' when no row has it.
 */
export async function buscarAfiliadoTurno(
  dni: string,
): Promise<{ ok: true; afiliado: AfiliadoTurno } | { ok: false; status: 400 | 404; msg: string }> {
  const found = await searchPadron("dni", dni);
  if (!found.ok) return { ok: false, status: 400, msg: found.msg };
  const row = found.rows[0];
  if (!row) return { ok: false, status: 404, msg: TURNO_MSG.AFILIADO_NO_EXISTE };
  return { ok: true, afiliado: { idafi: row.idafi, apeynom: row.apeynom.trim(), numdoc: row.numdoc.trim() } };
}

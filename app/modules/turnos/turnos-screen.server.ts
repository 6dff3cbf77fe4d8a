// What the two appointment screens' actions share (spec part 2 §2, §4, §5): the member lookup of the assignment
// dialog and the status change posted by the detail/status dialog. The rules themselves are the module's
// (asignarTurno, cambiarEstado); this only reads the forms and shapes the screens' answers.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SessionUser } from "~/auth/guards.server";
import { searchPadron } from "~/modules/afiliados/padron.server";
import { CAMPO_JS, type EstadoResultado } from "./components/EstadoTurnoDialog";
import { cambiarEstado } from "./estado.server";
import { TURNO_MSG } from "./rules";
import { cambiarEstadoSchema } from "./turnos.schema";

export type AfiliadoTurno = { idafi: number; apeynom: string; numdoc: string };

/**
 * The member of a DNI for the assignment dialog: the first of the registry's rows for that DNI (the lookup's own
 * order), or the lookup's message ('El afiliado no existe' when no row has it).
 */
export async function buscarAfiliadoTurno(
  dni: string,
): Promise<{ ok: true; afiliado: AfiliadoTurno } | { ok: false; msg: string }> {
  const found = await searchPadron("dni", dni);
  if (!found.ok) return found;
  const row = found.rows[0];
  if (!row) return { ok: false, msg: TURNO_MSG.AFILIADO_NO_EXISTE };
  return { ok: true, afiliado: { idafi: row.idafi, apeynom: row.apeynom.trim(), numdoc: row.numdoc.trim() } };
}

/**
 * A status change from the dialog's form: the module checks the choice against the user's operations and the
 * turno's current status. `js`: the form was sent by the page's JavaScript (answer JSON, the dialog closes itself).
 */
export async function cambiarEstadoDesdeFormulario(
  formData: FormData,
  user: SessionUser,
): Promise<{ status: number; resultado: EstadoResultado; js: boolean }> {
  const js = formData.get(CAMPO_JS) === "1";
  const submission = parseWithZod(formData, { schema: cambiarEstadoSchema });
  const rawId = Number(formData.get("id"));
  const id = Number.isInteger(rawId) ? rawId : 0;
  const at = Date.now();
  if (submission.status !== "success") {
    const msg = Object.values(submission.error ?? {}).flat()[0] ?? TURNO_MSG.ERROR;
    return { status: 422, js, resultado: { kind: "estado", id, ok: false, msg, at } };
  }
  const saved = await cambiarEstado(submission.value, user);
  if (!saved.ok) {
    return {
      status: saved.status,
      js,
      resultado: { kind: "estado", id, ok: false, msg: saved.msg || TURNO_MSG.ERROR, at },
    };
  }
  return {
    status: 200,
    js,
    resultado: { kind: "estado", id: submission.value.id, ok: true, msg: saved.msg || TURNO_MSG.ESTADO_CAMBIADO, at },
  };
}

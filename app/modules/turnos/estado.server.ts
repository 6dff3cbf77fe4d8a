// Changing an appointment's status (spec part 2 §4, §6; PUT /api/turnos/cambiar-estado; the status dialog): the
// requested status must be one of opcionesDeEstado for the row's CURRENT status (read with a row lock in the
// transaction) and the user's operations; the update is conditional on that status (and on the version sent: an
// older one is 409 before anything else, ADR 047), adds 1 to the version (db/version.ts) and writes its audit entry
// in the same transaction. No time window (docs/decisions/030-turnos-access-and-cancelled-slots.md).
import { eq } from "drizzle-orm";
import { turnos } from "~db/schema/turnos";
import { FORBIDDEN_OPERATION } from "~/auth/guards.server";
import type { SessionUser } from "~/auth/sessions.server";
import { parseInput } from "~/lib/input";
import { audit } from "~/lib/audit.server";
import { Abort, fail, inTransaction, isFailure } from "~db/transaction";
import { updateVersioned } from "~db/version";
import type { TurnoResult } from "./asignar.server";
import { TURNO_COLUMNS, toTurno } from "./consulta.server";
import { opcionesDeEstado, TURNO_MSG, type EstadoTurno } from "./rules";
import { cambiarEstadoSchema } from "./turnos.schema";

/** Sets the status of turno `input.id` to `input.estado_turno` for `by`. Bad input → 422 { msg, errors }. */
export async function cambiarEstado(input: unknown, by: SessionUser): Promise<TurnoResult> {
  const parsed = parseInput(cambiarEstadoSchema, input);
  if (!parsed.ok) return { ok: false, status: 422, msg: parsed.msg, errors: parsed.errors, code: "invalid" };
  const { id, estado_turno, version } = parsed.data;
  // None of operations 20, 21, 26: no status change at all, whatever the row.
  if (opcionesDeEstado("ASIGNADO", by.allowed_operation).length === 0) return fail(403, FORBIDDEN_OPERATION);
  const out = await inTransaction(async (tx) => {
    const [actual] = await tx.select(TURNO_COLUMNS).from(turnos).where(eq(turnos.id, id)).for("update");
    if (!actual) throw new Abort(fail(404, TURNO_MSG.TURNO_NO_EXISTE, "id"));
    const desde = actual.estado_turno as EstadoTurno;
    // Written since the clerk read it (another status change, an edit): stale, before the status check (ADR 047).
    const row = await updateVersioned(tx, turnos, {
      id,
      version,
      set: { estado_turno, operador: by.usuario, updatedAt: new Date() },
      returning: TURNO_COLUMNS,
      where: eq(turnos.estado_turno, desde),
      allowed: opcionesDeEstado(desde, by.allowed_operation).includes(estado_turno),
      refused: fail(409, TURNO_MSG.ESTADO_NO_PERMITIDO, "estado_turno"),
    });
    if (isFailure(row)) throw new Abort(row);
    await audit(tx, by, {
      accion: "turno.estado",
      entidad: "turno",
      entidadId: id,
      detalle: {
        de: desde,
        a: estado_turno,
        tipo_tramite: actual.tipo_tramite,
        fecha_turno: actual.fecha_turno,
        hora_turno: actual.hora_turno.slice(0, 5),
        puesto: actual.puesto,
        operador_anterior: actual.operador,
        version: row.version,
        ...(version == null ? { sin_control_de_version: true } : {}),
      },
    });
    return toTurno(row);
  });
  if ("ok" in out) return out;
  return { ok: true, msg: TURNO_MSG.ESTADO_CAMBIADO, turno: out };
}

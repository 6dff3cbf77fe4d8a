// Assigning a slot (spec part 2 §4, §5; PUT /api/turnos; the assignment dialog), decided here on every path with
// the insurer's clock (docs/decisions/030-turnos-access-and-cancelled-slots.md):
// - the slot must exist in the type's agenda; a Saturday or Sunday (no service, ADR 051), a slot in the past or inside
//   the 15-minute window is refused;
// - a member is required except for AFILIACIONES; a member's DNI and name come from the registry, not the client
//   (an AFILIACIONES DNI typed without 'Buscar' that is a member's too);
// - a free slot is taken with INSERT ... ON CONFLICT DO NOTHING on turnos_slot_uq: the database decides, the loser
//   gets 409 'El turno ya fue asignado'; a CANCELADO slot is reassigned and an ASIGNADO one edited (body id) with
//   a conditional UPDATE; CONFIRMADO and ATENDIDO are never (re)assigned;
// - the write and its audit entry are one transaction (for a free slot, one statement).
import { and, eq, sql } from "drizzle-orm";
import { getDb, type Tx } from "~db/client.server";
import { Abort, fail, inTransaction, isFailure, type Failure } from "~db/transaction";
import { updateVersioned } from "~db/version";
import { afiliados } from "~db/schema/afiliados";
import { turnos } from "~db/schema/turnos";
import { FORBIDDEN_OPERATION } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import type { SessionUser } from "~/auth/sessions.server";
import { parseInput } from "~/lib/input";
import { currentContext } from "~/lib/request-context.server";
import { audit } from "~/lib/audit.server";
import { buscarAfiliadoTurno } from "./afiliado-turno.server";
import { configDe } from "./config.server";
import { TURNO_COLUMNS, toTurno } from "./consulta.server";
import {
  diaSinAtencion,
  problemaAsignacion,
  resolverSlot,
  turnoBloqueado,
  TURNO_MSG,
  type EstadoTurno,
  type Turno,
} from "./rules";
import { asignarTurnoSchema, type AsignarTurnoInput } from "./turnos.schema";

type TurnoFailure = Failure;
export type TurnoResult = { ok: true; msg: string; turno: Turno } | TurnoFailure;

type Persona = { dni_afiliado: string; apeynom_afiliado: string; id_afiliado: number | null };
/** An assignment whose slot is resolved: its puesto is the slot's (sent, or derived from nro_turno). */
type Asignacion = AsignarTurnoInput & { puesto: number };

/** Who the slot is for: the member of the registry (by id), or for AFILIACIONES a person who is no member, typed in. */
async function personaDe(tx: Tx, input: AsignarTurnoInput): Promise<Persona> {
  if (input.id_afiliado != null) {
    const [a] = await tx
      .select({ numdoc: afiliados.numdoc, apeynom: afiliados.apeynom })
      .from(afiliados)
      .where(eq(afiliados.idafi, input.id_afiliado));
    if (!a) throw new Abort(fail(422, TURNO_MSG.AFILIADO_NO_EXISTE, "id_afiliado"));
    return { dni_afiliado: a.numdoc, apeynom_afiliado: a.apeynom, id_afiliado: input.id_afiliado };
  }
  // The schema let this through only for AFILIACIONES with both typed.
  return {
    dni_afiliado: input.dni_afiliado!,
    apeynom_afiliado: input.apeynom_afiliado!.toUpperCase(),
    id_afiliado: null,
  };
}

/**
 * Identity comes from the registry (issue 35): an assignment without a member found (AFILIACIONES) whose DNI is a
 * member's is that member's — the one the dialog's 'Buscar' finds — so it is saved like any member's (personaDe,
 * asignarLibre: the registry's DNI, name and id). A DNI of no member keeps the person typed.
 */
async function conAfiliadoDelDni(input: AsignarTurnoInput): Promise<AsignarTurnoInput> {
  if (input.id_afiliado != null || !input.dni_afiliado) return input;
  const found = await buscarAfiliadoTurno(input.dni_afiliado);
  return found.ok ? { ...input, id_afiliado: found.afiliado.idafi } : input;
}

/**
 * The common case in ONE statement, atomic on its own: a new assignment of a free slot outside the window. INSERT
 * ... SELECT ... ON CONFLICT ON CONSTRAINT turnos_slot_uq DO NOTHING takes the slot for the member of the registry
 * (its DNI and name read by the statement) or, for AFILIACIONES without one, the person typed in; a data-modifying
 * CTE writes the audit entry (the row audit() writes, `turno.asignar`) with it. The row, or undefined when the slot
 * is taken or the member id unknown (nothing written): the general path then reads the slot and answers.
 */
async function asignarLibre(q: Asignacion, nro_turno: number, by: SessionUser, now: Date): Promise<Turno | undefined> {
  const persona =
    q.id_afiliado != null
      ? sql`SELECT numdoc, apeynom, idafi FROM afiliados WHERE idafi = ${q.id_afiliado}`
      : sql`SELECT ${q.dni_afiliado!}::text, ${q.apeynom_afiliado!.toUpperCase()}::text, NULL::integer`;
  const db = await getDb();
  const res = (await db.execute(sql`
    WITH t AS (
      INSERT INTO turnos (nro_turno, tipo_tramite, fecha_turno, hora_turno, puesto, dni_afiliado, apeynom_afiliado,
                          id_afiliado, estado_turno, observacion, operador, updated_at)
      SELECT ${nro_turno}::integer, ${q.tipo_tramite}::text, ${q.fecha_turno}::date, ${q.hora_turno}::time,
             ${q.puesto}::smallint, p.*, 'ASIGNADO', ${q.observacion ?? null}::text, ${by.usuario}::text,
             ${now.toISOString()}::timestamptz
      FROM (${persona}) AS p
      ON CONFLICT ON CONSTRAINT turnos_slot_uq DO NOTHING
      RETURNING id, nro_turno, tipo_tramite, to_char(fecha_turno, 'YYYY-MM-DD') AS fecha_turno,
                to_char(hora_turno, 'HH24:MI') AS hora_turno, puesto::integer AS puesto, dni_afiliado,
                apeynom_afiliado, id_afiliado, estado_turno, observacion, operador, version
    ), a AS (
      INSERT INTO audit_log (usuario_id, usuario, accion, entidad, entidad_id, detalle, address)
      SELECT ${by.id}::integer, ${by.usuario}::text, 'turno.asignar', 'turno', t.id::text,
             jsonb_build_object('tipo_tramite', t.tipo_tramite, 'fecha_turno', t.fecha_turno, 'hora_turno',
               t.hora_turno, 'puesto', t.puesto, 'nro_turno', t.nro_turno, 'dni_afiliado', t.dni_afiliado,
               'id_afiliado', t.id_afiliado),
             ${currentContext().address}::text
      FROM t
    )
    SELECT * FROM t`)) as unknown as { rows: Turno[] };
  return res.rows[0];
}

type Accion = "turno.asignar" | "turno.reasignar" | "turno.modificar";

/** The audit entry of an assignment, in its transaction; a reassignment or an edit keeps the row's old values. */
async function auditar(tx: Tx, by: SessionUser, accion: Accion, q: Asignacion, row: Turno, antes?: Turno) {
  await audit(tx, by, {
    accion,
    entidad: "turno",
    entidadId: row.id!,
    detalle: {
      tipo_tramite: q.tipo_tramite,
      fecha_turno: q.fecha_turno,
      hora_turno: q.hora_turno,
      puesto: q.puesto,
      nro_turno: row.nro_turno,
      dni_afiliado: row.dni_afiliado,
      id_afiliado: row.id_afiliado,
      ...(antes
        ? {
            anterior: {
              estado_turno: antes.estado_turno,
              dni_afiliado: antes.dni_afiliado,
              apeynom_afiliado: antes.apeynom_afiliado,
              id_afiliado: antes.id_afiliado,
              observacion: antes.observacion,
              operador: antes.operador,
            },
          }
        : {}),
    },
  });
}

/** Why the slot's row as read (locked) refuses the assignment `q` whatever its version: another turno, or taken. */
function rechazoDe(q: Asignacion, actual: { id: number } | undefined, estado: EstadoTurno): Failure | null {
  // Editing needs the row it read; a new assignment finds the slot free or CANCELADO.
  if (q.id != null && actual?.id !== q.id) {
    return actual
      ? fail(409, TURNO_MSG.YA_ASIGNADO, undefined, "slot-taken")
      : fail(404, TURNO_MSG.TURNO_NO_EXISTE, "id");
  }
  if (q.id == null && estado === "ASIGNADO") return fail(409, TURNO_MSG.YA_ASIGNADO, undefined, "slot-taken");
  return null;
}

/**
 * Why the slot refuses the assignment `q` at `now` (its status, the day, the window), or null when it may be written.
 * Checked after the version read (ADR 047: a turno written since is stale first, updateVersioned).
 */
function problemaDe(q: Asignacion, estado: EstadoTurno, now: Date): Failure | null {
  const problema = problemaAsignacion(estado, q.fecha_turno, q.hora_turno, now);
  if (!problema) return null;
  if (problema.code === "slot-taken") return fail(409, problema.msg, undefined, problema.code);
  return fail(422, problema.msg, problema.code === "closed-day" ? "fecha_turno" : "hora_turno", problema.code);
}

/**
 * Assigns, reassigns (CANCELADO) or edits (ASIGNADO, with its id) the slot of `input` for `by` at `now`. `input` is
 * the form's value or an API body: validated here with asignarTurnoSchema (bad input → 422 { msg, errors }).
 */
export async function asignarTurno(input: unknown, by: SessionUser, now: Date = new Date()): Promise<TurnoResult> {
  if (!by.allowed_operation.includes(OP.ASIGNAR_TURNO)) return fail(403, FORBIDDEN_OPERATION);
  const parsed = parseInput(asignarTurnoSchema, input);
  if (!parsed.ok) return { ok: false, status: 422, msg: parsed.msg, errors: parsed.errors, code: "invalid" };
  const config = await configDe(parsed.data.tipo_tramite);
  if (!config) return fail(422, TURNO_MSG.TIPO_INEXISTENTE, "tipo_tramite");
  const resuelto = resolverSlot(config, parsed.data);
  if (!resuelto.ok) return fail(422, resuelto.msg, resuelto.param);
  const slot = resuelto.slot;
  const q: Asignacion = { ...(await conAfiliadoDelDni(parsed.data)), puesto: slot.puesto };
  if (diaSinAtencion(q.fecha_turno)) return fail(422, TURNO_MSG.SIN_ATENCION, "fecha_turno", "closed-day");
  if (q.id == null && !turnoBloqueado(q.fecha_turno, q.hora_turno, now)) {
    const row = await asignarLibre(q, slot.nro_turno, by, now);
    if (row) return { ok: true, msg: TURNO_MSG.ASIGNADO, turno: row };
  }
  // The general path, in one transaction: the slot's row locked, then the checks and the write.
  const out = await inTransaction(async (tx) => {
    const persona = await personaDe(tx, q);
    const [actual] = await tx
      .select(TURNO_COLUMNS)
      .from(turnos)
      .where(
        and(
          eq(turnos.tipo_tramite, q.tipo_tramite),
          eq(turnos.fecha_turno, q.fecha_turno),
          eq(turnos.hora_turno, q.hora_turno),
          eq(turnos.puesto, q.puesto),
        ),
      )
      .for("update");
    const estado: EstadoTurno = actual ? (actual.estado_turno as EstadoTurno) : "VACIO";
    const rechazo = rechazoDe(q, actual, estado);
    if (rechazo) throw new Abort(rechazo);
    const problema = problemaDe(q, estado, now);
    const values = {
      ...persona,
      nro_turno: slot.nro_turno,
      estado_turno: "ASIGNADO" as const,
      observacion: q.observacion ?? null,
      operador: by.usuario,
      updatedAt: now,
    };
    let row: Turno | undefined;
    if (!actual) {
      if (problema) throw new Abort(problema);
      const [r] = await tx
        .insert(turnos)
        .values({
          ...values,
          tipo_tramite: q.tipo_tramite,
          fecha_turno: q.fecha_turno,
          hora_turno: q.hora_turno,
          puesto: q.puesto,
        })
        .onConflictDoNothing({ target: [turnos.tipo_tramite, turnos.fecha_turno, turnos.hora_turno, turnos.puesto] })
        .returning(TURNO_COLUMNS);
      row = r && toTurno(r);
    } else {
      // CANCELADO → ASIGNADO (reassign) or ASIGNADO → ASIGNADO (edit): only from the state (and version) read.
      const r = await updateVersioned(tx, turnos, {
        id: actual.id,
        version: q.version,
        set: values,
        returning: TURNO_COLUMNS,
        where: eq(turnos.estado_turno, estado),
        allowed: !problema,
        refused: problema ?? fail(409, TURNO_MSG.YA_ASIGNADO, undefined, "slot-taken"),
      });
      if (isFailure(r)) throw new Abort(r);
      row = toTurno(r);
    }
    if (!row) throw new Abort(fail(409, TURNO_MSG.YA_ASIGNADO, undefined, "slot-taken"));
    const accion = !actual ? "turno.asignar" : estado === "CANCELADO" ? "turno.reasignar" : "turno.modificar";
    await auditar(tx, by, accion, q, row, actual && toTurno(actual));
    return row;
  });
  if ("ok" in out) return out;
  return { ok: true, msg: TURNO_MSG.ASIGNADO, turno: out };
}

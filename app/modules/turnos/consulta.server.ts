// Appointment lookups (spec part 2 §2 'Consulta de Turnos', §7): by member DNI, by date, by id; each optionally
// filtered by procedure type (TODOS = every type). Rows only: free slots have no row (the grid adds them).
import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import { getDb, type Db, type Tx } from "~db/client.server";
import { turnos } from "~db/schema/turnos";
import { parseInput, type FieldError } from "~/lib/input";
import { configDe } from "./config.server";
import { TODOS, TURNO_MSG, type EstadoTurno, type Turno } from "./rules";
import { consultaTurnosSchema, MSG_TURNO, type ConsultaTurnosInput } from "./turnos.schema";

export const TURNO_COLUMNS = {
  id: turnos.id,
  nro_turno: turnos.nro_turno,
  tipo_tramite: turnos.tipo_tramite,
  fecha_turno: turnos.fecha_turno,
  hora_turno: turnos.hora_turno,
  puesto: turnos.puesto,
  dni_afiliado: turnos.dni_afiliado,
  apeynom_afiliado: turnos.apeynom_afiliado,
  id_afiliado: turnos.id_afiliado,
  estado_turno: turnos.estado_turno,
  observacion: turnos.observacion,
  operador: turnos.operador,
  version: turnos.version,
};

type TurnoRow = Omit<Turno, "id" | "estado_turno" | "version"> & { id: number; estado_turno: string; version: number };

/** A row as the spec's Turno: hora_turno 'HH:MM'. */
export function toTurno(r: TurnoRow): Turno & { id: number; version: number } {
  return { ...r, hora_turno: r.hora_turno.slice(0, 5), estado_turno: r.estado_turno as EstadoTurno };
}

const porTipo = (tipo_tramite: string): SQL | undefined =>
  tipo_tramite === TODOS ? undefined : eq(turnos.tipo_tramite, tipo_tramite);

/** A member's appointments (by DNI), newest first. */
export async function turnosPorDni(dni: string, tipo_tramite: string = TODOS): Promise<Turno[]> {
  const db = await getDb();
  const rows = await db
    .select(TURNO_COLUMNS)
    .from(turnos)
    .where(and(eq(turnos.dni_afiliado, dni), porTipo(tipo_tramite)))
    .orderBy(desc(turnos.fecha_turno), desc(turnos.hora_turno), asc(turnos.tipo_tramite), asc(turnos.puesto));
  return rows.map(toTurno);
}

/** A day's appointments (every status), by type, time and puesto. */
export async function turnosPorFecha(fecha: string, tipo_tramite: string = TODOS): Promise<Turno[]> {
  const db = await getDb();
  const rows = await db
    .select(TURNO_COLUMNS)
    .from(turnos)
    .where(and(eq(turnos.fecha_turno, fecha), porTipo(tipo_tramite)))
    .orderBy(asc(turnos.tipo_tramite), asc(turnos.hora_turno), asc(turnos.puesto));
  return rows.map(toTurno);
}

/** One appointment, or null. */
export async function turnoPorId(id: number, dbOrTx?: Db | Tx): Promise<Turno | null> {
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const db = dbOrTx ?? (await getDb());
  const [row] = await db.select(TURNO_COLUMNS).from(turnos).where(eq(turnos.id, id));
  return row ? toTurno(row) : null;
}

export type ConsultaParams =
  { ok: true; data: ConsultaTurnosInput } | { ok: false; status: 404 | 422; msg: string; errors?: FieldError[] };

/**
 * The lookup's input (a form's or a call's): consultaTurnosSchema, with `por` (the DNI or the date) required, and
 * a procedure type that exists unless TODOS. Bad input → 422 { msg, errors }; an unknown type → 404.
 */
export async function consultaParams(raw: Record<string, unknown>, por: "dni" | "fecha"): Promise<ConsultaParams> {
  const parsed = parseInput(consultaTurnosSchema, raw);
  if (!parsed.ok) return { ok: false, status: 422, msg: parsed.msg, errors: parsed.errors };
  if (parsed.data[por] == null) {
    const msg = por === "dni" ? TURNO_MSG.DNI_OBLIGATORIO : MSG_TURNO.FECHA_INVALIDA;
    return { ok: false, status: 422, msg, errors: [{ param: por, msg }] };
  }
  if (parsed.data.tipo_tramite !== TODOS && !(await configDe(parsed.data.tipo_tramite))) {
    return { ok: false, status: 404, msg: TURNO_MSG.TIPO_INEXISTENTE };
  }
  return parsed;
}

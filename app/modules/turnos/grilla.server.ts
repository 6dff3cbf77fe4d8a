// The grid of a procedure type's day (spec part 2 §2 'Asignacion de Turnos', §7 GET /api/turnos/turnostipotramite/):
// every slot of the agenda, taken ones with their row, free ones as VACIO; and the configurations with the
// requested type's first.
import { and, eq } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { turnos } from "~db/schema/turnos";
import { parseInput } from "~/lib/input";
import { turnosConfig } from "./config.server";
import { TURNO_COLUMNS, toTurno } from "./consulta.server";
import { diaSinAtencion, slotsDelDia, TURNO_MSG, type Turno, type TurnoConfig } from "./rules";
import { grillaSchema } from "./turnos.schema";

export type GrillaResult =
  | { ok: true; turnos: Turno[]; turnos_config: TurnoConfig[] }
  | { ok: false; status: 404 | 422; msg: string; errors?: { param: string; msg: string }[] };

/** A free slot of the grid: a Turno with no id, VACIO, no member. */
function turnoVacio(config: TurnoConfig, fecha_turno: string, slot: ReturnType<typeof slotsDelDia>[number]): Turno {
  return {
    id: null,
    nro_turno: slot.nro_turno,
    tipo_tramite: config.tipo_tramite,
    fecha_turno,
    hora_turno: slot.hora_turno,
    puesto: slot.puesto,
    dni_afiliado: "",
    apeynom_afiliado: "",
    id_afiliado: null,
    estado_turno: "VACIO",
    observacion: null,
    operador: null,
    version: null,
  };
}

/**
 * Every slot of `tipo_tramite` on `fecha_turno`, row by row then puesto (a row outside today's agenda, left by a
 * configuration change, is listed after them so nothing taken disappears). A Saturday or Sunday has no free slot
 * (only what is taken, if any: ADR 051). Unknown type → 404; bad input → 422.
 */
export async function turnosDelDia(tipo_tramite: string, fecha_turno: string): Promise<GrillaResult> {
  const parsed = parseInput(grillaSchema, { tipo_tramite, fecha_turno });
  if (!parsed.ok) return { ok: false, status: 422, msg: parsed.msg, errors: parsed.errors };
  const q = parsed.data;
  const db = await getDb();
  const [configs, rows] = await Promise.all([
    turnosConfig(),
    db
      .select(TURNO_COLUMNS)
      .from(turnos)
      .where(and(eq(turnos.tipo_tramite, q.tipo_tramite), eq(turnos.fecha_turno, q.fecha_turno))),
  ]);
  const config = configs.find((c) => c.tipo_tramite === q.tipo_tramite);
  if (!config) return { ok: false, status: 404, msg: TURNO_MSG.TIPO_INEXISTENTE };
  const taken = new Map(rows.map((r) => [`${r.hora_turno.slice(0, 5)}|${r.puesto}`, toTurno(r)]));
  const out: Turno[] = [];
  for (const slot of diaSinAtencion(q.fecha_turno) ? [] : slotsDelDia(config)) {
    const key = `${slot.hora_turno}|${slot.puesto}`;
    out.push(taken.get(key) ?? turnoVacio(config, q.fecha_turno, slot));
    taken.delete(key);
  }
  out.push(...[...taken.values()].sort((a, b) => a.hora_turno.localeCompare(b.hora_turno) || a.puesto - b.puesto));
  return { ok: true, turnos: out, turnos_config: [config, ...configs.filter((c) => c !== config)] };
}

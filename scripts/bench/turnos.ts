// npm run bench:turnos — the appointment desk on the bench scale, on a throwaway database (it writes): an in-memory
// PGlite, or with DATABASE_URL a new database on that PostgreSQL server, dropped at the end. It loads what the desk
// reads, exactly as `npm run db:seed -- --scale bench` writes it (same generator, same seed): the procedure types'
// agenda, the 500 000 members and the appointments from 20 days ago to 10 days ahead at the bench fill (50 %).
//  1. the grid of the busiest day (GET /api/turnos/turnostipotramite/ through the route's loader: guard, token
//     lookup, validation, turnosDelDia, JSON) against the plain approach: the same two SELECTs straight on the
//     database; 16 concurrent clients, p50/p95, answers compared first;
//  2. 16 concurrent clients assigning different free slots (PUT /api/turnos through the route's action: guard,
//     body, asignarTurno with its member lookup, row lock, INSERT ... ON CONFLICT DO NOTHING and audit entry, one
//     transaction) against a plain INSERT ... ON CONFLICT DO NOTHING of the same rows; assignments/s, p95, errors;
//  3. 16 clients racing for one slot, BENCH_RACES times: exactly one winner each, the others 409.
// Prints figures and ratios; no timed assertions. BENCH_GRID (default 2000) and BENCH_ASSIGN (default 3000) size it.
import { closeDb, getDriver } from "~db/client.server";
import { afiliadosLoad, gruposLoad, motivosBajaLoad } from "~db/seed/members";
import { turnosConfigLoad, turnosLoad } from "~db/seed/misc";
import { buildPopulation } from "~db/seed/population";
import { Rng, todayInCatamarca } from "~db/seed/random";
import { SCALES } from "~db/seed/index";
import { Writer } from "~db/seed/writer";
import { createSession } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { api, BENCH_CONTEXT, CLIENTS, load, log, pct, run } from "~scripts/bench/harness";
import { diaSinAtencion, slotsDelDia, type TurnoConfig } from "~/modules/turnos/rules";
import { turnosConfig } from "~/modules/turnos/config.server";
import { loader as grillaLoader } from "~/routes/api.turnos.turnostipotramite._index";
import { action as asignarAction } from "~/routes/api.turnos._index";
import { sqlRows, useTestDatabase } from "~tests/support/db";

const GRID_REQUESTS = Number(process.env.BENCH_GRID || 2000);
const ASSIGNMENTS = Number(process.env.BENCH_ASSIGN || 3000);
const RACES = Number(process.env.BENCH_RACES || 20);
process.env.DATABASE_POOL_MAX ??= String(CLIENTS + 2);

const addDays = (iso: string, n: number) => {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

// ---- The data -----------------------------------------------------------------------------------------------
const t0 = performance.now();
const t = await useTestDatabase();
const driver = await getDriver();
const today = todayInCatamarca();
log(`bench:turnos en ${driver.kind === "pg" ? "PostgreSQL (base temporal en DATABASE_URL)" : "PGlite en memoria"}`);
{
  const cfg = SCALES.bench;
  const root = new Rng(1);
  const w = new Writer(driver);
  await w.load(motivosBajaLoad());
  await w.load(turnosConfigLoad());
  const pop = buildPopulation(root.fork("poblacion"), cfg.members, today);
  await w.withoutIndexes(["afiliados"], async () => {
    await w.load(gruposLoad(pop));
    // The name-search words are not needed here (no name search); the seed refills them in one statement.
    await w.exec("ALTER TABLE afiliados DISABLE TRIGGER afiliados_palabras_sync");
    await w.load(afiliadosLoad(pop, root.fork("afiliados")));
    await w.exec("ALTER TABLE afiliados ENABLE TRIGGER afiliados_palabras_sync");
  });
  await w.load(turnosLoad(pop, root.fork("turnos"), cfg.turnosFill));
  await w.resetSequences(["motivos_baja", "turnos_config", "grupos_familiares", "afiliados", "turnos"]);
  if (driver.kind === "pg") await w.exec("ANALYZE turnos_config, afiliados, turnos");
}
const [{ n: miembros }] = await sqlRows<{ n: number }>("SELECT count(*)::int AS n FROM afiliados");
const [{ n: turnosTotal }] = await sqlRows<{ n: number }>("SELECT count(*)::int AS n FROM turnos");
log(
  `  datos: ${miembros} afiliados, ${turnosTotal} turnos, cargados en ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const [{ id: adminId }] = await sqlRows<{ id: number }>("SELECT id FROM us_usuarios WHERE usuario = 'admin'");
const token = await requestContext.run(BENCH_CONTEXT, () => createSession(adminId, "api"));
const idafis = (await sqlRows<{ idafi: number }>("SELECT idafi FROM afiliados WHERE idafi % 97 = 0 LIMIT 5000")).map(
  (r) => r.idafi,
);

// ---- 1. The grid of the busiest day -------------------------------------------------------------------------
const [busy] = await sqlRows<{ tipo_tramite: string; fecha: string; n: number }>(
  `SELECT tipo_tramite, fecha_turno::text AS fecha, count(*)::int AS n FROM turnos
   GROUP BY 1, 2 ORDER BY n DESC, fecha DESC LIMIT 1`,
);
const gridPath = `/api/turnos/turnostipotramite/?tipo_tramite=${busy.tipo_tramite}&fecha_turno=${busy.fecha}`;
log(`\n1. Grilla del día más cargado: ${busy.tipo_tramite} ${busy.fecha} (${busy.n} turnos)`);
const plainGrid = async () => {
  const [rows, configs] = await Promise.all([
    sqlRows<{ id: number }>(
      `SELECT id, nro_turno, tipo_tramite, fecha_turno, hora_turno, puesto, dni_afiliado, apeynom_afiliado,
              id_afiliado, estado_turno, observacion, operador
       FROM turnos WHERE tipo_tramite = $1 AND fecha_turno = $2`,
      [busy.tipo_tramite, busy.fecha],
    ),
    sqlRows("SELECT tipo_tramite, cant_puesto, tiempo_por_turno, inicio_turno, fin_turno FROM turnos_config"),
  ]);
  return { rows, configs };
};
{
  const res = await run(grillaLoader, api(token, gridPath));
  const body = (await res.json()) as { turnos: { id: number | null }[]; turnos_config: unknown[] };
  const plain = await plainGrid();
  const config = (await turnosConfig()).find((c) => c.tipo_tramite === busy.tipo_tramite)!;
  const ids = (xs: { id: number | null }[]) =>
    xs
      .map((x) => x.id)
      .filter((x) => x != null)
      .sort();
  if (res.status !== 200 || JSON.stringify(ids(body.turnos)) !== JSON.stringify(ids(plain.rows)))
    throw new Error("La grilla del producto y la consulta simple no coinciden");
  if (body.turnos.length !== slotsDelDia(config).length) throw new Error("La grilla no tiene todos los turnos del día");
  log(`  respuestas iguales: ${plain.rows.length} turnos tomados de ${body.turnos.length} (libres como VACIO)`);
}
for (let i = 0; i < 100; i++) await run(grillaLoader, api(token, gridPath)); // warm up
for (let i = 0; i < 100; i++) await plainGrid();
const gridJobs = {
  plain: async () => {
    await plainGrid();
    return true;
  },
  ours: async () => {
    const res = await run(grillaLoader, api(token, gridPath));
    await res.arrayBuffer();
    return res.status === 200;
  },
};
for (const clients of [1, CLIENTS]) {
  log(`  ${clients === 1 ? "un cliente (latencia)" : `${clients} clientes a la vez`}:`);
  const plain = await load("simple: los dos SELECT directos", GRID_REQUESTS, gridJobs.plain, "q/s", clients);
  const ours = await load("producto: GET turnostipotramite (loader)", GRID_REQUESTS, gridJobs.ours, "q/s", clients);
  log(
    `  p95 ${ours.p95.toFixed(1)} ms (objetivo ≤ 50 ms); frente a lo simple: p95 ×${(ours.p95 / plain.p95).toFixed(2)}, q/s ×${(ours.perSec / plain.perSec).toFixed(2)}`,
  );
}

// ---- 2. 16 clients assigning different free slots -----------------------------------------------------------
const configs: TurnoConfig[] = await turnosConfig();
type Libre = { tipo_tramite: string; fecha_turno: string; hora_turno: string; puesto: number };
function freeSlots(firstDay: number, count: number): Libre[] {
  const out: Libre[] = [];
  for (let day = firstDay; out.length < count; day++) {
    const fecha_turno = addDays(today, day);
    if (diaSinAtencion(fecha_turno)) continue; // no service on Saturdays and Sundays (ADR 051)
    for (const c of configs)
      for (const s of slotsDelDia(c)) out.push({ tipo_tramite: c.tipo_tramite, fecha_turno, ...s });
  }
  return out.slice(0, count);
}
// Days beyond the seed's (it reaches 10 days ahead), so every slot is free; the plain run uses other days.
const ours = freeSlots(40, ASSIGNMENTS);
const plainSlots = freeSlots(400, ASSIGNMENTS);
log(`\n2. Asignación de ${ASSIGNMENTS} turnos libres distintos, ${CLIENTS} clientes a la vez`);
const assignPlain = await load(
  "simple: INSERT ... ON CONFLICT DO NOTHING",
  ASSIGNMENTS,
  async (i) => {
    const s = plainSlots[i];
    const rows = await sqlRows(
      `INSERT INTO turnos (nro_turno, tipo_tramite, fecha_turno, hora_turno, puesto, dni_afiliado, apeynom_afiliado,
                           id_afiliado, estado_turno, operador)
       SELECT 1, $1, $2, $3, $4, numdoc, apeynom, idafi, 'ASIGNADO', 'admin' FROM afiliados WHERE idafi = $5
       ON CONFLICT ON CONSTRAINT turnos_slot_uq DO NOTHING RETURNING id`,
      [s.tipo_tramite, s.fecha_turno, s.hora_turno, s.puesto, idafis[i % idafis.length]],
    );
    return rows.length === 1;
  },
  "a/s",
);
const assignOurs = await load(
  "producto: PUT /api/turnos (action)",
  ASSIGNMENTS,
  async (i) => {
    const s = ours[i];
    const res = await run(
      asignarAction,
      api(token, "/api/turnos", {
        method: "PUT",
        body: JSON.stringify({ ...s, id_afiliado: idafis[i % idafis.length], observacion: "bench" }),
      }),
    );
    await res.arrayBuffer();
    return res.status === 200;
  },
  "a/s",
);
const [{ n: audited }] = await sqlRows<{ n: number }>(
  "SELECT count(*)::int AS n FROM audit_log WHERE accion = 'turno.asignar'",
);
log(
  `  ${assignOurs.perSec.toFixed(0)} asignaciones/s (objetivo ≥ 300), p95 ${assignOurs.p95.toFixed(1)} ms, errores ${assignOurs.errors}, ${audited} entradas de auditoría; frente a lo simple: a/s ×${(assignOurs.perSec / assignPlain.perSec).toFixed(2)}, p95 ×${(assignOurs.p95 / assignPlain.p95).toFixed(2)}`,
);

// ---- 3. 16 clients racing for one slot ----------------------------------------------------------------------
log(`\n3. ${CLIENTS} clientes por el mismo turno, ${RACES} veces`);
const races = freeSlots(800, RACES);
let exact = 0;
const raceTimes: number[] = [];
for (const s of races) {
  const t = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: CLIENTS }, async (_, k) => {
      const res = await run(
        asignarAction,
        api(token, "/api/turnos", {
          method: "PUT",
          body: JSON.stringify({ ...s, id_afiliado: idafis[k] }),
        }),
      );
      await res.arrayBuffer();
      return res.status;
    }),
  );
  raceTimes.push(performance.now() - t);
  const [{ n: rows }] = await sqlRows<{ n: number }>(
    "SELECT count(*)::int AS n FROM turnos WHERE tipo_tramite = $1 AND fecha_turno = $2 AND hora_turno = $3 AND puesto = $4",
    [s.tipo_tramite, s.fecha_turno, s.hora_turno, s.puesto],
  );
  const won = statuses.filter((x) => x === 200).length;
  const lost = statuses.filter((x) => x === 409).length;
  if (won === 1 && lost === CLIENTS - 1 && rows === 1) exact++;
  else
    log(
      `  ${s.tipo_tramite} ${s.fecha_turno} ${s.hora_turno} p${s.puesto}: ${won} ganadores, ${lost} 409, ${rows} filas`,
    );
}
raceTimes.sort((a, b) => a - b);
log(
  `  ${exact}/${RACES} carreras con exactamente un ganador y ${CLIENTS - 1} respuestas 409 (una fila); cada carrera p50 ${pct(raceTimes, 50).toFixed(1)} ms`,
);

await t.cleanup();
await closeDb();

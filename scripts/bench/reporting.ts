// npm run bench:reporting — on the bench scale and a real Postgres (DATABASE_URL; READ_REPLICA_URL if set):
//  1. refresh throughput: the product's refreshSnapshot() against a raw COPY ... TO STDOUT of the same columns of
//     the same tables (drained in Node), in rows/s (goal ≥ 50 %);
//  2. the same logical query on the DuckDB snapshot (the product's query functions) and on Postgres (plain SQL on
//     the live tables, with the indexes the schema has), both warm, medians and the ratio (goal ≥ 20×):
//     audit-time statistics for one year, the provider ranking for one year, a month of liquidación of the
//     busiest responsable. The answers of both sides are compared before timing.
// Snapshots go to a temporary REPORTING_DIR, never to the app's. No timed assertions: it prints figures.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import copyStreams from "pg-copy-streams";
import { copyStreamCount, sourceUrl } from "~reporting/config";
import {
  auditoriaMetricas,
  closeAllReaders,
  liquidacionRows,
  rankingConsumosPorEfector,
  refreshSnapshot,
  withSnapshot,
} from "~reporting/index";
import { BASE_TABLES } from "~reporting/tables";
import { printProfile, Profiler, refreshBackends, type StepProfile } from "./reporting-profile";

if (!process.env.DATABASE_URL) {
  console.error(
    "bench:reporting necesita DATABASE_URL (PostgreSQL con la escala bench: npm run db:seed -- --scale bench).",
  );
  process.exit(2);
}
process.env.REPORTING_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "osep-bench-reporting-"));
const RUNS = Number(process.env.BENCH_RUNS || 7);
const REFRESH_RUNS = Number(process.env.BENCH_REFRESH_RUNS || 3);
const pool = new pg.Pool({ connectionString: sourceUrl()!, max: 2 });
pg.types.setTypeParser(1082, (v: string) => v);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const r = await fn();
  return [performance.now() - t, r];
}

async function rawCopy(): Promise<{ ms: number; rows: number; profile: StepProfile[] }> {
  const client = await pool.connect();
  try {
    let rows = 0;
    const pid = (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0].pid;
    const profiler = new Profiler(() => [pid]);
    const t = performance.now();
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    for (const table of BASE_TABLES) {
      profiler.mark(`COPY ${table.name}`);
      const select = `SELECT ${table.columns.map(([n]) => n).join(", ")} FROM ${table.from}`;
      const sink = new Writable({ write: (_c, _e, cb) => cb() });
      await pipeline(client.query(copyStreams.to(`COPY (${select}) TO STDOUT WITH (FORMAT csv)`)), sink);
      profiler.mark(null);
      rows += Number((await client.query(`SELECT count(*) AS n FROM ${table.from}`)).rows[0].n);
    }
    await client.query("COMMIT");
    return { ms: performance.now() - t, rows, profile: profiler.steps };
  } finally {
    client.release();
  }
}

/** The product's refresh, timed, with its profile per step (the steps it reports through onStep). */
async function profiledRefresh(): Promise<{ ms: number; profile: StepProfile[] }> {
  const backends = refreshBackends(pool);
  const streams = copyStreamCount();
  const profiler = new Profiler(backends.pids);
  const t = performance.now();
  await refreshSnapshot({
    onStep: async (step) => {
      // the streams' sessions exist from the first table on (a few ms of the refresh's time, once per table)
      if (step.startsWith("Copiando")) await backends.poll();
      // streams in parallel: their tables overlap, so the copy is one line (REPORTING_COPY_STREAMS=1 for each table)
      profiler.mark(streams > 1 && step.startsWith("Copiando") ? `Copiando las tablas (${streams} flujos)` : step);
    },
  });
  profiler.mark(null);
  return { ms: performance.now() - t, profile: profiler.steps };
}

async function refreshBench() {
  console.log(`\n1. Actualización de la instantánea (${REFRESH_RUNS} corridas, mediana)`);
  const raw: number[] = [];
  const ours: number[] = [];
  const shares: string[] = [];
  let rows = 0;
  const profiles: [StepProfile[], StepProfile[]][] = [];
  for (let i = 0; i < REFRESH_RUNS; i++) {
    const r = await rawCopy();
    raw.push(r.ms);
    rows = r.rows;
    const o = await profiledRefresh();
    ours.push(o.ms);
    shares.push(`${((r.ms / o.ms) * 100).toFixed(0)} %`);
    profiles.push([r.profile, o.profile]);
  }
  const rawRate = rows / (median(raw) / 1000);
  const ourRate = rows / (median(ours) / 1000);
  console.log(
    `  COPY ... TO STDOUT crudo (mismas columnas)   ${fmt(median(raw)).padStart(9)}  ${Math.round(rawRate).toLocaleString("es-AR")} filas/s`,
  );
  console.log(
    `  refreshSnapshot() (copia + tablas derivadas) ${fmt(median(ours)).padStart(9)}  ${Math.round(ourRate).toLocaleString("es-AR")} filas/s`,
  );
  console.log(
    `  → ${((ourRate / rawRate) * 100).toFixed(0)} % del COPY crudo (meta ≥ 50 %); ${rows.toLocaleString("es-AR")} filas de origen`,
  );
  console.log(`  cada corrida (COPY crudo ÷ actualización, la misma corrida): ${shares.join(", ")}`);
  const [rawProfile, ourProfile] = profiles[ours.indexOf(median(ours))];
  printProfile("perfil del COPY crudo (la corrida de la actualización mediana)", rawProfile);
  printProfile("perfil de refreshSnapshot() (la misma corrida)", ourProfile);
}

type Case = {
  name: string;
  duck: () => Promise<unknown>;
  pg: () => Promise<unknown>;
  same: (d: unknown, p: unknown) => string | null;
};

async function compare(c: Case) {
  const [d0, p0] = [await c.duck(), await c.pg()];
  const diff = c.same(d0, p0);
  if (diff) throw new Error(`${c.name}: DuckDB y Postgres no coinciden: ${diff}`);
  const duck: number[] = [];
  const pgt: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    duck.push((await timed(c.duck))[0]);
    pgt.push((await timed(c.pg))[0]);
  }
  const ratio = median(pgt) / median(duck);
  console.log(
    `  ${c.name.padEnd(44)} DuckDB ${fmt(median(duck)).padStart(9)}   Postgres ${fmt(median(pgt)).padStart(9)}   ${ratio.toFixed(1).padStart(5)}×`,
  );
  return ratio;
}

const pgRows = async <T>(text: string, values: unknown[]) => (await pool.query(text, values)).rows as T[];

const PG_AUDIT = `
  WITH a AS (
    SELECT id, nroautorizacion, usuarioauditoria AS auditor, fecha_hora_carga, fecha_hora_auditoria, fecha_hora_auditoria::date AS dia
      FROM autorizaciones
     WHERE usuarioauditoria LIKE 'AUD%' AND fecha_hora_auditoria >= $1::date AND fecha_hora_auditoria < $2::date + 1
  ), f AS (
    SELECT *, coalesce(fecha_hora_carga < dia + interval '7 hour', false) AS dia_anterior,
           CASE WHEN fecha_hora_carga IS NULL OR fecha_hora_carga < dia + interval '7 hour' OR fecha_hora_carga > fecha_hora_auditoria
                THEN NULL ELSE extract(epoch FROM fecha_hora_auditoria - fecha_hora_carga)::int END AS seg,
           extract(epoch FROM fecha_hora_auditoria - lag(fecha_hora_auditoria)
             OVER (PARTITION BY auditor COLLATE "C", dia ORDER BY fecha_hora_auditoria, id))::int AS gap
      FROM a
  )
  SELECT auditor, count(*)::int AS cantidad_autorizaciones, count(seg)::int AS cantidad_con_tiempo, sum(seg)::float8 AS segundos_total,
         min(seg) AS segundos_minimo, max(seg) AS segundos_maximo,
         (array_agg(nroautorizacion ORDER BY seg, fecha_hora_auditoria, id) FILTER (WHERE seg IS NOT NULL))[1]::float8 AS autorizacion_con_tiempo_min,
         (array_agg(nroautorizacion ORDER BY seg DESC, fecha_hora_auditoria, id) FILTER (WHERE seg IS NOT NULL))[1]::float8 AS autorizacion_con_tiempo_max,
         count(*) FILTER (WHERE dia_anterior)::int AS auditoria_dia_anterior,
         count(*) FILTER (WHERE seg < $3)::int AS cant_autorizaciones_rapidas,
         max(gap) AS interrupcion_maxima_seg,
         count(*) FILTER (WHERE gap > $4)::int AS interrupciones_largas,
         coalesce(sum(gap) FILTER (WHERE gap > $4), 0)::float8 AS total_interrupciones_largas_seg,
         count(DISTINCT dia)::int AS dias
    FROM f GROUP BY GROUPING SETS ((auditor), ()) ORDER BY auditor NULLS FIRST`;

const PG_RANKING = `
  WITH c AS (
    SELECT codigo_efector AS codigo, count(*) AS cant_autorizaciones, sum(cantidad) AS cant_practicas,
           sum(coalesce(coseguro, 0)) AS total_coseguro, sum(coalesce(montoauthonorario, 0) + coalesce(montoautgasto, 0)) AS total_importe,
           max(nommedefector) AS nommedefector, max(matmedefector) AS matmedefector
      FROM autorizaciones
     WHERE fecha BETWEEN $1::date AND $2::date AND codigo_efector IS NOT NULL AND NOT anulado AND trim(autorizo) = 'AUTORIZADA'
     GROUP BY codigo_efector ORDER BY cant_practicas DESC, cant_autorizaciones DESC, codigo_efector COLLATE "C" LIMIT 100)
  SELECT row_number() OVER (ORDER BY c.cant_practicas DESC, c.cant_autorizaciones DESC, c.codigo COLLATE "C")::int AS posicion, c.codigo,
         coalesce(e.nommedefector, c.nommedefector) AS nommedefector, coalesce(e.matmedefector, c.matmedefector) AS matmedefector,
         c.cant_autorizaciones::int AS cant_autorizaciones, c.cant_practicas::int AS cant_practicas,
         c.total_coseguro::numeric(18,2)::text AS total_coseguro, c.total_importe::numeric(18,2)::text AS total_importe
    FROM c LEFT JOIN (SELECT codigo, max(nommedefector) AS nommedefector, max(matmedefector) AS matmedefector FROM efectores GROUP BY codigo) e
      ON e.codigo = c.codigo
   ORDER BY posicion`;

const LIQ_FIELDS = `nroautorizacion, fecha, practica, subitem, montoauthonorario, montoautgasto, numautreferenciada, matmedefector,
  nroafiliado, nombreafiliado, cuil, cantidad, estadoambint, cobertura, descpractica, usuarioautorizacion, modalidad, hora, autorizo,
  responsable, entidad, anulado, autoken`;
const PG_LIQ = `SELECT ${LIQ_FIELDS} FROM autorizaciones WHERE fecha BETWEEN $1::date AND $2::date AND cuit_responsable = $3
  ORDER BY fecha, hora NULLS LAST, nroautorizacion, id`;

function sameRows(keys: string[]) {
  return (d: unknown, p: unknown): string | null => {
    const a = d as Record<string, unknown>[];
    const b = p as Record<string, unknown>[];
    if (a.length !== b.length) return `${a.length} filas contra ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      for (const k of keys) {
        const x = a[i][k] ?? null;
        const y = b[i][k] ?? null;
        if (String(x) !== String(y) && Number(x) !== Number(y)) return `fila ${i}, ${k}: ${String(x)} ≠ ${String(y)}`;
      }
    }
    return null;
  };
}

async function queriesBench() {
  const [{ hasta }] = await pgRows<{ hasta: string }>("SELECT max(fecha)::text AS hasta FROM autorizaciones", []);
  const year = { desde: new Date(Date.parse(hasta) - 364 * 86_400_000).toISOString().slice(0, 10), hasta };
  const monthEnd = new Date(Date.parse(hasta.slice(0, 8) + "01") - 86_400_000).toISOString().slice(0, 10);
  const month = { desde: monthEnd.slice(0, 8) + "01", hasta: monthEnd };
  const [{ cuit, n }] = await pgRows<{ cuit: string; n: string }>(
    "SELECT cuit_responsable AS cuit, count(*) AS n FROM autorizaciones WHERE fecha BETWEEN $1 AND $2 GROUP BY 1 ORDER BY 2 DESC LIMIT 1",
    [month.desde, month.hasta],
  );
  const umbrales = { rapidaSegundos: 120, interrupcionSegundos: 900 };
  console.log(`\n2. Misma consulta lógica, en caliente (${RUNS} corridas, mediana; meta ≥ 20×)`);
  const ratios = [
    await compare({
      name: `Tiempos de auditoría, un año (${year.desde} a ${year.hasta})`,
      duck: () => withSnapshot((r) => auditoriaMetricas(r, { ...year, auditor: null }, umbrales)),
      pg: () => pgRows(PG_AUDIT, [year.desde, year.hasta, umbrales.rapidaSegundos, umbrales.interrupcionSegundos]),
      same: sameRows([
        "auditor",
        "cantidad_autorizaciones",
        "cantidad_con_tiempo",
        "segundos_total",
        "segundos_minimo",
        "segundos_maximo",
        "autorizacion_con_tiempo_min",
        "autorizacion_con_tiempo_max",
        "auditoria_dia_anterior",
        "cant_autorizaciones_rapidas",
        "interrupcion_maxima_seg",
        "interrupciones_largas",
        "total_interrupciones_largas_seg",
        "dias",
      ]),
    }),
    await compare({
      name: "Ranking de consumos, un año, 100 primeros",
      duck: () =>
        withSnapshot((r) => rankingConsumosPorEfector(r, { fecha_desde: year.desde, fecha_hasta: year.hasta })),
      pg: () => pgRows(PG_RANKING, [year.desde, year.hasta]),
      same: sameRows([
        "posicion",
        "codigo",
        "nommedefector",
        "cant_autorizaciones",
        "cant_practicas",
        "total_coseguro",
        "total_importe",
      ]),
    }),
    await compare({
      name: `Liquidación de un mes (${month.desde.slice(0, 7)}, ${Number(n).toLocaleString("es-AR")} filas)`,
      duck: () => withSnapshot((r) => liquidacionRows(r, { ...month, cuit })),
      pg: () => pgRows(PG_LIQ, [month.desde, month.hasta, cuit]),
      same: sameRows(["nroautorizacion", "fecha", "montoauthonorario", "hora", "anulado", "autoken"]),
    }),
  ];
  return ratios;
}

try {
  console.log(`bench:reporting — origen ${new URL(sourceUrl()!).host}, instantáneas en ${process.env.REPORTING_DIR}`);
  if (process.env.BENCH_ONLY !== "queries") await refreshBench();
  else await refreshSnapshot();
  if (process.env.BENCH_ONLY !== "refresh") await queriesBench();
} finally {
  closeAllReaders();
  await pool.end();
  fs.rmSync(process.env.REPORTING_DIR!, { recursive: true, force: true });
}

// bench:rosters — the pre-settlement (liquidación) measures of issue 15, on the runner's snapshot:
//  (a) the CSV of a year of the busiest responsable: the product's CSV body (DuckDB COPY into a temporary file,
//      streamed after the BOM and header: liquidacionCsvBody) drained to a sink, against Postgres
//      COPY (the same rows formatted the same way) TO STDOUT (FORMAT csv, DELIMITER ';') drained to a sink by
//      pg-copy-streams; medians; goal: ours ≥ 1.5× faster. (The route adds only the guard and the audit entry, which
//      would write into the bench database: left out.)
//  (b) the screen's wait: a month of the busiest responsable, count + the first 2 000 rows as the screen asks
//      (queryLiquidacion with the screen's limit) against the same two queries on Postgres; p95 of 25 runs each;
//      goal: p95 ≤ 150 ms and ≥ 1×.
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import copyStreams from "pg-copy-streams";
import { LIQUIDACION_FIELDS, LIQUIDACION_TEXT_FIELDS, openSnapshot, withSnapshot } from "~reporting/index";
import { liquidacionCsvBody, queryLiquidacion } from "~/modules/prestadores/liquidacion.server";
import { SCREEN_MAX_ROWS } from "~/modules/prestadores/liquidacion.schema";
import { pct } from "~scripts/bench/harness";
import type { BenchResult, RosterMeasure } from "~scripts/bench/rosters/types";

const CSV_RUNS = Number(process.env.BENCH_CSV_RUNS || 5);
const SCREEN_RUNS = Math.max(20, Number(process.env.BENCH_SCREEN_RUNS || 25));
const ADMIN = { id: 1, usuario: "admin", profile: { id: 1 } };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
const days = (iso: string, n: number) => new Date(Date.parse(iso) + n * 86_400_000).toISOString().slice(0, 10);

type Period = { desde: string; hasta: string };

/** The responsable with the most authorisations in the period, and how many. */
async function busiest(p: Period): Promise<{ cuit: string; n: number }> {
  const [row] = await withSnapshot((r) =>
    r.all<{ cuit: string; n: number }>(
      `SELECT cuit_responsable AS cuit, count(*)::INTEGER AS n FROM autorizaciones
        WHERE fecha BETWEEN CAST($1 AS DATE) AND CAST($2 AS DATE) AND cuit_responsable IS NOT NULL
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
      [p.desde, p.hasta],
    ),
  );
  return row;
}

/** Each field formatted in Postgres as the product's CSV formats it (dates, money, SI/NO, the formula guard). */
function pgCell(f: string): string {
  if (LIQUIDACION_TEXT_FIELDS.has(f))
    return `CASE WHEN left(${f}, 1) IN ('=', '+', '-', '@', E'\\t', E'\\r') THEN '''' || ${f} ELSE ${f} END`;
  if (f === "fecha") return "to_char(fecha, 'DD/MM/YYYY')";
  if (f === "montoauthonorario" || f === "montoautgasto") return `replace(${f}::text, '.', ',')`;
  if (f === "anulado") return "CASE WHEN anulado THEN 'SI' ELSE 'NO' END";
  return `${f}::text`;
}

const PG_WHERE = "FROM autorizaciones WHERE fecha BETWEEN $1::date AND $2::date AND cuit_responsable = $3";
const PG_ORDER = "ORDER BY fecha, hora NULLS LAST, nroautorizacion, id";

/** A sink that counts bytes. */
function counter(): { sink: Writable; bytes: () => number } {
  let n = 0;
  const sink = new Writable({
    write(chunk: Buffer, _e, cb) {
      n += chunk.length;
      cb();
    },
  });
  return { sink, bytes: () => n };
}

async function oursCsv(p: Period, cuit: string): Promise<{ ms: number; bytes: number }> {
  const t = performance.now();
  const snapshot = await openSnapshot();
  let body: ReadableStream<Uint8Array>;
  try {
    body = await liquidacionCsvBody(snapshot, { ...p, cuit });
  } finally {
    snapshot.release();
  }
  let bytes = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
  }
  return { ms: performance.now() - t, bytes };
}

async function plainCsv(client: pg.Client, p: Period, cuit: string): Promise<{ ms: number; bytes: number }> {
  // literals: COPY takes no bind parameters (the values come from the snapshot, not from a user)
  const lit = (v: string) => `'${v.replaceAll("'", "''")}'`;
  const select = `SELECT ${LIQUIDACION_FIELDS.map((f) => `${pgCell(f)} AS ${f}`).join(", ")}
    ${PG_WHERE.replace("$1", lit(p.desde)).replace("$2", lit(p.hasta)).replace("$3", lit(cuit))} ${PG_ORDER}`;
  const t = performance.now();
  const { sink, bytes } = counter();
  await pipeline(
    client.query(copyStreams.to(`COPY (${select}) TO STDOUT (FORMAT csv, DELIMITER ';', HEADER true)`)),
    sink,
  );
  return { ms: performance.now() - t, bytes: bytes() };
}

async function p95(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await fn(); // warm
  const times: number[] = [];
  for (let i = 0; i < SCREEN_RUNS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95) };
}

export const measure: RosterMeasure = async (ctx) => {
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  try {
    await client.query("SET default_transaction_read_only = on");
    const [{ hasta }] = await withSnapshot((r) =>
      r.all<{ hasta: string }>("SELECT max(fecha)::VARCHAR AS hasta FROM autorizaciones"),
    );
    const results: BenchResult[] = [];

    // (a) the CSV of a year
    const year = { desde: days(hasta, -364), hasta };
    const y = await busiest(year);
    ctx.log(`CSV: ${y.cuit}, ${year.desde} a ${year.hasta}, ${y.n.toLocaleString("es-AR")} filas`);
    await oursCsv(year, y.cuit); // warm both sides once
    await plainCsv(client, year, y.cuit);
    const ours: number[] = [];
    const plain: number[] = [];
    let sizes = "";
    for (let i = 0; i < CSV_RUNS; i++) {
      const o = await oursCsv(year, y.cuit);
      const q = await plainCsv(client, year, y.cuit);
      ours.push(o.ms);
      plain.push(q.ms);
      sizes = `${(o.bytes / 1e6).toFixed(1)} MB contra ${(q.bytes / 1e6).toFixed(1)} MB`;
    }
    const csvRatio = median(plain) / median(ours);
    ctx.log(`CSV: nuestro ${ours.map(fmt).join(" ")} | Postgres ${plain.map(fmt).join(" ")} | ${sizes}`);
    results.push({
      measure: `liquidación CSV, a year of the busiest responsable (${y.n.toLocaleString("es-AR")} rows)`,
      ours: fmt(median(ours)),
      plain: fmt(median(plain)),
      ratio: csvRatio,
      goal: "≥ 1.5× faster",
      met: csvRatio >= 1.5,
    });

    // (b) the screen: the last whole month
    const monthEnd = days(`${hasta.slice(0, 8)}01`, -1);
    const month = { desde: `${monthEnd.slice(0, 8)}01`, hasta: monthEnd };
    const m = await busiest(month);
    ctx.log(`pantalla: ${m.cuit}, ${month.desde} a ${month.hasta}, ${m.n.toLocaleString("es-AR")} filas`);
    const q = { fecha_desde: month.desde, fecha_hasta: month.hasta, responsable: m.cuit, exportExcel: false };
    const fields = LIQUIDACION_FIELDS.join(", ");
    const args = [month.desde, month.hasta, m.cuit];
    const o = await p95(async () => {
      const r = await queryLiquidacion(ADMIN, q, { limit: SCREEN_MAX_ROWS });
      if (!r.ok || r.total !== m.n)
        throw new Error(`pantalla: respuesta inesperada ${JSON.stringify(r).slice(0, 200)}`);
    });
    const p = await p95(async () => {
      await client.query(`SELECT count(*)::int AS n ${PG_WHERE}`, args);
      await client.query(`SELECT ${fields} ${PG_WHERE} ${PG_ORDER} LIMIT ${SCREEN_MAX_ROWS}`, args);
    });
    const screenRatio = p.p95 / o.p95;
    ctx.log(`pantalla: nuestro p50 ${fmt(o.p50)} p95 ${fmt(o.p95)} | Postgres p50 ${fmt(p.p50)} p95 ${fmt(p.p95)}`);
    results.push({
      measure: `liquidación screen, a month of the busiest responsable (${m.n.toLocaleString("es-AR")} rows, first ${SCREEN_MAX_ROWS.toLocaleString("es-AR")})`,
      ours: `p95 ${fmt(o.p95)}`,
      plain: `p95 ${fmt(p.p95)}`,
      ratio: screenRatio,
      goal: "p95 ≤ 150 ms, ≥ 1×",
      met: o.p95 <= 150 && screenRatio >= 1,
    });
    return results;
  } finally {
    await client.end();
  }
};

// npm run bench:members — on the bench scale and a real Postgres (DATABASE_URL):
//  1. member name search with 16 concurrent clients: the product's searchPadron() against the plain approach of
//     ../shared/ANCHORS.md (norm LIKE '%frag%' + GIN trigram, order by similarity, limit 50), same queries;
//  2. XLSX export of 100 000 authorisations through the product's export path (streamAutorizaciones → exceljs).
// Prints medians/percentiles and ratios. Bounded: a fixed number of queries and rows; no timed assertions.
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { getDb, getDriver, closeDb } from "~db/client.server";
import { searchPadron } from "~/modules/afiliados/padron.server";
import { streamAutorizaciones } from "~/modules/afiliados/autorizaciones.server";
import { AUTH_EXCEL_COLUMNS, AUTH_SHEET } from "~/modules/afiliados/autorizaciones-excel.server";
import { writeXlsx } from "~reporting/render/excel";
import { todayISO } from "~/lib/dates";

const CLIENTS = 16;
const QUERIES = Number(process.env.BENCH_QUERIES || 3000);
const EXPORT_ROWS = 100_000;

if (!process.env.DATABASE_URL) {
  console.error(
    "bench:members necesita DATABASE_URL (PostgreSQL con la escala bench: npm run db:seed -- --scale bench).",
  );
  process.exit(2);
}
process.env.DATABASE_POOL_MAX ??= String(CLIENTS);

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function load(name: string, queries: string[], run: (q: string) => Promise<unknown>) {
  for (const q of queries.slice(0, 50)) await run(q); // warm up
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < queries.length) {
        const q = queries[next++];
        const t = performance.now();
        await run(q);
        times.push(performance.now() - t);
      }
    }),
  );
  const secs = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const r = { name, n: times.length, qps: times.length / secs, p50: pct(times, 50), p95: pct(times, 95) };
  console.log(
    `  ${name.padEnd(34)} ${r.n} consultas  ${r.qps.toFixed(0).padStart(5)} q/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms`,
  );
  return r;
}

async function nameSearch() {
  const db = await getDb();
  const rowsOf = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
  const [{ n }] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from afiliados`);
  if (n < 100_000) throw new Error(`Hay ${n} afiliados: cargue la escala bench primero.`);
  const sample = await rowsOf<{ s: string }>(
    sql`select apeynom_norm as s from afiliados where idafi % 2500 = 0 order by idafi`,
  );
  const queries: string[] = [];
  while (queries.length < QUERIES) {
    for (const { s } of sample) {
      const [surname, given = ""] = s.split(" ");
      queries.push(surname, surname.slice(0, 4), `${surname} ${given}`.trim());
    }
  }
  queries.length = QUERIES;
  console.log(`Búsqueda por nombre: ${n} afiliados, ${CLIENTS} clientes concurrentes, ${QUERIES} consultas`);
  const plain = await load("simple: LIKE '%frag%' + similarity", queries, (q) =>
    db.execute(
      sql`select idafi, apeynom from afiliados where apeynom_norm like ${"%" + q + "%"} order by similarity(apeynom_norm, ${q}) desc limit 50`,
    ),
  );
  const product = await load("producto: searchPadron()", queries, (q) => searchPadron("nombre", q));
  console.log(
    `  p95: ${product.p95.toFixed(1)} ms (objetivo ≤ 30 ms)  mejora p95 ×${(plain.p95 / product.p95).toFixed(1)}, p50 ×${(plain.p50 / product.p50).toFixed(1)}, q/s ×${(product.qps / plain.qps).toFixed(1)}`,
  );
}

async function excelExport() {
  const desde = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  async function* first100k() {
    let i = 0;
    for await (const row of streamAutorizaciones({
      consultaGlobal: true,
      fecha_desde: desde,
      fecha_hasta: todayISO(),
    })) {
      yield row;
      if (++i >= EXPORT_ROWS) return;
    }
  }
  let bytes = 0;
  const sink = new Writable({
    write(chunk, _enc, cb) {
      bytes += chunk.length;
      cb();
    },
  });
  const startRss = process.memoryUsage().rss;
  let peak = startRss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const t = performance.now();
  const rows = await writeXlsx(sink, AUTH_SHEET, AUTH_EXCEL_COLUMNS, first100k());
  const secs = (performance.now() - t) / 1000;
  clearInterval(sampler);
  const rate = rows / secs;
  console.log(`Exportación XLSX de autorizaciones (${AUTH_EXCEL_COLUMNS.length} columnas):`);
  console.log(
    `  ${rows} filas en ${secs.toFixed(2)} s = ${Math.round(rate)} filas/s, ${(bytes / 1e6).toFixed(1)} MB, RSS máx ${(peak / 1e6).toFixed(0)} MB (${(startRss / 1e6).toFixed(0)} MB al empezar: Node, tsx y los módulos)`,
  );
  console.log(
    `  frente a la referencia de ANCHORS.md (exceljs streaming, 11 500 filas/s, 174 MB): ×${(rate / 11_500).toFixed(2)} (objetivo ≥ 60 000 filas/s y ≤ 300 MB)`,
  );
}

const driver = await getDriver();
if (driver.kind !== "pg") throw new Error("bench:members corre sobre PostgreSQL");
const only = process.env.BENCH_ONLY; // 'search' | 'export' to run one part
if (only !== "export") await nameSearch();
if (only !== "search") await excelExport();
await closeDb();

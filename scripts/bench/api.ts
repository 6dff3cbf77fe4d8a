// npm run bench:api — issue 16's goal table over HTTP (docs/benchmarks.md, "Issue 16"). It needs a bench-scale
// PostgreSQL in DATABASE_URL (only read, besides the two sessions its logins create and the member-view audit entries
// the detail call writes, as the app always does), builds when there is no build, starts the PRODUCTION server
// (server/start.ts) as a child on a free port, signs admin in (API token + browser cookie), samples DNIs, member ids
// and surnames from the database, then per run: each call of the goal table with 16 closed-loop clients (one for the
// single-client line) for BENCH_SECONDS after a 2 s warm-up (scripts/bench/api/driver.ts), and the DB-alone ceiling
// of a DNI lookup with pgbench (scripts/bench/api/ceiling.ts). BENCH_RUNS runs (default 3) on the same server; one
// table per run and a final line. Figures only: exit 0; 1 only when the server cannot start or something crashes.
// Instead, head to head (scripts/bench/api/compare.ts): BENCH_COMPARE_ADAPTER=1, our Express → Remix adapter against
// @remix-run/express's in the one server process; BENCH_COMPARE_SERVER=1, the built server against its TypeScript
// source (tsx). BENCH_SERVER=tsx: the whole bench on the server run from its source.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { tokenHash } from "~/auth/tokens.server";
import { CLIENTS } from "~scripts/bench/harness";
import { pgbenchScripts, runPgbench, type Ceiling } from "~scripts/bench/api/ceiling";
import { compareMetrics } from "~scripts/bench/api/compare-metrics";
import { compareSides, comparison } from "~scripts/bench/api/compare";
import { drive } from "~scripts/bench/api/driver";
import { callsTable, ceilingLines, finalLine, summary, type CallResult, type Goal } from "~scripts/bench/api/report";
import { MIN_MEMBERS, sampleBench, type Sample } from "~scripts/bench/api/sample";
import {
  buildIfMissing,
  login,
  requestLines,
  rssMb,
  startApp,
  type AppServer,
  type Credentials,
} from "~scripts/bench/api/server";

const USAGE =
  "Uso: DATABASE_URL=postgres://…/bench [BENCH_SECONDS=10] [BENCH_RUNS=3] [WEB_CONCURRENCY=N] [BENCH_COMPARE=metrics] npm run bench:api  (un PostgreSQL con la escala bench, solo lectura)";

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`${name} debe ser un entero positivo (es '${raw}').\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(USAGE);
  process.exit(2);
}
const SECONDS = positiveInt("BENCH_SECONDS", 10);
const RUNS = positiveInt("BENCH_RUNS", 3);
const WARMUP_MS = 2000;

type Call = { name: string; goal: Goal; clients: number; path: (i: number) => string; headers: Record<string, string> };

function calls(s: Sample, c: Credentials): Call[] {
  const at = <T>(list: readonly T[], i: number) => list[i % list.length];
  const api = { "x-auth-token": c.token };
  const browser = {
    cookie: c.cookie,
    accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "accept-encoding": "gzip",
  };
  const dni = (i: number) => `/api/afiliado/?targetField=dni&dni=${at(s.dnis, i)}`;
  return [
    { name: "búsqueda por DNI", goal: { perSec: 1500, p95: 30 }, clients: CLIENTS, path: dni, headers: api },
    {
      name: "búsqueda por nombre",
      goal: { perSec: 500, p95: 50 },
      clients: CLIENTS,
      path: (i) => `/api/afiliado/?targetField=nombre&nombre=${encodeURIComponent(at(s.names, i))}`,
      headers: api,
    },
    {
      name: "detalle (buscarporidafi)",
      goal: { perSec: 300, p95: 80 },
      clients: CLIENTS,
      path: (i) => `/api/afiliado/buscarporidafi/${at(s.idafis, i)}`,
      headers: api,
    },
    {
      // the screen's own URL (its GET form sends metodo=…, not the API's targetField)
      name: "documento de /consultar-padron",
      goal: { perSec: 300, p95: 80 },
      clients: CLIENTS,
      path: (i) => `/consultar-padron?metodo=dni&dni=${at(s.dnis, i)}`,
      headers: browser,
    },
    { name: "un cliente, búsqueda por DNI", goal: { p50: 3 }, clients: 1, path: dni, headers: api },
  ];
}

const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-bench-api-pgbench-"));
let sent = 2; // the two logins
let app: AppServer | undefined;

/** One request of each call before measuring: what it answers (a 200 with nothing in it would measure nothing). */
async function check(sample: Sample, creds: Credentials): Promise<void> {
  console.log("Comprobación (un pedido de cada llamada):");
  for (const call of calls(sample, creds).slice(0, 4)) {
    sent++;
    const res = await fetch(`${app!.origin}${call.path(0)}`, { headers: call.headers });
    const text = await res.text();
    let what = `${text.length} caracteres`;
    if (res.headers.get("content-type")?.includes("json")) {
      const body = JSON.parse(text) as { resultado?: unknown[]; afiliado?: { apeynom?: string } };
      what = body.resultado ? `${body.resultado.length} fila(s)` : `afiliado ${body.afiliado?.apeynom ?? "—"}`;
    } else what += `, el DNI ${text.includes(sample.dnis[0]) ? "está" : "NO está"} en la página`;
    const encoding = res.headers.get("content-encoding") ?? "sin comprimir";
    console.log(`  ${call.name}: ${res.status}, ${what}, ${encoding}`);
  }
}

async function measure(run: number, sample: Sample, creds: Credentials): Promise<CallResult[]> {
  console.log(`\nCorrida ${run} de ${RUNS}`);
  const offset = (run - 1) * 997; // each run starts elsewhere in the sample
  const results: CallResult[] = [];
  let dniAlone: CallResult | undefined;
  for (const call of calls(sample, creds)) {
    const result = await drive({
      origin: app!.origin,
      clients: call.clients,
      durationMs: SECONDS * 1000,
      warmupMs: WARMUP_MS,
      headers: call.headers,
      path: (i) => {
        sent++;
        return call.path(offset + i);
      },
    });
    // a server that ended mid-call (a signal from elsewhere: it says "SIGTERM: cerrando…") measured nothing
    const ended = app!.ended();
    if (ended) throw new Error(`el servidor terminó durante "${call.name}" (${ended})`);
    const r: CallResult = { name: call.name, goal: call.goal, result };
    console.log(`  ${call.name}: ${result.perSec.toFixed(0)} req/s, p95 ${result.p95.toFixed(1)} ms`);
    results.push(r);
    dniAlone ??= r;
  }
  const { lookup, searchOnly, variables } = pgbenchScripts(tokenHash(creds.token), sample.dnis);
  const pg = { databaseUrl: databaseUrl!, seconds: SECONDS, clients: CLIENTS, tmpDir };
  const ceilings: Ceiling[] = [
    await runPgbench("sesión + búsqueda por DNI (lo que la app envía)", lookup, variables, pg),
    await runPgbench("búsqueda por DNI sola", searchOnly, variables, pg),
  ];
  console.log(`\n${callsTable(results)}\n`);
  console.log(`Techo de la base sola (pgbench, ${CLIENTS} clientes, -j 2, -M prepared, ${SECONDS} s):`);
  for (const line of ceilingLines(ceilings, dniAlone?.result)) console.log(line);
  console.log(summary(results));
  return results;
}

async function main(): Promise<number> {
  const sample = await sampleBench(databaseUrl!);
  if (sample.members < MIN_MEMBERS) {
    console.error(`Hay ${sample.members} afiliados: bench:api necesita la escala bench (≥ ${MIN_MEMBERS}).\n${USAGE}`);
    return 2;
  }
  buildIfMissing();
  if (process.env.BENCH_COMPARE === "metrics") return compareMetrics(sample, { seconds: SECONDS, rounds: RUNS });
  const compare = await comparison(databaseUrl!);
  try {
    app = await startApp(databaseUrl!, compare?.env);
  } catch (e) {
    console.error(`No se pudo arrancar el servidor: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
  const concurrency = process.env.WEB_CONCURRENCY ? `, WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY}` : "";
  console.log(
    `bench:api — ${app.origin} (producción${concurrency}) sobre ${new URL(databaseUrl!).host}${new URL(databaseUrl!).pathname}: ` +
      `${sample.members} afiliados; muestra de ${sample.dnis.length} DNI, ${sample.idafis.length} idafi, ${sample.names.length} apellidos y prefijos; ` +
      `${CLIENTS} clientes, ${WARMUP_MS / 1000} s de calentamiento + ${SECONDS} s por llamada, ${RUNS} corrida(s)`,
  );
  const runs: CallResult[][] = [];
  try {
    const creds = await login(app.origin, "admin", "admin");
    await check(sample, creds);
    if (compare) {
      const multi = calls(sample, creds).filter((c) => c.clients > 1);
      const count = (origin: string) => void ((compare.oneLog || origin === app!.origin) && sent++);
      const opts = { seconds: SECONDS, warmupMs: WARMUP_MS, rounds: RUNS, onRequest: count };
      await compareSides(compare.title, await compare.sides(app), multi, opts).finally(compare.stop);
      return 0;
    }
    for (let run = 1; run <= RUNS; run++) runs.push(await measure(run, sample, creds));
    console.log(`\n${finalLine(runs)}`);
    return 0;
  } catch (e) {
    console.error(`bench:api falló: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return 1;
  } finally {
    console.log(`RSS del servidor (proceso ${app.pid}) al terminar: ${rssMb(app.pid).toFixed(0)} MB`);
    await app.stop();
    const { requests, withQuery } = requestLines(app.log());
    console.log(
      `Registro del servidor: ${app.logFile} — ${app.log().split("\n").filter(Boolean).length} líneas, ` +
        `${requests} de pedidos para ${sent} pedidos enviados (uno por pedido${requests === sent ? "" : ": NO coincide"}), ` +
        `${withQuery} con cadena de consulta`,
    );
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void (app?.stop() ?? Promise.resolve()).then(() => process.exit(130));
  });
}

let code = 1;
try {
  code = await main();
} catch (e) {
  console.error(`bench:api falló: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
} finally {
  fs.rmSync(tmpDir, { recursive: true, force: true });
}
process.exit(code);

// BENCH_COMPARE=metrics npm run bench:api — what the Prometheus metrics cost (issue 36, ADR 064; docs/benchmarks.md
// "Issue 36 — metrics"): two production servers on the same bench-scale database, one with METRICS=1 (the default:
// /metrics and the per-request counting) and one with METRICS=0, driven in turn — rounds alternate which goes first —
// on the DNI lookup (API) and the screen's document (/consultar-padron, a page), 16 clients each. Prints each round,
// then per call the median req/s of each side and the cost (1 − on/off; the goal is ≤ 3 %). Figures only.
import { CLIENTS } from "~scripts/bench/harness";
import { drive, type LoadResult } from "~scripts/bench/api/driver";
import type { Sample } from "~scripts/bench/api/sample";
import { login, startApp, type AppServer, type Credentials } from "~scripts/bench/api/server";

type Side = { name: "METRICS=1" | "METRICS=0"; app: AppServer };
type Call = { name: string; path: (dni: string) => string; headers: (c: Credentials) => Record<string, string> };

const CALLS: Call[] = [
  {
    name: "búsqueda por DNI",
    path: (dni) => `/api/afiliado/?targetField=dni&dni=${dni}`,
    headers: (c) => ({ "x-auth-token": c.token }),
  },
  {
    name: "documento de /consultar-padron",
    path: (dni) => `/consultar-padron?metodo=dni&dni=${dni}`,
    headers: (c) => ({ cookie: c.cookie, accept: "text/html", "accept-encoding": "gzip" }),
  },
];

/** Starts the server with METRICS set to `value` (the child takes process.env as it is at that moment). */
async function start(value: "1" | "0"): Promise<AppServer> {
  const before = process.env.METRICS;
  process.env.METRICS = value;
  try {
    return await startApp(process.env.DATABASE_URL!);
  } finally {
    if (before === undefined) delete process.env.METRICS;
    else process.env.METRICS = before;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function round(r: number, sides: Side[], sample: Sample, creds: Credentials, seconds: number) {
  const out = new Map<string, LoadResult>();
  const order = r % 2 === 1 ? sides : [...sides].reverse();
  for (const call of CALLS) {
    for (const side of order) {
      const offset = r * 997;
      const result = await drive({
        origin: side.app.origin,
        clients: CLIENTS,
        durationMs: seconds * 1000,
        warmupMs: 2000,
        headers: call.headers(creds),
        path: (i) => call.path(sample.dnis[(offset + i) % sample.dnis.length]),
      });
      const ended = side.app.ended();
      if (ended) throw new Error(`el servidor ${side.name} terminó (${ended})`);
      console.log(
        `  ronda ${r}, ${call.name}, ${side.name}: ${result.perSec.toFixed(0)} req/s, p95 ${result.p95.toFixed(1)} ms` +
          (result.errors ? `, ${result.errors} errores` : ""),
      );
      out.set(`${call.name}|${side.name}`, result);
    }
  }
  return out;
}

/** Runs the comparison; returns the exit code (0 figures printed, 1 a server could not start or a run crashed). */
export async function compareMetrics(sample: Sample, opts: { seconds: number; rounds: number }): Promise<number> {
  const sides: Side[] = [];
  try {
    sides.push({ name: "METRICS=1", app: await start("1") });
    sides.push({ name: "METRICS=0", app: await start("0") });
    const creds = await login(sides[0].app.origin, "admin", "admin"); // sessions live in the shared database
    console.log(
      `bench:api, costo de las métricas: ${sample.members} afiliados, ${CLIENTS} clientes, ${opts.seconds} s por ` +
        `llamada y lado, ${opts.rounds} rondas alternando el orden`,
    );
    const rounds = [];
    for (let r = 1; r <= opts.rounds; r++) rounds.push(await round(r, sides, sample, creds, opts.seconds));
    for (const call of CALLS) {
      const on = median(rounds.map((m) => m.get(`${call.name}|METRICS=1`)!.perSec));
      const off = median(rounds.map((m) => m.get(`${call.name}|METRICS=0`)!.perSec));
      const cost = (1 - on / off) * 100;
      console.log(
        `${call.name}: METRICS=1 ${on.toFixed(0)} req/s, METRICS=0 ${off.toFixed(0)} req/s (medianas): costo ` +
          `${cost.toFixed(1)} % (objetivo ≤ 3 %: ${cost <= 3 ? "cumplido" : "NO cumplido"})`,
      );
    }
    const scrape = await fetch(`${sides[0].app.origin}/metrics`);
    const off = await fetch(`${sides[1].app.origin}/metrics`);
    console.log(
      `/metrics: ${scrape.status} con METRICS=1 (${(await scrape.text()).length} bytes), ${off.status} con METRICS=0`,
    );
    return 0;
  } catch (e) {
    console.error(`bench:api (métricas) falló: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return 1;
  } finally {
    await Promise.all(sides.map((s) => s.app.stop()));
  }
}

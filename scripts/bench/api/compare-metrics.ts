// BENCH_COMPARE=metrics npm run bench:api — what the Prometheus metrics cost (issue 36, ADR 064; docs/benchmarks.md
// "Issue 36 — metrics"): two production servers on the same bench-scale database, one with METRICS=1 (the default:
// /metrics and the per-request counting) and one with METRICS=0, driven in turn — rounds alternate which goes first —
// on the DNI lookup (API) and the screen's document (/consultar-padron, a page), 16 clients each. Prints each round,
// then per call the median req/s of each side and the cost (1 − on/off; the goal is ≤ 3 %), and the server's CPU per
// request on each side (from /proc; it hardly moves with the rest of the machine's load, req/s does). Figures only.
import fs from "node:fs";
import { CLIENTS } from "~scripts/bench/harness";
import { drive, type LoadResult } from "~scripts/bench/api/driver";
import { countingMicros } from "~scripts/bench/api/metrics-micro";
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

/**
 * The CPU the server process has used so far, in ms (Linux's /proc: utime + stime, in clock ticks of 10 ms); null
 * elsewhere. CPU per request hardly depends on what else runs on the machine, unlike req/s.
 */
function cpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10; // fields 14 and 15 of stat(5), counted after the name
  } catch {
    return null;
  }
}

type Measured = LoadResult & { cpuPerRequest: number | null };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function round(r: number, sides: Side[], sample: Sample, creds: Credentials, seconds: number) {
  const out = new Map<string, Measured>();
  const order = r % 2 === 1 ? sides : [...sides].reverse();
  for (const call of CALLS) {
    for (const side of order) {
      const offset = r * 997;
      let sent = 0;
      const cpuBefore = cpuMs(side.app.pid);
      const load = await drive({
        origin: side.app.origin,
        clients: CLIENTS,
        durationMs: seconds * 1000,
        warmupMs: 2000,
        headers: call.headers(creds),
        path: (i) => {
          sent++;
          return call.path(sample.dnis[(offset + i) % sample.dnis.length]);
        },
      });
      const cpuAfter = cpuMs(side.app.pid);
      const ended = side.app.ended();
      if (ended) throw new Error(`el servidor ${side.name} terminó (${ended})`);
      // every request sent (the warm-up's too) over the CPU the server used meanwhile
      const cpuPerRequest = cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / sent : null;
      const result: Measured = { ...load, cpuPerRequest };
      console.log(
        `  ronda ${r}, ${call.name}, ${side.name}: ${load.perSec.toFixed(0)} req/s, p95 ${load.p95.toFixed(1)} ms` +
          (cpuPerRequest === null ? "" : `, ${cpuPerRequest.toFixed(2)} ms de CPU por pedido`) +
          (load.errors ? `, ${load.errors} errores` : ""),
      );
      out.set(`${call.name}|${side.name}`, result);
    }
  }
  return out;
}

/** One call's medians over the rounds: req/s and CPU per request of each side, and what the metrics cost. */
function verdict(call: string, rounds: Map<string, Measured>[]): string {
  const of = (side: Side["name"], pick: (m: Measured) => number | null) =>
    median(rounds.map((m) => pick(m.get(`${call}|${side}`)!) ?? NaN));
  const [on, off] = [of("METRICS=1", (m) => m.perSec), of("METRICS=0", (m) => m.perSec)];
  const [cpuOn, cpuOff] = [of("METRICS=1", (m) => m.cpuPerRequest), of("METRICS=0", (m) => m.cpuPerRequest)];
  const cost = (1 - on / off) * 100;
  const cpuCost = (cpuOn / cpuOff - 1) * 100;
  return (
    `${call} (medianas): METRICS=1 ${on.toFixed(0)} req/s, METRICS=0 ${off.toFixed(0)} req/s: costo ${cost.toFixed(1)} % ` +
    `(objetivo ≤ 3 %: ${cost <= 3 ? "cumplido" : "NO cumplido"}); CPU por pedido ${cpuOn.toFixed(2)} ms contra ` +
    `${cpuOff.toFixed(2)} ms: ${cpuCost >= 0 ? "+" : ""}${cpuCost.toFixed(1)} %`
  );
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
    for (const call of CALLS) console.log(verdict(call.name, rounds));
    const perRequestUs = countingMicros();
    const cpuOff = median(rounds.map((m) => m.get(`${CALLS[0].name}|METRICS=0`)!.cpuPerRequest ?? NaN)) * 1000;
    const started = performance.now();
    const scrape = await fetch(`${sides[0].app.origin}/metrics`);
    const scrapeText = await scrape.text();
    const scrapeMs = performance.now() - started;
    const off = await fetch(`${sides[1].app.origin}/metrics`);
    console.log(
      `el conteo solo (en este proceso): ${perRequestUs.toFixed(2)} µs por pedido = ` +
        `${((perRequestUs / cpuOff) * 100).toFixed(2)} % de los ${(cpuOff / 1000).toFixed(2)} ms de CPU por ` +
        `${CALLS[0].name} sin métricas`,
    );
    console.log(
      `/metrics: ${scrape.status} con METRICS=1 (${scrapeText.length} bytes en ${scrapeMs.toFixed(0)} ms), ` +
        `${off.status} con METRICS=0`,
    );
    return 0;
  } catch (e) {
    console.error(`bench:api (métricas) falló: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return 1;
  } finally {
    await Promise.all(sides.map((s) => s.app.stop()));
  }
}

// The load driver of bench:api: N closed-loop HTTP clients, each on its own keep-alive connection (an undici
// Client), sending its next request as soon as the previous answer has been read in full. Latency is measured per
// request with performance.now() (microsecond resolution), so p50/p95 are exact percentiles, not histogram buckets.
import { Client } from "undici";
import { pct } from "~scripts/bench/harness";

export type Load = {
  origin: string;
  clients: number;
  /** How long to measure (after `warmupMs`, whose requests are not counted). */
  durationMs: number;
  warmupMs?: number;
  /** The path (with query string) of the i-th request. */
  path: (i: number) => string;
  headers?: Record<string, string>;
  /** An answer counts as an error unless this holds (default: status 200). */
  ok?: (status: number) => boolean;
};

export type LoadResult = {
  n: number;
  perSec: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** The status codes of the failed answers, e.g. { 500: 3 }. */
  statuses: Record<number, number>;
};

export async function drive(load: Load): Promise<LoadResult> {
  const ok = load.ok ?? ((s: number) => s === 200);
  const clients = Array.from(
    { length: load.clients },
    () => new Client(load.origin, { pipelining: 1, keepAliveTimeout: 60_000 }),
  );
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let i = 0;
  let measuring = false;
  let stop = false;
  const warmup = load.warmupMs ?? 0;
  let started = 0;

  async function loop(client: Client) {
    while (!stop) {
      const t = performance.now();
      let status = 0;
      try {
        const res = await client.request({ method: "GET", path: load.path(i++), headers: load.headers });
        status = res.statusCode;
        await res.body.dump({ limit: Infinity });
      } catch {
        status = 0;
      }
      if (!measuring) continue;
      times.push(performance.now() - t);
      if (!ok(status)) {
        errors++;
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }
  }

  const running = clients.map(loop);
  await new Promise((r) => setTimeout(r, warmup));
  measuring = true;
  started = performance.now();
  await new Promise((r) => setTimeout(r, load.durationMs));
  measuring = false;
  const secs = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(running);
  await Promise.all(clients.map((c) => c.close()));
  times.sort((a, b) => a - b);
  return {
    n: times.length,
    perSec: times.length / secs,
    p50: pct(times, 50),
    p95: pct(times, 95),
    p99: pct(times, 99),
    errors,
    statuses,
  };
}

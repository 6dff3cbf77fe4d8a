// Shared pieces of the bench:* scripts that drive the product's route handlers in-process: percentiles, the closed-
// loop load of N concurrent clients (p50/p95, rate, errors), an API request with a token, and a handler's answer as
// Remix would give it. Figures only; no timed assertions anywhere.
import { requestContext } from "~/lib/request-context.server";

/** Concurrent clients of every bench (the 16). */
export const CLIENTS = 16;
export const BENCH_CONTEXT = { address: "127.0.0.1", userAgent: "bench", userId: null };

export const log = (line: string) => console.log(line);

/** The p-th percentile of ascending `sorted`. */
export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export type Stat = { name: string; n: number; perSec: number; p50: number; p95: number; errors: number };

/** Runs `count` jobs over `clients` concurrent clients; a job returns false for an error. Prints one line. */
export async function load(
  name: string,
  count: number,
  job: (i: number) => Promise<boolean>,
  unit = "q/s",
  clients = CLIENTS,
): Promise<Stat> {
  const times: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        if (!(await job(i))) errors++;
        times.push(performance.now() - t);
      }
    }),
  );
  const secs = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const s = { name, n: times.length, perSec: times.length / secs, p50: pct(times, 50), p95: pct(times, 95), errors };
  log(
    `  ${name.padEnd(52)} ${String(s.n).padStart(5)}  ${s.perSec.toFixed(0).padStart(5)} ${unit}  p50 ${s.p50.toFixed(1).padStart(6)} ms  p95 ${s.p95.toFixed(1).padStart(6)} ms  errores ${errors}`,
  );
  return s;
}

/** A request to the app with the API token (JSON). */
export const api = (token: string, path: string, init: RequestInit = {}) =>
  new Request(`http://localhost${path}`, {
    ...init,
    headers: { "x-auth-token": token, "content-type": "application/json" },
  });

/** A route handler's answer as Remix would give it (a thrown Response is the answer too). */
export async function run(handler: (args: never) => unknown, request: Request): Promise<Response> {
  try {
    return (await requestContext.run(BENCH_CONTEXT, () =>
      (handler as (a: unknown) => Promise<Response>)({ request, params: {}, context: {} }),
    )) as Response;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

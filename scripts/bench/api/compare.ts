// bench:api's head-to-head comparisons (issue 36 §1): two servers, or two ways into one, driven in turn with the same
// calls, BENCH_RUNS rounds, the order flipping every round so neither always goes first (a warmer cache, a machine
// busier at one moment); per call and side: req/s over all rounds, the median of the rounds' p95, and the ratios.
// - BENCH_COMPARE_ADAPTER=1 (ADR 024): the server starts with BENCH_OFFICIAL_ADAPTER_PORT (server/official-adapter.ts):
//   ONE process, one build, one database, one set of middlewares; our adapter (server/remix-handler.ts) answers on the
//   server's port, @remix-run/express's createRequestHandler on the second.
// - BENCH_COMPARE_SERVER=1 (ADR 062): beside the built server, the same server from its TypeScript source through tsx
//   (what `npm start` ran before), on the same database, both started before the first measure.
// Figures only.
import { freePort, startApp, type AppServer } from "~scripts/bench/api/server";
import { drive, type LoadResult } from "~scripts/bench/api/driver";
import { table } from "~scripts/bench/api/report";

export type ComparedCall = {
  name: string;
  clients: number;
  path: (i: number) => string;
  headers: Record<string, string>;
};
export type Round = { call: string; side: string; result: LoadResult; seconds: number };
/** `onRequest(origin)` counts each request sent (bench:api checks its server's log against it). */
type Options = { seconds: number; warmupMs: number; rounds: number; onRequest: (origin: string) => void };

/** A comparison asked for: what the server starts with, then the two sides (first = the reference) once it runs. */
export type Comparison = {
  title: string;
  env: Record<string, string>;
  /** Whether both sides write to the server's one request log (bench:api checks its lines against the requests). */
  oneLog: boolean;
  sides: (app: AppServer) => Promise<[string, string][]>;
  stop: () => Promise<void>;
};

/** The comparison BENCH_COMPARE_ADAPTER=1 or BENCH_COMPARE_SERVER=1 asks for, or null. */
export async function comparison(databaseUrl: string): Promise<Comparison | null> {
  if (process.env.BENCH_COMPARE_ADAPTER === "1") {
    const port = await freePort();
    return {
      title: "Adaptadores, frente a frente en el mismo proceso",
      env: { BENCH_OFFICIAL_ADAPTER_PORT: String(port) },
      oneLog: true,
      sides: async (app) => [
        ["nuestro", app.origin],
        ["oficial", `http://127.0.0.1:${port}`],
      ],
      stop: async () => undefined,
    };
  }
  if (process.env.BENCH_COMPARE_SERVER === "1") {
    let source: AppServer | undefined;
    return {
      title: "Servidor compilado frente al mismo desde su fuente TypeScript (tsx), sobre la misma base",
      env: {},
      oneLog: false,
      sides: async (app) => {
        source = await startApp(databaseUrl, {}, ["--import", "tsx", "server/start.ts"]);
        return [
          ["build", app.origin],
          ["tsx", source.origin],
        ];
      },
      stop: async () => source?.stop(),
    };
  }
  return null;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** One row per call: each side's req/s (all its requests over all its seconds) and median p95, and the ratios. */
export function comparisonRows(rounds: Round[], [first, second]: [string, string]): string[][] {
  const calls = [...new Set(rounds.map((r) => r.call))];
  return calls.map((call) => {
    const of = (side: string) => {
      const mine = rounds.filter((r) => r.call === call && r.side === side);
      const n = mine.reduce((sum, r) => sum + r.result.n, 0);
      const seconds = mine.reduce((sum, r) => sum + r.seconds, 0);
      const errors = mine.reduce((sum, r) => sum + r.result.errors, 0);
      return { perSec: n / seconds, p95: median(mine.map((r) => r.result.p95)), errors };
    };
    const a = of(first);
    const b = of(second);
    return [
      call,
      a.perSec.toFixed(0),
      b.perSec.toFixed(0),
      (b.perSec / a.perSec).toFixed(3),
      a.p95.toFixed(1),
      b.p95.toFixed(1),
      (b.p95 / a.p95).toFixed(3),
      `${a.errors}/${b.errors}`,
    ];
  });
}

export function comparisonTable(rounds: Round[], [first, second]: [string, string]): string {
  return table(
    [
      "llamada",
      `req/s ${first}`,
      `req/s ${second}`,
      `${second}/${first}`,
      `p95 ${first} (ms)`,
      `p95 ${second} (ms)`,
      `p95 ${second}/${first}`,
      `errores ${first}/${second}`,
    ],
    comparisonRows(rounds, [first, second]),
  );
}

/** Drives every call on both sides, alternating, `rounds` times; prints each measure and the table. */
export async function compareSides(
  title: string,
  sides: [string, string][],
  calls: ComparedCall[],
  opts: Options,
): Promise<Round[]> {
  console.log(
    `\n${title}: ${sides.map(([name, origin]) => `${name} ${origin}`).join(", ")}; ` +
      `${opts.rounds} ronda(s) alternadas de ${opts.seconds} s por llamada y lado`,
  );
  const rounds: Round[] = [];
  for (let round = 1; round <= opts.rounds; round++) {
    const order = round % 2 ? sides : [...sides].reverse();
    for (const call of calls) {
      for (const [side, origin] of order) {
        const offset = (round - 1) * 997 + (side === sides[1][0] ? 499 : 0);
        const result = await drive({
          origin,
          clients: call.clients,
          durationMs: opts.seconds * 1000,
          warmupMs: opts.warmupMs,
          headers: call.headers,
          path: (i) => {
            opts.onRequest(origin);
            return call.path(offset + i);
          },
        });
        // the driver measures over durationMs (give or take a timer's lag): n / perSec is its exact span
        rounds.push({
          call: call.name,
          side,
          result,
          seconds: result.perSec ? result.n / result.perSec : opts.seconds,
        });
        console.log(
          `  ronda ${round}, ${call.name}, ${side}: ${result.perSec.toFixed(0)} req/s, p95 ${result.p95.toFixed(1)} ms`,
        );
      }
    }
  }
  console.log(`\n${comparisonTable(rounds, [sides[0][0], sides[1][0]])}`);
  return rounds;
}

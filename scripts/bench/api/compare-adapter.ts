// bench:api's head-to-head of the two Express → Remix adapters (issue 36 §1, ADR 024). With BENCH_COMPARE_ADAPTER=1
// the server starts with BENCH_OFFICIAL_ADAPTER_PORT (server/official-adapter.ts): ONE process, one build, one
// database, one set of middlewares; our adapter (server/remix-handler.ts) answers on the server's port and
// @remix-run/express's createRequestHandler on the second. Each call is then driven on both ports in turn, BENCH_RUNS
// rounds, the order flipping every round so neither adapter always goes first (a warmer cache, a busier machine).
// Per call and adapter: req/s over all rounds, the median of the rounds' p95, and official/ours. Figures only.
import { freePort } from "~scripts/bench/api/server";
import { drive, type LoadResult } from "~scripts/bench/api/driver";
import { table } from "~scripts/bench/api/report";

export type ComparedCall = {
  name: string;
  clients: number;
  path: (i: number) => string;
  headers: Record<string, string>;
};
type Adapter = "nuestro" | "oficial";
export type Round = { call: string; adapter: Adapter; result: LoadResult; seconds: number };
type Options = { seconds: number; warmupMs: number; rounds: number; onRequest: () => void };

/** The environment the server starts with when comparing (the second port), or null when not asked to. */
export async function adapterComparison(): Promise<{ env: Record<string, string>; port: number } | null> {
  if (process.env.BENCH_COMPARE_ADAPTER !== "1") return null;
  const port = await freePort();
  return { env: { BENCH_OFFICIAL_ADAPTER_PORT: String(port) }, port };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** One row per call: each adapter's req/s (all its requests over all its seconds) and median p95, and the ratios. */
export function comparisonRows(rounds: Round[]): string[][] {
  const calls = [...new Set(rounds.map((r) => r.call))];
  return calls.map((call) => {
    const of = (adapter: Adapter) => {
      const mine = rounds.filter((r) => r.call === call && r.adapter === adapter);
      const n = mine.reduce((sum, r) => sum + r.result.n, 0);
      const seconds = mine.reduce((sum, r) => sum + r.seconds, 0);
      const errors = mine.reduce((sum, r) => sum + r.result.errors, 0);
      return { perSec: n / seconds, p95: median(mine.map((r) => r.result.p95)), errors };
    };
    const ours = of("nuestro");
    const official = of("oficial");
    return [
      call,
      ours.perSec.toFixed(0),
      official.perSec.toFixed(0),
      (official.perSec / ours.perSec).toFixed(3),
      ours.p95.toFixed(1),
      official.p95.toFixed(1),
      (official.p95 / ours.p95).toFixed(3),
      `${ours.errors}/${official.errors}`,
    ];
  });
}

export function comparisonTable(rounds: Round[]): string {
  return table(
    [
      "llamada",
      "req/s nuestro",
      "req/s oficial",
      "oficial/nuestro",
      "p95 nuestro (ms)",
      "p95 oficial (ms)",
      "p95 oficial/nuestro",
      "errores n/o",
    ],
    comparisonRows(rounds),
  );
}

/** Drives every call on both adapters, alternating, `rounds` times; prints each measure and the table. */
export async function compareAdapters(
  origins: Record<Adapter, string>,
  calls: ComparedCall[],
  opts: Options,
): Promise<Round[]> {
  console.log(
    `\nAdaptadores, frente a frente en el mismo proceso: nuestro ${origins.nuestro}, oficial ${origins.oficial}; ` +
      `${opts.rounds} ronda(s) alternadas de ${opts.seconds} s por llamada y adaptador`,
  );
  const rounds: Round[] = [];
  for (let round = 1; round <= opts.rounds; round++) {
    const order: Adapter[] = round % 2 ? ["nuestro", "oficial"] : ["oficial", "nuestro"];
    for (const call of calls) {
      for (const adapter of order) {
        const offset = (round - 1) * 997 + (adapter === "oficial" ? 499 : 0);
        const result = await drive({
          origin: origins[adapter],
          clients: call.clients,
          durationMs: opts.seconds * 1000,
          warmupMs: opts.warmupMs,
          headers: call.headers,
          path: (i) => {
            opts.onRequest();
            return call.path(offset + i);
          },
        });
        // the driver measures over durationMs (give or take a timer's lag): n / perSec is its exact span
        rounds.push({
          call: call.name,
          adapter,
          result,
          seconds: result.perSec ? result.n / result.perSec : opts.seconds,
        });
        console.log(
          `  ronda ${round}, ${call.name}, ${adapter}: ${result.perSec.toFixed(0)} req/s, p95 ${result.p95.toFixed(1)} ms`,
        );
      }
    }
  }
  console.log(`\n${comparisonTable(rounds)}`);
  return rounds;
}

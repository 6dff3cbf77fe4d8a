// bench:rosters — the voluntary affiliates' Excel (issue 15): every voluntary affiliate of the bench snapshot through
// the product's export (voluntariosXlsx: DuckDB batches → exceljs's streaming writer, 15 columns), in a child process
// (peak RSS of the whole process), against the members list's Excel of today (listadoXlsxResponse: Postgres keyset
// batches → the same writer, 8 columns) in the same run. Goal: ≥ 30 000 rows/s and peak RSS ≤ 300 MB.
// Each timing child runs its export RUNS times (the voluntary list is short: ≈ 22 600 rows at bench scale); the
// median run is reported, every run is logged. The RSS goal is read on a child that runs one export.
import path from "node:path";
import type { BenchResult, ChildRun, RosterMeasure } from "./types";

const CHILD = "scripts/bench/rosters/child-voluntarios.ts";
const RUNS = 3;
const GOAL_ROWS_S = 30_000;
const GOAL_RSS_MB = 300;

type Run = { rows: number; ms: number; bytes: number };

const runsOf = (c: ChildRun): Run[] =>
  c.stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Run);

function median(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  return sorted[Math.floor(sorted.length / 2)];
}

const rate = (r: Run) => r.rows / (r.ms / 1000);
const fmt = (n: number) => Math.round(n).toLocaleString("es-AR");

export const measure: RosterMeasure = async (ctx) => {
  const vol = await ctx.child(CHILD, ["voluntarios", path.join(ctx.tmpDir, "voluntarios.xlsx"), String(RUNS)]);
  const mem = await ctx.child(CHILD, ["afiliados", path.join(ctx.tmpDir, "afiliados.xlsx"), String(RUNS)]);
  // The memory of one export (what a person's download costs a fresh process), apart from the timing runs: after
  // several exports in a row the allocator keeps freed pages, so the peak of RUNS exports is printed too.
  const volOnce = await ctx.child(CHILD, ["voluntarios", path.join(ctx.tmpDir, "voluntarios-1.xlsx"), "1"]);
  const memOnce = await ctx.child(CHILD, ["afiliados", path.join(ctx.tmpDir, "afiliados-1.xlsx"), "1"]);
  const [vRuns, mRuns] = [runsOf(vol), runsOf(mem)];
  for (const [name, runs] of [
    ["voluntarios", vRuns],
    ["listado de afiliados", mRuns],
  ] as const)
    for (const r of runs)
      ctx.log(
        `  ${name}: ${r.rows} filas en ${(r.ms / 1000).toFixed(2)} s = ${fmt(rate(r))} filas/s, ${(r.bytes / 1e6).toFixed(1)} MB`,
      );
  const [v, m] = [median(vRuns), median(mRuns)];
  const result: BenchResult = {
    measure: `Excel de afiliados voluntarios (${fmt(v.rows)} filas, 15 columnas)`,
    ours: `${fmt(rate(v))} filas/s, RSS ${Math.round(volOnce.rssMb)} MB (${RUNS} seguidas: ${Math.round(vol.rssMb)} MB)`,
    plain: `${fmt(rate(m))} filas/s, RSS ${Math.round(memOnce.rssMb)} MB (${RUNS} seguidas: ${Math.round(mem.rssMb)} MB; Excel del listado de afiliados, ${fmt(m.rows)} filas, 8 columnas)`,
    ratio: rate(v) / rate(m),
    goal: `≥ ${fmt(GOAL_ROWS_S)} filas/s, RSS ≤ ${GOAL_RSS_MB} MB`,
    met: rate(v) >= GOAL_ROWS_S && volOnce.rssMb <= GOAL_RSS_MB,
  };
  return [result];
};

// The goal table of issue 16 and how bench:api prints a run: one row per call (req/s, p50, p95, errors, goal, met),
// the database-alone ceiling lines and "objetivos cumplidos: k de 5". A call with any error misses its goal.
import type { LoadResult } from "~scripts/bench/api/driver";
import type { Ceiling } from "~scripts/bench/api/ceiling";

/** A goal: at least `perSec` answers per second, and p95 / p50 at most so many ms (each only when given). */
export type Goal = { perSec?: number; p95?: number; p50?: number };

export type CallResult = { name: string; goal: Goal; result: LoadResult };

export function goalText(goal: Goal): string {
  const parts = [
    goal.perSec !== undefined ? `≥ ${goal.perSec} req/s` : "",
    goal.p50 !== undefined ? `p50 ≤ ${goal.p50} ms` : "",
    goal.p95 !== undefined ? `p95 ≤ ${goal.p95} ms` : "",
  ];
  return parts.filter(Boolean).join(", ");
}

export function met({ goal, result: r }: CallResult): boolean {
  return (
    r.errors === 0 &&
    r.n > 0 &&
    (goal.perSec === undefined || r.perSec >= goal.perSec) &&
    (goal.p50 === undefined || r.p50 <= goal.p50) &&
    (goal.p95 === undefined || r.p95 <= goal.p95)
  );
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

function errorsText(r: LoadResult): string {
  if (r.errors === 0) return "0";
  const by = Object.entries(r.statuses).map(([s, n]) => `${s === "0" ? "sin respuesta" : s}×${n}`);
  return `${r.errors} (${by.join(", ")})`;
}

/** A markdown table (so a run pastes into docs/benchmarks.md as it is). */
export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i])).join(" | ")} |`;
  return [line(head), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

export function callsTable(calls: CallResult[]): string {
  return table(
    ["call", "req/s", "p50", "p95", "errores", "goal", "met?"],
    calls.map((c) => [
      c.name,
      c.result.perSec.toFixed(0),
      ms(c.result.p50),
      ms(c.result.p95),
      errorsText(c.result),
      goalText(c.goal),
      met(c) ? "sí" : "NO",
    ]),
  );
}

/** The ceiling lines and the app/ceiling ratio of the DNI lookup (the app's req/s over pgbench's q/s). */
export function ceilingLines(ceilings: Ceiling[], appDni: LoadResult | undefined): string[] {
  const lines = ceilings.map(
    (c) =>
      `  ${c.name}: ${c.perSec.toFixed(0)} q/s, p50 ${ms(c.p50)}, p95 ${ms(c.p95)} (${c.n} transacciones registradas)`,
  );
  const [lookup] = ceilings;
  if (lookup && appDni && lookup.perSec > 0) {
    const ratio = appDni.perSec / lookup.perSec;
    lines.push(
      `  app / techo (búsqueda por DNI): ${appDni.perSec.toFixed(0)} / ${lookup.perSec.toFixed(0)} = ${(ratio * 100).toFixed(1)} % (${(1 / ratio).toFixed(1)}× más lenta que la base sola)`,
    );
  }
  return lines;
}

export function summary(calls: CallResult[]): string {
  return `objetivos cumplidos: ${calls.filter(met).length} de ${calls.length}`;
}

/** The last line: whether every goal was met in every run. */
export function finalLine(runs: CallResult[][]): string {
  const counts = runs.map((calls) => `${calls.filter(met).length}/${calls.length}`);
  const all = runs.length > 0 && runs.every((calls) => calls.every(met));
  return `${all ? "sí" : "NO"}: todos los objetivos cumplidos en todas las corridas (${runs.length}; por corrida ${counts.join(", ")})`;
}

// The refresh's profile for bench:reporting: wall time and CPU per step (per table copied, per derived table, the
// checkpoint), the CPU split between this Node process (JavaScript on the main thread; DuckDB and the file writes on
// the other threads) and the Postgres backend that serves the COPY. CPU comes from /proc (Linux, Postgres on the same
// machine); where /proc cannot be read the columns show "—".
import fs from "node:fs";
import type pg from "pg";

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** CPU milliseconds (user + system) of a process, or of one of its threads; null when /proc has no such entry. */
function cpuMs(statPath: string): number | null {
  try {
    const stat = fs.readFileSync(statPath, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** This process's CPU: the main thread (JavaScript, pg's COPY stream) and every other thread (DuckDB, libuv, GC). */
function nodeCpu(): { main: number; other: number } {
  const all = cpuMs(`/proc/${process.pid}/stat`) ?? process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000;
  const main = cpuMs(`/proc/${process.pid}/task/${process.pid}/stat`) ?? all;
  return { main, other: all - main };
}

/** CPU of the Postgres backends `pids`; a backend that has ended counts what it had at its last reading. */
class BackendCpu {
  private last = new Map<number, number>();
  constructor(private readonly pids: () => number[]) {}
  read(): number | null {
    const pids = this.pids();
    if (!pids.length) return null;
    for (const pid of pids) {
      const ms = cpuMs(`/proc/${pid}/stat`);
      if (ms !== null) this.last.set(pid, ms);
    }
    return this.last.size ? [...this.last.values()].reduce((a, b) => a + b, 0) : null;
  }
}

export type StepProfile = { step: string; ms: number; jsMs: number; otherMs: number; pgMs: number | null };

/** Records the CPU of each step; `mark` closes the step running and starts the next (null: just close). */
export class Profiler {
  readonly steps: StepProfile[] = [];
  private current: { step: string; t: number; node: { main: number; other: number }; pg: number | null } | null = null;
  private readonly backends: BackendCpu;
  private readonly sampler: NodeJS.Timeout;
  constructor(backendPids: () => number[]) {
    this.backends = new BackendCpu(backendPids);
    // backends end with their sessions: read them often enough that a step's end still sees their last CPU
    this.sampler = setInterval(() => this.backends.read(), 100);
  }

  mark(step: string | null): void {
    if (step && this.current?.step === step) return; // the same step goes on
    const t = performance.now();
    const node = nodeCpu();
    const pgNow = this.backends.read();
    if (this.current) {
      const c = this.current;
      this.steps.push({
        step: c.step,
        ms: t - c.t,
        jsMs: node.main - c.node.main,
        otherMs: node.other - c.node.other,
        pgMs: c.pg !== null ? (pgNow ?? c.pg) - c.pg : null,
      });
    }
    this.current = step ? { step, t, node, pg: pgNow } : null;
    if (!step) clearInterval(this.sampler);
  }
}

/** The pids of the refresh's Postgres backends (application_name of reporting/source.ts: one per COPY stream). */
export function refreshBackends(pool: pg.Pool): { pids: () => number[]; poll: () => Promise<void> } {
  const pids = new Set<number>();
  return {
    pids: () => [...pids],
    async poll() {
      const { rows } = await pool.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE application_name = 'osep-reporting-refresh'",
      );
      for (const r of rows) pids.add(r.pid);
    },
  };
}

const s = (ms: number | null) => (ms === null ? "—" : (ms / 1000).toFixed(2));

/** Prints the profile: one line per step, then the totals. */
export function printProfile(title: string, steps: StepProfile[]): void {
  console.log(`  ${title}`);
  console.log(
    `    ${"paso".padEnd(38)} ${"pared s".padStart(8)} ${"JS s".padStart(7)} ${"DuckDB+ s".padStart(9)} ${"PG s".padStart(7)}`,
  );
  const total = { ms: 0, jsMs: 0, otherMs: 0, pgMs: 0 as number | null };
  for (const p of steps) {
    console.log(
      `    ${p.step.padEnd(38)} ${s(p.ms).padStart(8)} ${s(p.jsMs).padStart(7)} ${s(p.otherMs).padStart(9)} ${s(p.pgMs).padStart(7)}`,
    );
    total.ms += p.ms;
    total.jsMs += p.jsMs;
    total.otherMs += p.otherMs;
    total.pgMs = total.pgMs === null || p.pgMs === null ? null : total.pgMs + p.pgMs;
  }
  console.log(
    `    ${"total".padEnd(38)} ${s(total.ms).padStart(8)} ${s(total.jsMs).padStart(7)} ${s(total.otherMs).padStart(9)} ${s(total.pgMs).padStart(7)}`,
  );
}

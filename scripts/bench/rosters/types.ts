// The contract between `npm run bench:rosters` (scripts/bench/rosters.ts) and its measures: each file
// scripts/bench/rosters/measure-*.ts exports `measure: RosterMeasure`. The main script seeds nothing: it needs a
// bench-scale PostgreSQL in DATABASE_URL, builds one snapshot in a temporary REPORTING_DIR (set in process.env, so
// children see it), runs every measure in turn and prints the table of ratios.

export type BenchResult = {
  /** What is measured, as docs/benchmarks.md names it. */
  measure: string;
  /** Our figure and the plain approach's, printed as they are ('1.84 s', '31 200 filas/s', '210 MB'). */
  ours: string;
  plain: string;
  /** ours ÷ plain in the direction of the goal (e.g. time ratio ours/plain for '≤ 1.0×'). */
  ratio: number;
  /** The goal as the issue states it ('≤ 1.0×, RSS ≤ 300 MB'). */
  goal: string;
  met: boolean;
};

export type ChildRun = { ms: number; rssMb: number; stdout: string };

export type RosterBenchContext = {
  /** The bench-scale PostgreSQL. */
  databaseUrl: string;
  /** psql of the Debian package (for the plain approaches). */
  psql: string;
  /** A scratch directory removed at the end. */
  tmpDir: string;
  log: (line: string) => void;
  /** Runs `tsx <script> ...args` in a child process (same env); its wall time, peak RSS in MB and stdout. */
  child: (script: string, args: string[]) => Promise<ChildRun>;
  /** Runs a shell pipeline (`bash -c`); its wall time. */
  shell: (command: string) => Promise<{ ms: number; stdout: string }>;
};

export type RosterMeasure = (ctx: RosterBenchContext) => Promise<BenchResult[]>;

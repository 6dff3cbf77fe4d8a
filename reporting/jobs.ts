// The shape of the background work and the one runner of its schedules (docs/decisions/083-background-work.md).
// Each area exports its jobs (the reporting store's refresh and rosters in schedule.ts, the sign-in housekeeping, the
// scheduled reports, the registry feed's nightly import) and its listeners (the live grid's LISTEN); one list,
// app/background.server.ts, composes them, and server/background.ts says which process runs what. The types and the
// runner sit here, on the lowest floor that has jobs of its own, so every area types its jobs with them. Every schedule
// counts in the insurer's time zone; a job never runs twice at once; its errors are its own to log.
import cron, { type ScheduledTask } from "node-cron";
import { TZ } from "~db/time-zone";

/** A job of the process that owns the schedule: once across WEB_CONCURRENCY's processes and the app instances. */
export type BackgroundJob = {
  name: string;
  /** A node-cron expression (seconds allowed), in the insurer's time zone. */
  schedule: string;
  run: () => Promise<unknown>;
  /** Called once when the jobs start, after every job is scheduled (a first run, a watch of its own). */
  start?: () => void;
  /** Called when the jobs stop (what the job keeps running of its own, it stops here). */
  shutdown?: () => Promise<void>;
};

/**
 * A listener of every web process (the live grid's LISTEN): opened by its area when first needed, closed by the
 * process's shutdown before its database closes.
 */
export type BackgroundListener = { name: string; listener: string; shutdown: () => Promise<void> };

type RunnerState = { tasks: ScheduledTask[]; shutdowns: (() => Promise<void>)[] } | null;
const KEY = Symbol.for("osep.background.jobs");
const g = globalThis as typeof globalThis & { [KEY]?: RunnerState };

/** Throws the start-stopping message of a job whose schedule is no cron expression. */
export function checkSchedule(expr: string, setting: string, example?: string): void {
  if (!cron.validate(expr)) {
    throw new Error(
      `${setting} no es una expresión cron válida: '${expr}'${example ? ` (ejemplo: '${example}')` : ""}`,
    );
  }
}

/** Milliseconds between two runs of `expr` (in the insurer's time zone), or `fallback` when it cannot tell. */
export function intervalMs(expr: string, fallback: number): number {
  const task = cron.createTask(expr, () => undefined, { timezone: TZ });
  try {
    const [a, b] = task.getNextRuns(2);
    return a && b ? b.getTime() - a.getTime() : fallback;
  } finally {
    void task.destroy();
  }
}

/** Schedules `jobs` in this process (once: a second call while they run does nothing) and says so in the log. */
export function startJobs(jobs: BackgroundJob[]): void {
  if (g[KEY]) return;
  for (const job of jobs) checkSchedule(job.schedule, job.name);
  const tasks = jobs.map((job) =>
    cron.schedule(
      job.schedule,
      () =>
        job.run().then(
          () => undefined,
          () => undefined, // each job logs its own failures
        ),
      { timezone: TZ, noOverlap: true, name: job.name },
    ),
  );
  g[KEY] = { tasks, shutdowns: jobs.flatMap((job) => (job.shutdown ? [job.shutdown] : [])) };
  console.log(`[tareas] programadas (${TZ}): ${jobs.map((j) => `${j.name} '${j.schedule}'`).join(", ")}`);
  for (const job of jobs) job.start?.();
}

/** Stops the schedules and runs the jobs' shutdowns (their failures ignored: the process is ending or a test is). */
export async function stopJobs(): Promise<void> {
  const state = g[KEY];
  g[KEY] = null;
  if (!state) return;
  for (const task of state.tasks) await task.destroy();
  for (const shutdown of state.shutdowns) await shutdown().catch(() => undefined);
}

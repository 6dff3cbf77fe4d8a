// When refreshes happen: a node-cron job (REPORTING_REFRESH_CRON, default every 15 minutes, never two at once),
// a first refresh at start-up when the snapshot is missing, from another database or stale, and refreshes asked
// for by administrators. With REPORTING_SCHEDULER=worker the app instances only leave a request file that
// `npm run worker` (the only writer) picks up. The same process generates the four pharmacy rosters every night
// (ROSTER_CRON, default 03:00; docs/decisions/038-pharmacy-rosters.md) and runs the jobs its caller hands it (the
// housekeeping of the sign-in tables, ADR 045).
import fs from "node:fs";
import path from "node:path";
import cron, { type ScheduledTask } from "node-cron";
import { refreshCron, reportingDir, rosterCron, schedulerMode } from "./config";
import { RefreshBusyError, refreshLockHeld } from "./lock";
import { beginRefresh, refreshSnapshot } from "./snapshot";
import { generateAllRosters } from "./rosters/generate";
import { readRefreshStatus } from "./status";
import { usableSnapshot } from "./store";

const TZ = "America/Argentina/Catamarca";
const REQUEST_POLL_MS = 2000;

type SchedulerState = {
  task: ScheduledTask | null;
  rosters: ScheduledTask | null;
  jobs: ScheduledTask[];
  stops: (() => Promise<void>)[];
  poll: NodeJS.Timeout | null;
};

/**
 * A job of the process that owns the schedule besides the refresh (the housekeeping of server/housekeeping.ts):
 * it runs in that one process, so once across WEB_CONCURRENCY workers and app instances. Errors are its own to log.
 */
export type ScheduledJob = {
  name: string;
  cron: string;
  run: () => Promise<unknown>;
  /** Also run once when the scheduler starts (the scheduled reports read their schedules at once). */
  atStart?: boolean;
  /** Called by stopScheduler (a job that keeps tasks of its own stops them). */
  stop?: () => Promise<void>;
};
const KEY = Symbol.for("osep.reporting.scheduler");
function sched(): SchedulerState {
  const g = globalThis as typeof globalThis & { [KEY]?: SchedulerState };
  g[KEY] ??= { task: null, rosters: null, jobs: [], stops: [], poll: null };
  return g[KEY]!;
}

function requestPath(dir: string): string {
  return path.join(dir, "refresh.request");
}

/** A refresh in the background: errors are logged and kept in the status file, never thrown. */
function refreshInBackground(reason: string): Promise<boolean> {
  console.log(`[reporting] actualización (${reason})`);
  return refreshSnapshot().then(
    () => true,
    (e) => {
      if (e instanceof RefreshBusyError) console.log(`[reporting] ${e.message}`);
      return false;
    },
  );
}

/** While there is no usable snapshot, retry soon (2 s, 5 s, 10 s, 30 s, then every minute) rather than at the next cron tick. */
const RETRY_MS = [2_000, 5_000, 10_000, 30_000, 60_000];
async function refreshUntilUsable(reason: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (await refreshInBackground(reason)) return;
    if (snapshotHealth().built_at || !sched().task) return; // another run succeeded, or the scheduler stopped
    await new Promise((r) => setTimeout(r, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]).unref?.());
    reason = "reintento: todavía no hay instantánea";
  }
}

/** Milliseconds between two scheduled runs (from the cron expression). */
export function scheduleIntervalMs(expr = refreshCron()): number {
  const task = cron.createTask(expr, () => undefined, { timezone: TZ });
  try {
    const [a, b] = task.getNextRuns(2);
    return a && b ? b.getTime() - a.getTime() : 15 * 60_000;
  } finally {
    void task.destroy();
  }
}

export type SnapshotHealth = {
  built_at: string | null;
  age_s: number | null;
  /** True when there is no usable snapshot or it is older than twice the schedule's interval. */
  stale: boolean;
  source: string | null;
  refresh: { state: string; phase: string | null; last_error: string | null };
};

export function snapshotHealth(now = Date.now()): SnapshotHealth {
  const info = usableSnapshot();
  const status = readRefreshStatus();
  const age = info ? Math.round((now - Date.parse(info.built_at)) / 1000) : null;
  return {
    built_at: info?.built_at ?? null,
    age_s: age,
    stale: age === null || age * 1000 > 2 * scheduleIntervalMs(),
    source: info?.source ?? null,
    refresh: { state: status.state, phase: status.phase, last_error: status.last_error },
  };
}

/**
 * Start the schedule in this process (the app in the embedded default, or the worker). Refreshes at once when
 * there is no usable snapshot or it is stale.
 */
export function startScheduler(opts: { worker?: boolean; jobs?: ScheduledJob[] } = {}): void {
  const s = sched();
  if (s.task) return;
  for (const job of opts.jobs ?? []) {
    if (!cron.validate(job.cron)) throw new Error(`${job.name}: '${job.cron}' no es una expresión cron válida`);
  }
  if (!cron.validate(refreshCron())) {
    throw new Error(
      `REPORTING_REFRESH_CRON no es una expresión cron válida: '${refreshCron()}' (ejemplo: '*/15 * * * *')`,
    );
  }
  if (!cron.validate(rosterCron())) {
    throw new Error(`ROSTER_CRON no es una expresión cron válida: '${rosterCron()}' (ejemplo: '0 3 * * *')`);
  }
  const dir = reportingDir();
  fs.mkdirSync(dir, { recursive: true });
  s.rosters = cron.schedule(
    rosterCron(),
    () =>
      generateAllRosters().then(
        () => undefined,
        () => undefined, // each roster's failure is logged by generateAllRosters
      ),
    { timezone: TZ, noOverlap: true, name: "padron-farmacia" },
  );
  s.jobs = (opts.jobs ?? []).map((job) =>
    cron.schedule(job.cron, () => job.run().then(() => undefined), { timezone: TZ, noOverlap: true, name: job.name }),
  );
  s.stops = (opts.jobs ?? []).flatMap((job) => (job.stop ? [job.stop] : []));
  for (const job of opts.jobs ?? []) if (job.atStart) void job.run().catch(() => undefined);
  s.task = cron.schedule(
    refreshCron(),
    () =>
      refreshSnapshot().then(
        () => undefined,
        () => undefined,
      ),
    {
      timezone: TZ,
      noOverlap: true,
      name: "reporting-refresh",
    },
  );
  // Requests left by app instances (worker mode) or by `npm run reporting:refresh` while the embedded app runs.
  s.poll = setInterval(() => {
    if (fs.existsSync(requestPath(dir))) {
      fs.rmSync(requestPath(dir), { force: true });
      void refreshInBackground(opts.worker ? "pedida desde la aplicación" : "pedida desde la línea de comandos");
    }
  }, REQUEST_POLL_MS);
  s.poll.unref();
  const health = snapshotHealth();
  if (!health.built_at) void refreshUntilUsable("no hay instantánea");
  else if (health.stale) void refreshInBackground("instantánea vencida");
}

export async function stopScheduler(): Promise<void> {
  const s = sched();
  if (s.task) await s.task.destroy();
  if (s.rosters) await s.rosters.destroy();
  for (const job of s.jobs) await job.destroy();
  s.jobs = [];
  for (const stop of s.stops) await stop().catch(() => undefined);
  s.stops = [];
  if (s.poll) clearInterval(s.poll);
  s.task = null;
  s.rosters = null;
  s.poll = null;
}

/** Leave a refresh request for the process that owns the schedule (it looks every 2 seconds). */
export function queueRefreshRequest(dir = reportingDir()): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(requestPath(dir), new Date().toISOString());
}

/**
 * What became of an administrator's request: 'started' here, 'queued' for the worker, 'busy' when another holder
 * has the refresh lock (nothing started or queued: that refresh brings the new data), 'error' when the lock could
 * not even be asked for (the database of the advisory lock unreachable; logged).
 */
export type RefreshRequestOutcome = "started" | "queued" | "busy" | "error";

/** An administrator asks for a refresh: run it here, or leave the request for the worker; never two at once. */
export async function requestRefresh(dir = reportingDir()): Promise<RefreshRequestOutcome> {
  try {
    if (schedulerMode() === "worker") {
      if (await refreshLockHeld(dir)) return "busy";
      queueRefreshRequest(dir);
      return "queued";
    }
    const { done } = await beginRefresh({ dir });
    console.log("[reporting] actualización (pedida por un administrador)");
    done.then(
      () => undefined,
      () => undefined, // logged and kept in the status file by the refresh itself
    );
    return "started";
  } catch (e) {
    if (e instanceof RefreshBusyError) return "busy";
    console.error(`[reporting] no se pudo pedir la actualización: ${e instanceof Error ? e.message : String(e)}`);
    return "error";
  }
}

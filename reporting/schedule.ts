// When refreshes happen: a node-cron job (REPORTING_REFRESH_CRON, default every 15 minutes, never two at once),
// a first refresh at start-up when the snapshot is missing, from another database or stale, and refreshes asked
// for by administrators. With REPORTING_SCHEDULER=worker the app instances only leave a request file that
// `npm run worker` (the only writer) picks up. The reporting store's jobs (`reportingJobs`: the refresh and the four
// pharmacy rosters every night, ROSTER_CRON, default 03:00; docs/decisions/038-pharmacy-rosters.md) are two of the
// background jobs the process that owns the schedule runs (reporting/jobs.ts, docs/decisions/083-background-work.md).
import fs from "node:fs";
import path from "node:path";
import { refreshCron, reportingDir, rosterCron, schedulerMode } from "./config";
import { checkSchedule, intervalMs, type BackgroundJob } from "./jobs";
import { RefreshBusyError, refreshLockHeld } from "./lock";
import { beginRefresh, refreshSnapshot } from "./snapshot";
import { generateAllRosters } from "./rosters/generate";
import { readRefreshStatus } from "./status";
import { usableSnapshot } from "./store";

const REQUEST_POLL_MS = 2000;

/** The refresh's own watch while its job runs: the request poll; null when stopped. */
const KEY = Symbol.for("osep.reporting.refreshWatch");
const g = globalThis as typeof globalThis & { [KEY]?: NodeJS.Timeout | null };
const watching = () => Boolean(g[KEY]);

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
    if (snapshotHealth().built_at || !watching()) return; // another run succeeded, or the jobs stopped
    await new Promise((r) => setTimeout(r, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]).unref?.());
    reason = "reintento: todavía no hay instantánea";
  }
}

/** Milliseconds between two scheduled runs (from the cron expression). */
export function scheduleIntervalMs(expr = refreshCron()): number {
  return intervalMs(expr, 15 * 60_000);
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
 * The refresh's watch, started with its job: requests left by app instances (worker mode) or by `npm run
 * reporting:refresh` while the embedded app runs, picked up every 2 seconds; and a refresh at once when there is no
 * usable snapshot or it is stale.
 */
function watchRequests(worker: boolean): void {
  const dir = reportingDir();
  fs.mkdirSync(dir, { recursive: true });
  const poll = setInterval(() => {
    if (fs.existsSync(requestPath(dir))) {
      fs.rmSync(requestPath(dir), { force: true });
      void refreshInBackground(worker ? "pedida desde la aplicación" : "pedida desde la línea de comandos");
    }
  }, REQUEST_POLL_MS);
  poll.unref();
  g[KEY] = poll;
  const health = snapshotHealth();
  if (!health.built_at) void refreshUntilUsable("no hay instantánea");
  else if (health.stale) void refreshInBackground("instantánea vencida");
}

async function stopWatching(): Promise<void> {
  if (g[KEY]) clearInterval(g[KEY]);
  g[KEY] = null;
}

/**
 * The reporting store's jobs: the snapshot refresh (with its watch of requests) and the nightly pharmacy rosters.
 * `worker`: this process is the only writer and the app instances leave it requests. A bad expression stops the start.
 */
export function reportingJobs(opts: { worker?: boolean } = {}): BackgroundJob[] {
  checkSchedule(refreshCron(), "REPORTING_REFRESH_CRON", "*/15 * * * *");
  checkSchedule(rosterCron(), "ROSTER_CRON", "0 3 * * *");
  return [
    {
      name: "padron-farmacia",
      schedule: rosterCron(),
      run: () => generateAllRosters(), // each roster's failure is logged by generateAllRosters
    },
    {
      name: "reporting-refresh",
      schedule: refreshCron(),
      run: () => refreshSnapshot(),
      start: () => watchRequests(Boolean(opts.worker)),
      shutdown: stopWatching,
    },
  ];
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

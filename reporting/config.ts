// Reporting settings, all from the environment (read on each call so tests can point them elsewhere).
import path from "node:path";
import { dataDir, pgliteDir } from "~db/client.server";

/** Where snapshot files, the current pointer, the lock and the status live. Shared by every app instance. */
export function reportingDir(): string {
  if (process.env.REPORTING_DIR) return path.resolve(process.env.REPORTING_DIR);
  return path.join(dataDir(), "reporting");
}

/** node-cron expression of the scheduled refresh (default every 15 minutes). */
export function refreshCron(): string {
  return process.env.REPORTING_REFRESH_CRON || "*/15 * * * *";
}

/**
 * Who runs the schedule: "app" (default: the scheduler runs inside the web process, as the embedded default
 * needs) or "worker" (a deployment with several app instances: only `npm run worker` refreshes; app instances
 * leave a request file for it when an administrator asks for a refresh).
 */
export function schedulerMode(): "app" | "worker" {
  return process.env.REPORTING_SCHEDULER === "worker" ? "worker" : "app";
}

/** Where refreshes read from: READ_REPLICA_URL, else the primary (DATABASE_URL), else the embedded PGlite. */
export function sourceUrl(): string | null {
  return process.env.READ_REPLICA_URL || process.env.DATABASE_URL || null;
}

/** The primary, when refreshes read a distinct replica (used to wait until the replica has caught up). */
export function primaryUrl(): string | null {
  const replica = process.env.READ_REPLICA_URL;
  const primary = process.env.DATABASE_URL;
  return replica && primary && replica !== primary ? primary : null;
}

/** How long a refresh waits for the replica to replay what the primary had when the refresh began. */
export function replicaWaitMs(): number {
  return Number(process.env.REPORTING_REPLICA_WAIT_MS || 30_000);
}

/** A printable identity of a source (never the password), stored with each snapshot. */
export function sourceKey(url: string | null, pgliteDir?: string): string {
  if (!url) return `pglite:${pgliteDir ?? "?"}`;
  const u = new URL(url);
  return `postgres://${u.hostname}:${u.port || "5432"}${u.pathname}`;
}

/** The source identity refreshes use now; a snapshot from another source (e.g. the database changed) is not used. */
export function expectedSourceKey(): string {
  const url = sourceUrl();
  if (url) return sourceKey(url);
  if (process.env.PGLITE_MEMORY === "1") return sourceKey(null, "memory://");
  return sourceKey(null, pgliteDir());
}

/**
 * DuckDB settings of every snapshot instance (the writer and each reader): threads (REPORTING_THREADS, default 2)
 * and a memory cap (REPORTING_MEMORY_LIMIT, default 1GB; DuckDB's own default is 80 % of the machine, too much for
 * a process that also serves the app). Past the cap DuckDB spills to disk instead of growing.
 */
export function duckdbOptions(): Record<string, string> {
  return {
    threads: String(Number(process.env.REPORTING_THREADS || 2)),
    memory_limit: process.env.REPORTING_MEMORY_LIMIT || "1GB",
  };
}

/**
 * How many COPY streams a refresh from PostgreSQL runs at once (REPORTING_COPY_STREAMS, default 2: the big table
 * in one, the other tables in the other, each in its own session on the same snapshot); 1 copies one table after
 * another. PGlite always copies one at a time.
 */
export function copyStreamCount(): number {
  const n = Number.parseInt(process.env.REPORTING_COPY_STREAMS ?? "", 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 8) : 2;
}

// ---- Pharmacy rosters (docs/decisions/038-pharmacy-rosters.md) ----------------------------------------------

/** Where the pharmacy roster files live: ROSTER_DIR, else DATA_DIR/padron-farmacia. Shared by app and worker. */
export function rosterDir(): string {
  if (process.env.ROSTER_DIR) return path.resolve(process.env.ROSTER_DIR);
  return path.join(dataDir(), "padron-farmacia");
}

/** node-cron expression of the nightly generation of the four rosters (default 03:00, insurer's time zone). */
export function rosterCron(): string {
  return process.env.ROSTER_CRON || "0 3 * * *";
}

/** Generations kept per roster (ROSTER_HISTORY, default 14: two weeks of nightly runs); older ones are deleted. */
export function rosterHistory(): number {
  const n = Number.parseInt(process.env.ROSTER_HISTORY ?? "", 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 1000) : 14;
}

// ---- Scheduled reports (docs/decisions/058-scheduled-reports.md) ---------------------------------------------

/** Where the scheduled reports' files live: REPORTS_DIR, else DATA_DIR/reportes. Shared by app and worker. */
export function reportsDir(): string {
  if (process.env.REPORTS_DIR) return path.resolve(process.env.REPORTS_DIR);
  return path.join(dataDir(), "reportes");
}

/** Files kept per schedule (REPORTS_HISTORY, default 12: a year of a monthly report); older ones are deleted. */
export function reportsHistory(): number {
  const n = Number.parseInt(process.env.REPORTS_HISTORY ?? "", 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 1000) : 12;
}

/**
 * DuckDB settings of the instance that writes big files (the pharmacy rosters: 430 000 lines sorted and written
 * by DuckDB's own writer). A file needs little memory — past the cap the sort spills to disk — and one thread, so
 * a generation (nightly, or a user's) never takes the memory and cores the screens' queries use:
 * REPORTING_BATCH_MEMORY_LIMIT (default 64MB) and REPORTING_BATCH_THREADS (default 1). docs/benchmarks.md, issue 15.
 */
export function batchDuckdbOptions(): Record<string, string> {
  return {
    threads: String(Number(process.env.REPORTING_BATCH_THREADS || 1)),
    memory_limit: process.env.REPORTING_BATCH_MEMORY_LIMIT || "64MB",
  };
}

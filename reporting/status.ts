// The refresh's progress and outcome, kept in <reporting dir>/status.json so that any process (the app that
// shows it to an administrator, the worker that writes it, a CLI) sees the same thing.
import fs from "node:fs";
import path from "node:path";
import { reportingDir } from "./config";

export type RefreshStatus = {
  state: "idle" | "running" | "ok" | "error";
  /** What the running refresh is doing now, in Spanish (shown to administrators). */
  phase: string | null;
  started_at: string | null;
  finished_at: string | null;
  pid: number | null;
  /** Why the last refresh failed (null when it succeeded). */
  last_error: string | null;
  last_ok_at: string | null;
};

const IDLE: RefreshStatus = {
  state: "idle",
  phase: null,
  started_at: null,
  finished_at: null,
  pid: null,
  last_error: null,
  last_ok_at: null,
};

function statusPath(dir: string): string {
  return path.join(dir, "status.json");
}

export function pidAlive(pid: number | null | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The last written status; a 'running' one whose process died (kill -9, crash) reads as an error. */
export function readRefreshStatus(dir = reportingDir()): RefreshStatus {
  let s: RefreshStatus;
  try {
    s = { ...IDLE, ...(JSON.parse(fs.readFileSync(statusPath(dir), "utf8")) as Partial<RefreshStatus>) };
  } catch {
    return { ...IDLE };
  }
  if (s.state === "running" && !pidAlive(s.pid)) {
    return {
      ...s,
      state: "error",
      phase: null,
      last_error: "La actualización anterior se interrumpió (el proceso terminó sin completarla)",
    };
  }
  return s;
}

/** Atomically replace the status file with `patch` applied. */
export function writeRefreshStatus(dir: string, patch: Partial<RefreshStatus>): RefreshStatus {
  const next = { ...readRefreshStatus(dir), ...patch };
  writeJsonAtomic(statusPath(dir), next);
  return next;
}

/**
 * Write JSON through a temporary file and rename, so readers never see a half-written file. The data is flushed to
 * disk before the rename and the directory after it, so a crash (power cut) cannot leave the name pointing at an
 * empty or partial file: it names either the old content or the new.
 */
export function writeJsonAtomic(file: string, value: unknown): void {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, "w");
  try {
    fs.writeFileSync(fd, JSON.stringify(value, null, 2));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  syncDir(path.dirname(file));
}

/**
 * Make a rename in `dir` durable, where the platform allows: Windows cannot open a directory for this, and a few
 * file systems refuse to sync one (EINVAL); the rename has happened either way.
 */
function syncDir(dir: string): void {
  if (process.platform === "win32") return;
  let fd: number | null = null;
  try {
    fd = fs.openSync(dir, "r");
    fs.fsyncSync(fd);
  } catch {
    // not supported here
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

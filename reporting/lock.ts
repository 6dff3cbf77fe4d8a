// One refresh at a time across processes.
//
// With DATABASE_URL (one PostgreSQL shared by several app instances and the worker): a session-level advisory
// lock, pg_try_advisory_lock(REFRESH_LOCK_KEY), taken on a connection of its own that stays open for the whole
// refresh. PostgreSQL drops the lock with the session, so a refresh killed half way (kill -9, crash, lost network)
// leaves nothing behind to take over.
//
// Without it (the embedded PGlite: one machine): <reporting dir>/refresh.lock holds the owner's pid. It is created
// whole and exclusively (the body goes to a private file first, then link(2), which fails when the lock exists),
// so nobody reads a half-written lock (file systems without hard links fall back to an exclusive open). A lock whose owner is gone (kill -9, crash) is stale and taken over,
// and at most one process may take over a given stale lock: the takeover is itself guarded by a lock file named
// after that stale lock's content (refresh.lock.takeover-<hash>, taken by this same procedure, recursively when
// its own taker died). Only its holder removes the stale lock, after checking the lock still has that content; then
// it competes for refresh.lock like anybody else. (proper-lockfile, the well-kept npm library for this, judges
// staleness by an mtime the holder keeps touching and, per its own documentation, can only detect afterwards that
// a lock was taken over twice ("compromised"); this file prevents it instead, with node:fs alone.)
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { pidAlive } from "./status";

export class RefreshBusyError extends Error {
  constructor() {
    super("Ya hay una actualización de los datos de informes en curso");
    this.name = "RefreshBusyError";
  }
}

/** The advisory lock's key on PostgreSQL: arbitrary and constant (db/migrate.ts uses 724_101 for migrations). */
export const REFRESH_LOCK_KEY = 724_111;

/** A lock written on another host (shared directory) cannot have its pid checked: trusted for this long. */
const FOREIGN_LOCK_MAX_MS = 2 * 60 * 60_000;
/** How old an unreadable lock file must be to count as stale. */
const DAMAGED_GRACE_MS = 5_000;
/** How many nested takeovers (a taker that died while taking over) are followed before answering busy. */
const MAX_TAKEOVER_DEPTH = 3;

type LockBody = { pid: number; host: string; started_at: string; nonce: string };

export type RefreshLock = {
  /** Whether a stale lock file (of a dead process) was taken over. Always false with PostgreSQL. */
  staleTakenOver: boolean;
  release: () => Promise<void>;
};

export type LockOptions = {
  /** Tests: called when a stale lock file has been judged stale, before its takeover (to interleave a rival). */
  onStale?: () => void;
};

export function lockPath(dir: string): string {
  return path.join(dir, "refresh.lock");
}

/** Take the refresh lock or throw RefreshBusyError. */
export async function acquireLock(dir: string, opts: LockOptions = {}): Promise<RefreshLock> {
  return acquireNamedLock({ file: lockPath(dir), pgKey: [REFRESH_LOCK_KEY], busy: () => new RefreshBusyError() }, opts);
}

/**
 * Another lock by the same means (one scheduled report's run, docs/decisions/058): the advisory lock `pgKey` (one
 * bigint, or two int4 — a keyspace of their own in PostgreSQL) with DATABASE_URL, else the lock file `file`; `busy`
 * is what is thrown when another holder has it.
 */
export async function acquireNamedLock(
  target: { file: string; pgKey: [number] | [number, number]; busy: () => Error },
  opts: LockOptions = {},
): Promise<RefreshLock> {
  const url = process.env.DATABASE_URL;
  if (url) return acquirePgLock(url, target.pgKey, target.busy);
  const held = acquireFileLock(target.file, opts);
  if (!held) throw target.busy();
  return { staleTakenOver: held.staleTakenOver, release: async () => held.release() };
}

/**
 * Whether another holder has the refresh lock right now (a probe: the lock is taken and given back at once). Worker
 * mode asks it before queueing an administrator's request, so the answer can say a refresh is already running.
 */
export async function refreshLockHeld(dir: string): Promise<boolean> {
  try {
    const lock = await acquireLock(dir);
    await lock.release();
    return false;
  } catch (e) {
    if (e instanceof RefreshBusyError) return true;
    throw e;
  }
}

async function acquirePgLock(url: string, key: [number] | [number, number], busy: () => Error): Promise<RefreshLock> {
  const args = key.map((_, i) => `$${i + 1}`).join(", ");
  const client = new pg.Client({ connectionString: url, application_name: "osep-reporting-lock" });
  // a connection lost while idle must not crash the process (PostgreSQL has dropped the lock with it)
  client.on("error", (e) =>
    console.error(`[reporting] se perdió la conexión del bloqueo de actualización: ${e.message}`),
  );
  await client.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>(`select pg_try_advisory_lock(${args}) as ok`, [...key]);
    if (!rows[0].ok) throw busy();
  } catch (e) {
    await client.end().catch(() => undefined);
    throw e;
  }
  return {
    staleTakenOver: false,
    release: async () => {
      try {
        await client.query(`select pg_advisory_unlock(${args})`, [...key]);
      } catch {
        // connection gone: the lock went with the session
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  };
}

type FileLock = { staleTakenOver: boolean; release: () => void };

/** The lock file at `file`, or null when a live process holds it (or is taking it over). */
function acquireFileLock(file: string, opts: LockOptions, depth = 0): FileLock | null {
  const body: LockBody = {
    pid: process.pid,
    host: os.hostname(),
    started_at: new Date().toISOString(),
    nonce: randomUUID(),
  };
  const text = JSON.stringify(body);
  let staleTakenOver = false;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createExclusive(file, text)) {
      if (depth === 0) removeTakeoverLeftovers(file);
      return { staleTakenOver, release: () => removeIfMine(file, text) };
    }
    const raw = readOrNull(file);
    if (raw === null) continue; // released meanwhile: try again
    if (!isStale(raw, file)) return null;
    opts.onStale?.();
    if (depth >= MAX_TAKEOVER_DEPTH) return null;
    // Only the holder of the takeover lock for this very content may remove it.
    const takeover = acquireFileLock(takeoverPath(file, raw), {}, depth + 1);
    if (!takeover) return null;
    try {
      if (readOrNull(file) !== raw) continue; // taken over (or released) by somebody else meanwhile: look again
      fs.rmSync(file, { force: true });
      staleTakenOver = true;
    } finally {
      takeover.release();
    }
  }
  return null;
}

/** Create `file` holding `text`, atomically and only if it does not exist. */
function createExclusive(file: string, text: string): boolean {
  const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  fs.writeFileSync(tmp, text, { flag: "wx" });
  try {
    fs.linkSync(tmp, file);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code && NO_HARD_LINKS.has(code)) return createWithOpen(file, text);
    throw e;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

const NO_HARD_LINKS = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS"]);

/** File systems without hard links: an exclusive create, then the body (a reader may see it empty for a moment). */
function createWithOpen(file: string, text: string): boolean {
  try {
    fs.writeFileSync(file, text, { flag: "wx" });
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  }
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/**
 * A lock whose process is gone. An unreadable one (damaged) too, once it is older than DAMAGED_GRACE_MS: where
 * hard links are missing, a lock being created may be read empty for an instant.
 */
function isStale(raw: string, file: string): boolean {
  let held: LockBody;
  try {
    held = JSON.parse(raw) as LockBody;
  } catch {
    try {
      return Date.now() - fs.statSync(file).mtimeMs > DAMAGED_GRACE_MS;
    } catch {
      return false; // gone meanwhile: somebody released or took it (busy this time)
    }
  }
  if (held.host === os.hostname()) return !pidAlive(held.pid);
  return !(Date.now() - Date.parse(held.started_at) < FOREIGN_LOCK_MAX_MS);
}

/** The lock guarding the takeover of the lock file `file` while it holds `raw`. */
export function takeoverPath(file: string, raw: string): string {
  return `${file}.takeover-${createHash("sha256").update(raw).digest("hex").slice(0, 16)}`;
}

function removeIfMine(file: string, text: string): void {
  if (readOrNull(file) === text) fs.rmSync(file, { force: true });
}

/**
 * Takeover locks left by takers that died: once this process holds the lock, the contents they were named after
 * are gone for good, so nobody needs them any more. (A live taker's one is left to it: it removes its own.)
 */
function removeTakeoverLeftovers(file: string): void {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.takeover-`;
  for (const f of fs.readdirSync(dir)) {
    if (!f.startsWith(prefix) || f.endsWith(".tmp")) continue;
    const raw = readOrNull(path.join(dir, f));
    if (raw !== null && isStale(raw, path.join(dir, f))) fs.rmSync(path.join(dir, f), { force: true });
  }
}

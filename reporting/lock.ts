// One refresh at a time across processes: <reporting dir>/refresh.lock holds the owner's pid. A lock whose
// owner is gone (kill -9, crash) is stale and taken over.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pidAlive } from "./status";

export class RefreshBusyError extends Error {
  constructor() {
    super("Ya hay una actualización de los datos de informes en curso");
    this.name = "RefreshBusyError";
  }
}

const FOREIGN_LOCK_MAX_MS = 2 * 60 * 60_000;

type LockBody = { pid: number; host: string; started_at: string };

export function lockPath(dir: string): string {
  return path.join(dir, "refresh.lock");
}

/** Take the lock or throw RefreshBusyError. Returns whether a stale lock was taken over, and the release function. */
export function acquireLock(dir: string): { staleTakenOver: boolean; release: () => void } {
  const file = lockPath(dir);
  const body: LockBody = { pid: process.pid, host: os.hostname(), started_at: new Date().toISOString() };
  let staleTakenOver = false;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(body), { flag: "wx" });
      return {
        staleTakenOver,
        release: () => {
          try {
            const held = JSON.parse(fs.readFileSync(file, "utf8")) as LockBody;
            if (held.pid === process.pid) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      let held: LockBody | null = null;
      try {
        held = JSON.parse(fs.readFileSync(file, "utf8")) as LockBody;
      } catch {
        held = null; // unreadable: treat as stale
      }
      if (held && held.host === os.hostname() && pidAlive(held.pid)) throw new RefreshBusyError();
      // another host (shared directory): its pid cannot be checked, so trust it unless it is hours old
      if (held && held.host !== os.hostname() && Date.now() - Date.parse(held.started_at) < FOREIGN_LOCK_MAX_MS)
        throw new RefreshBusyError();
      fs.rmSync(file, { force: true });
      staleTakenOver = true;
    }
  }
  throw new RefreshBusyError();
}

// The refresh lock file (no DATABASE_URL: the embedded database, one machine): exclusive, released by its owner
// only, a dead owner's lock taken over, and never by two takers at once. (The PostgreSQL advisory lock is tested
// against a real server in snapshot.test.ts.)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { acquireLock, lockPath, RefreshBusyError, takeoverPath, type RefreshLock } from "./lock";

let dir: string;
let databaseUrl: string | undefined;

beforeEach(() => {
  databaseUrl = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-lock-"));
});

afterEach(() => {
  vi.restoreAllMocks();
  if (databaseUrl !== undefined) process.env.DATABASE_URL = databaseUrl;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A pid no process has any more. */
function deadPid(): number {
  return spawnSync(process.execPath, ["-e", ""]).pid!;
}

/** A lock file as a process that died (kill -9) left it; returns its text. */
function writeDeadLock(file: string): string {
  const text = JSON.stringify({
    pid: deadPid(),
    host: os.hostname(),
    started_at: new Date().toISOString(),
    nonce: "x",
  });
  fs.writeFileSync(file, text);
  return text;
}

test("exclusive: while one holds the lock another is refused; after its release the lock can be taken again", async () => {
  const first = await acquireLock(dir);
  expect(first.staleTakenOver).toBe(false);
  expect(JSON.parse(fs.readFileSync(lockPath(dir), "utf8"))).toMatchObject({ pid: process.pid, host: os.hostname() });
  await expect(acquireLock(dir)).rejects.toBeInstanceOf(RefreshBusyError);
  await first.release();
  expect(fs.existsSync(lockPath(dir))).toBe(false);
  const second = await acquireLock(dir);
  await second.release();
  expect(fs.readdirSync(dir)).toEqual([]); // no temporary file left either
});

test("a release never removes somebody else's lock", async () => {
  const mine = await acquireLock(dir);
  const theirs = JSON.stringify({ pid: process.pid, host: os.hostname(), started_at: "x", nonce: "theirs" });
  fs.writeFileSync(lockPath(dir), theirs);
  await mine.release();
  expect(fs.readFileSync(lockPath(dir), "utf8")).toBe(theirs);
});

test("a dead process's lock is taken over; so is an unreadable one, unless it is only seconds old", async () => {
  writeDeadLock(lockPath(dir));
  const taken = await acquireLock(dir);
  expect(taken.staleTakenOver).toBe(true);
  expect(JSON.parse(fs.readFileSync(lockPath(dir), "utf8")).pid).toBe(process.pid);
  await taken.release();
  fs.writeFileSync(lockPath(dir), "{ damaged");
  await expect(acquireLock(dir)).rejects.toBeInstanceOf(RefreshBusyError); // it may be a lock being written
  const minuteAgo = new Date(Date.now() - 60_000);
  fs.utimesSync(lockPath(dir), minuteAgo, minuteAgo);
  const again = await acquireLock(dir);
  expect(again.staleTakenOver).toBe(true);
  await again.release();
});

test("two takers of one stale lock: when the rival takes it over first, the other is refused (never both)", async () => {
  writeDeadLock(lockPath(dir));
  let rival: Promise<RefreshLock> | null = null;
  // the rival runs its whole takeover right after this taker has judged the lock stale, before it acts on that
  const taker = acquireLock(dir, {
    onStale: () => {
      rival ??= acquireLock(dir);
    },
  });
  const [a, b] = await Promise.allSettled([taker, rival!]);
  expect(rival).not.toBeNull();
  expect(b).toMatchObject({ status: "fulfilled", value: { staleTakenOver: true } });
  expect(a.status).toBe("rejected");
  expect((a as PromiseRejectedResult).reason).toBeInstanceOf(RefreshBusyError);
  if (b.status === "fulfilled") await b.value.release();
  expect(fs.readdirSync(dir)).toEqual([]);
});

test("a taker that died half way through a takeover does not block the lock for good", async () => {
  const stale = writeDeadLock(lockPath(dir));
  writeDeadLock(takeoverPath(lockPath(dir), stale)); // its takeover lock, left by a taker killed meanwhile
  const taken = await acquireLock(dir);
  expect(taken.staleTakenOver).toBe(true);
  await taken.release();
  expect(fs.readdirSync(dir)).toEqual([]);
});

test("a live taker's takeover holds the others off", async () => {
  const stale = writeDeadLock(lockPath(dir));
  const busyTaker = JSON.stringify({ pid: process.pid, host: os.hostname(), started_at: "x", nonce: "y" });
  fs.writeFileSync(takeoverPath(lockPath(dir), stale), busyTaker);
  await expect(acquireLock(dir)).rejects.toBeInstanceOf(RefreshBusyError);
  expect(fs.readFileSync(lockPath(dir), "utf8")).toBe(stale);
});

test("on a file system without hard links the lock is still exclusive", async () => {
  vi.spyOn(fs, "linkSync").mockImplementation(() => {
    throw Object.assign(new Error("operation not permitted"), { code: "EPERM" });
  });
  const first = await acquireLock(dir);
  expect(JSON.parse(fs.readFileSync(lockPath(dir), "utf8")).pid).toBe(process.pid);
  await expect(acquireLock(dir)).rejects.toBeInstanceOf(RefreshBusyError);
  await first.release();
  expect(fs.readdirSync(dir)).toEqual([]);
});

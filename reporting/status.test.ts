// writeJsonAtomic (the switch to a new snapshot, the refresh status): the new content reaches the disk before the
// rename makes it current, and the rename itself is made durable, so a crash cannot leave an empty current.json.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, expect, test, vi } from "vitest";
import { writeJsonAtomic } from "./status";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-status-"));
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

test("the data is synced before the rename, the directory after it; the file holds the JSON and no temp is left", () => {
  const file = path.join(dir, "current.json");
  fs.writeFileSync(file, JSON.stringify({ file: "old" }));
  const events: string[] = [];
  const fds = new Map<number, string>();
  const open = fs.openSync;
  vi.spyOn(fs, "openSync").mockImplementation(((p: fs.PathLike, ...rest: unknown[]) => {
    const fd = (open as (...a: unknown[]) => number)(p, ...rest);
    fds.set(fd, String(p));
    return fd;
  }) as typeof fs.openSync);
  const fsync = fs.fsyncSync;
  vi.spyOn(fs, "fsyncSync").mockImplementation((fd: number) => {
    const p = fds.get(fd) ?? "?";
    events.push(`fsync ${p === dir ? "dir" : JSON.parse(fs.readFileSync(p, "utf8")).file}`);
    fsync(fd);
  });
  const rename = fs.renameSync;
  vi.spyOn(fs, "renameSync").mockImplementation((a: fs.PathLike, b: fs.PathLike) => {
    events.push(`rename to ${path.basename(String(b))}`);
    rename(a, b);
  });
  writeJsonAtomic(file, { file: "new" });
  expect(events).toEqual([
    "fsync new",
    "rename to current.json",
    ...(process.platform === "win32" ? [] : ["fsync dir"]),
  ]);
  expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({ file: "new" });
  expect(fs.readdirSync(dir)).toEqual(["current.json"]);
});

// Issue 35, item 10: a web worker killed under WEB_CONCURRENCY=2 took its Chromium with it no longer: ~866 MB stayed
// behind each time. The renderer drives the browser over a pipe (puppeteer's `pipe: true`, reporting/render/pdf.ts):
// when the worker dies, even by kill -9, the pipe closes and Chromium exits. The production app on PostgreSQL with
// two workers: one prints a PDF, its Chromium processes (every descendant of that worker) are noted, the worker is
// killed with SIGKILL, and every one of them is gone shortly after (polled). Postgres and the build only.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { login } from "~scripts/bench/api/server";
import { clusterPrerequisite, killGroup, startApp, type AppProcess } from "~tests/support/app-process";
import { useTestDatabase, type TestDb } from "~tests/support/db";

const runs = clusterPrerequisite("Chromium ends with its worker");

let t: TestDb;
let app: AppProcess | undefined;
/** The Chromium processes of the worker that printed (killed after the test if any outlived it: no leftovers). */
let chromium: number[] = [];

/** pid → [parent pid, state, command name] of every process of this machine (Linux /proc). */
function processTable(): Map<number, { ppid: number; state: string; comm: string }> {
  const table = new Map<number, { ppid: number; state: string; comm: string }>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split at the last ')'
      const close = stat.lastIndexOf(")");
      const [state, ppid] = stat.slice(close + 2).split(" ");
      table.set(Number(name), { ppid: Number(ppid), state, comm: stat.slice(stat.indexOf("(") + 1, close) });
    } catch {
      // ended while reading
    }
  }
  return table;
}

/** Every descendant of `pid` (children, their children…). */
function descendants(pid: number): number[] {
  const table = processTable();
  const out: number[] = [];
  const walk = (parent: number) => {
    for (const [child, p] of table) {
      if (p.ppid === parent) {
        out.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return out;
}

/** The pids still running (a zombie waiting for its reaper holds no memory: it counts as ended). */
function running(pids: number[]): number[] {
  const table = processTable();
  return pids.filter((pid) => table.has(pid) && table.get(pid)!.state !== "Z");
}

/** The pids the primary logged for its workers, by worker id. */
function workerPids(): Map<number, number> {
  const m = new Map<number, number>();
  for (const [, id, pid] of app!.output().matchAll(/proceso web (\d+) iniciado \(pid (\d+)\)/g)) m.set(+id, +pid);
  return m;
}

describe.runIf(runs)("a killed worker's Chromium", () => {
  beforeAll(async () => {
    t = await useTestDatabase();
    app = await startApp({
      DATABASE_URL: process.env.DATABASE_URL!,
      REPORTING_DIR: t.reportingDir,
      DEMO: "0",
      PDF_WARMUP: "0", // only the worker that prints launches a browser
      REPORTING_SCHEDULER: "",
      WEB_CONCURRENCY: "2",
    });
  });
  afterAll(async () => {
    if (app?.child.exitCode === null) await app.stop();
    killGroup(app);
    for (const pid of running(chromium)) process.kill(pid, "SIGKILL");
    await t?.cleanup();
  });

  test("ends with its worker: kill -9 of the worker that printed leaves none of its Chromium processes", async () => {
    const { token } = await login(app!.origin, "admin", "admin");
    const res = await fetch(`${app!.origin}/listado-capa/report.pdf?fecha_desde=2025-03-01&fecha_hasta=2025-03-31`, {
      headers: { "x-auth-token": token },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    await res.arrayBuffer();

    // the worker that printed: the request log's worker tag, the primary's line for its pid
    const line = () => app!.output().match(/^.* GET \/listado-capa\/report\.pdf 200 .* worker=(\d)$/m);
    await expect.poll(() => line()?.[1], { timeout: 5000, interval: 50 }).toMatch(/^[12]$/);
    const worker = workerPids().get(Number(line()![1]))!;
    chromium = descendants(worker);
    const table = processTable();
    expect(chromium.map((pid) => table.get(pid)?.comm)).toContain("chromium");

    process.kill(worker, "SIGKILL");
    await app!.waitFor(/el proceso web \d \(pid \d+\) terminó \(señal SIGKILL\): se reemplaza/);
    await expect.poll(() => running(chromium), { timeout: 20_000, interval: 100 }).toEqual([]);
  }, 120_000);
});

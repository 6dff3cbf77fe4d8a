// Issue 16, WEB_CONCURRENCY=2 with DATABASE_URL (ADR 043): `npm start` serves with two worker processes on one
// port (node:cluster). Several keep-alive connections are answered by both workers (the request log's worker tag),
// the reporting refresh runs once (in the primary), a worker that dies is replaced and the app keeps answering,
// and SIGTERM stops everything cleanly: exit code 0 and no process of the app left. Postgres only.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clusterPrerequisite, killGroup, startApp, type AppProcess } from "~tests/support/app-process";
import { useTestDatabase, type TestDb } from "~tests/support/db";

const runs = clusterPrerequisite("WEB_CONCURRENCY=2");

let t: TestDb;
let app: AppProcess | undefined;

/** `n` GET requests at once over `connections` keep-alive connections; the statuses. */
async function burst(path: string, n: number, connections: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  try {
    return await Promise.all(
      Array.from(
        { length: n },
        () =>
          new Promise<number>((resolve, reject) => {
            http
              .get(app!.origin + path, { agent }, (res) => {
                res.resume();
                res.on("end", () => resolve(res.statusCode ?? 0));
              })
              .on("error", reject);
          }),
      ),
    );
  } finally {
    agent.destroy();
  }
}

/** The pids the primary logged for its workers, by worker id. */
function workerPids(): Map<number, number> {
  const m = new Map<number, number>();
  for (const [, id, pid] of app!.output().matchAll(/proceso web (\d+) iniciado \(pid (\d+)\)/g)) m.set(+id, +pid);
  return m;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.runIf(runs)("WEB_CONCURRENCY=2 on PostgreSQL", () => {
  beforeAll(async () => {
    t = await useTestDatabase();
    app = await startApp({
      DATABASE_URL: process.env.DATABASE_URL!,
      REPORTING_DIR: t.reportingDir,
      DEMO: "0", // the test database has its users already
      PDF_WARMUP: "0",
      REPORTING_SCHEDULER: "", // the primary owns the schedule
      WEB_CONCURRENCY: "2",
    });
  });
  afterAll(async () => {
    if (app?.child.exitCode === null) await app.stop();
    killGroup(app);
    await t?.cleanup();
  });

  test("one 'OSEP listo' for two workers; keep-alive connections are answered by both; no query string logged", async () => {
    expect(app!.output()).toMatch(/OSEP listo en http:\/\/127\.0\.0\.1:\d+ \(2 procesos web, WEB_CONCURRENCY=2\)/);
    expect(app!.output().match(/OSEP listo/g)).toHaveLength(1);
    expect([...workerPids().keys()]).toEqual([1, 2]);
    const statuses = await burst("/healthz?dni=20111222", 40, 8);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // one line per request (a line is written just after its answer left)
    const lines = () => app!.output().match(/^.* GET \/healthz .*$/gm) ?? [];
    await expect.poll(() => lines().length, { timeout: 5000, interval: 50 }).toBe(40);
    expect(lines().filter((l) => l.endsWith(" worker=1")).length).toBeGreaterThan(0);
    expect(lines().filter((l) => l.endsWith(" worker=2")).length).toBeGreaterThan(0);
    expect(lines().every((l) => / 200 [\d.]+ms user=- worker=[12]$/.test(l))).toBe(true);
    expect(app!.output()).not.toContain("20111222");
  });

  test("the reporting refresh runs once, in the primary (the workers are read-only)", async () => {
    await app!.waitFor(/\[reporting\] instantánea \S+ lista/, 60_000);
    expect(app!.output().match(/\[reporting\] actualización \(no hay instantánea\)/g)).toHaveLength(1);
  });

  test("a worker that dies is replaced; the app keeps answering", async () => {
    const pid = workerPids().get(2)!;
    process.kill(pid, "SIGKILL");
    await app!.waitFor(/el proceso web 2 \(pid \d+\) terminó \(señal SIGKILL\): se reemplaza/);
    await app!.waitFor("Proceso web 3 atendiendo", 60_000);
    expect(alive(pid)).toBe(false);
    expect(await burst("/healthz", 10, 4)).toEqual(Array(10).fill(200));
  });

  test("SIGTERM: the workers close, then the primary exits 0; no process is left", async () => {
    const pids = [...workerPids().values()];
    expect(await app!.stop("SIGTERM")).toEqual({ code: 0, signal: null });
    expect(app!.output()).toContain("SIGTERM: cerrando 2 procesos web");
    // the primary exits after its workers; tsx's helper process may take a moment longer to notice
    await expect.poll(() => app!.groupAlive(), { timeout: 5000, interval: 100 }).toBe(false);
    expect(pids.filter(alive)).toEqual([]);
  });
});

// WEB_CONCURRENCY (issue 16, ADR 043): the plan (N processes only with DATABASE_URL; one, with a line saying why, on
// the embedded PGlite), what each worker adds to its environment (read-only schedule, one PDF warm-up), the
// back-off of a worker that dies at once repeatedly, and a bad value stopping `npm start` with its message.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { appBuilt } from "~tests/support/app-process";
import { prerequisite } from "~tests/support/prerequisite";
import { serverBundleFile } from "./server";
import { clusterPlan, MAX_RESTART_DELAY_MS, QUICK_DEATH_MS, restartDelayMs, workerEnv } from "./cluster";

const PG = "postgres://u@127.0.0.1:5432/osep";

describe("clusterPlan", () => {
  test("default: one process, nothing to say", () => {
    expect(clusterPlan({})).toEqual({ workers: 1, note: null });
    expect(clusterPlan({ DATABASE_URL: PG })).toEqual({ workers: 1, note: null });
  });
  test("WEB_CONCURRENCY=N with DATABASE_URL: N processes", () => {
    expect(clusterPlan({ DATABASE_URL: PG, WEB_CONCURRENCY: "3" })).toEqual({ workers: 3, note: null });
  });
  test("without DATABASE_URL it is ignored, with one line saying why", () => {
    const plan = clusterPlan({ WEB_CONCURRENCY: "4" });
    expect(plan.workers).toBe(1);
    expect(plan.note).toMatch(
      /^WEB_CONCURRENCY=4 no se aplica: la base embebida \(PGlite\) pertenece a un solo proceso/,
    );
  });
  test("a bad value is refused even where it would be ignored", () => {
    expect(() => clusterPlan({ WEB_CONCURRENCY: "abc" })).toThrow(/^WEB_CONCURRENCY debe ser un número entero/);
  });
});

describe("workerEnv", () => {
  test("every worker reads the reporting store only; only the first warms the PDF browser", () => {
    expect(workerEnv(0, {})).toEqual({ REPORTING_SCHEDULER: "worker", PDF_WARMUP: "1" });
    expect(workerEnv(1, {})).toEqual({ REPORTING_SCHEDULER: "worker", PDF_WARMUP: "0" });
    expect(workerEnv(3, { PDF_WARMUP: "1" }).PDF_WARMUP).toBe("0");
  });
  test("PDF_WARMUP=0 of the deployment holds for every worker", () => {
    expect(workerEnv(0, { PDF_WARMUP: "0" }).PDF_WARMUP).toBe("0");
  });
});

describe("restartDelayMs", () => {
  test("a worker that lived past QUICK_DEATH_MS is replaced at once", () => {
    expect(restartDelayMs(QUICK_DEATH_MS, 0)).toBe(0);
    expect(restartDelayMs(3_600_000, 0)).toBe(0);
  });
  test("dying at once: the first time at once, then 1 s, 2 s, 4 s… up to 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((k) => restartDelayMs(500, k))).toEqual([
      0,
      1000,
      2000,
      4000,
      8000,
      16_000,
      MAX_RESTART_DELAY_MS,
      MAX_RESTART_DELAY_MS,
    ]);
  });
});

const built = prerequisite(
  "npm start with a bad WEB_CONCURRENCY",
  appBuilt() ? null : "no build (run `npm run build`; npm test builds first)",
);

describe.runIf(built)("npm start with a bad WEB_CONCURRENCY (the built server)", () => {
  test.each(["abc", "0", "-1"])("WEB_CONCURRENCY=%s: the message, exit code 1, before any work", (value) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-webc-"));
    try {
      const r = spawnSync(process.execPath, [serverBundleFile("start")], {
        // were the value accepted, this would start an in-memory embedded app: the timeout ends it
        env: {
          ...process.env,
          DATABASE_URL: undefined,
          READ_REPLICA_URL: undefined,
          PGLITE_MEMORY: "1",
          NODE_ENV: "production",
          WEB_CONCURRENCY: value,
          DATA_DIR: dataDir,
          PORT: "0",
        },
        encoding: "utf8",
        timeout: 60_000,
        killSignal: "SIGKILL",
      });
      expect(r.stderr.trim()).toBe(
        `WEB_CONCURRENCY debe ser un número entero entre 1 y 64 (valor recibido: ${JSON.stringify(value)}).`,
      );
      expect(r.status).toBe(1);
      expect(r.stdout).toBe(""); // no build, no database, no server
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

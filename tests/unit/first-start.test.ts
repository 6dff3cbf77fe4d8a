// `npm start` on an empty DATA_DIR, on the embedded database (PGlite on disk, what a newcomer's `npm start` uses):
// migrate, reference and demo data, serve, and a demo user signs in through the login form. `npm test` runs the rest
// of the suite on a throwaway PostgreSQL (ADR 048): this file keeps the embedded start covered.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appBuilt, killGroup, startApp, type AppProcess } from "~tests/support/app-process";
import { prerequisite } from "~tests/support/prerequisite";

const missing = !appBuilt() ? "no build (run `npm run build`; npm test builds first)" : null;
const runs = prerequisite("npm start on an empty DATA_DIR (PGlite)", missing);

let app: AppProcess | undefined;
let dataDir: string;

describe.runIf(runs)("npm start on an empty DATA_DIR, embedded database", () => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-first-start-"));
    app = await startApp(
      {
        DATABASE_URL: "",
        READ_REPLICA_URL: "",
        PGLITE_MEMORY: "",
        DEMO: "",
        DATA_DIR: dataDir,
        REPORTING_DIR: "",
        PDF_WARMUP: "0",
        WEB_CONCURRENCY: "",
      },
      150_000,
    );
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
    killGroup(app);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("the database is PGlite under DATA_DIR, migrated and seeded with the demo data; the first snapshot reads it", async () => {
    expect(app!.output()).toMatch(/Datos de demostración: .*afiliados=\d+/);
    // The first reporting snapshot is built right after the start, from the one embedded database: on a busy machine
    // the health check's query can wait behind it past its timeout (503). Asked once the snapshot is there.
    await app!.waitFor(/\[reporting\] instantánea \S+ lista en \d+ ms desde pglite:/, 120_000);
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(true);
    const answer = await fetch(`${app!.origin}/healthz`);
    const body = await answer.text();
    expect(answer.status, body).toBe(200);
    expect(JSON.parse(body), body).toMatchObject({ database: { ok: true, driver: "pglite" } });
  }, 150_000);

  test("a demo user signs in through the login form and reaches the home screen", async () => {
    const answer = await fetch(`${app!.origin}/?index`, {
      method: "POST",
      headers: { origin: app!.origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ usuario: "admin", password: "admin" }),
      redirect: "manual",
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/home");
    const cookie = answer.headers.get("set-cookie")!.split(";")[0];
    const home = await fetch(`${app!.origin}/home`, { headers: { cookie }, redirect: "manual" });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("ADMINISTRADOR DEL SISTEMA");
  });
});

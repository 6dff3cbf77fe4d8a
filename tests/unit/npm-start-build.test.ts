// Issue 36 §1: `npm start` runs the built server, never TypeScript compiled at run time. On a tree with nothing
// built (here a fresh OSEP_BUILD_DIR, as on a fresh clone) the launcher (scripts/start.mjs) says so in one line and
// runs `npm run build` — the Remix app and the server bundle, both under OSEP_BUILD_DIR — then serves from
// <build>/server/start.js; `npm run worker` runs the worker's bundle; a stack trace of the built server names the
// TypeScript files (source maps). The embedded database, in memory.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { killGroup, startApp, type AppProcess } from "~tests/support/app-process";

let app: AppProcess | undefined;
let buildDir: string;
let dataDir: string;

/** The environment of every process here: this build, the in-memory embedded database, no PDF browser. */
const env = () => ({
  OSEP_BUILD_DIR: buildDir,
  DATABASE_URL: "",
  READ_REPLICA_URL: "",
  PGLITE_MEMORY: "1",
  DEMO: "",
  DATA_DIR: dataDir,
  REPORTING_DIR: "",
  PDF_WARMUP: "0",
  WEB_CONCURRENCY: "",
});

describe("npm start with nothing built", () => {
  beforeAll(async () => {
    // inside the project (.builds/ is ignored by git): the bundles import the packages of its node_modules
    fs.mkdirSync(".builds", { recursive: true });
    buildDir = path.resolve(fs.mkdtempSync(path.join(".builds", "npm-start-")));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-build-data-"));
    app = await startApp(env(), 280_000, ["scripts/start.mjs"]);
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
    killGroup(app);
    for (const dir of [buildDir, dataDir]) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("says it builds, once; builds the app and the server into OSEP_BUILD_DIR; serves that build", async () => {
    expect(app!.output().match(/No hay build: compilando la aplicación…/g)).toHaveLength(1);
    for (const file of ["index.js", "server/start.js", "server/worker.js", "server/migrations/meta/_journal.json"]) {
      expect(fs.existsSync(path.join(buildDir, file)), file).toBe(true);
    }
    const page = await fetch(`${app!.origin}/`);
    expect(page.status).toBe(200);
    const asset = /\/build\/[^"]+\.js/.exec(await page.text())?.[0] ?? "(ninguno)";
    expect(fs.existsSync(path.join(buildDir, "assets", asset.slice("/build/".length))), asset).toBe(true);
    expect((await fetch(`${app!.origin}${asset}`)).status).toBe(200);
  });

  test("npm run worker runs the worker's bundle (without a PostgreSQL it says so and stops)", () => {
    const r = spawnSync(process.execPath, ["scripts/start.mjs", "worker"], {
      env: { ...process.env, ...env() },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.stderr).toContain("npm run worker necesita una base PostgreSQL");
    expect(r.status).toBe(1);
    expect(r.stdout).not.toContain("No hay build"); // built once, by the start above
  });

  test("a stack trace of the built server names the TypeScript source, not the bundle", () => {
    const r = spawnSync(process.execPath, [path.join(buildDir, "server", "start.js")], {
      // nothing listens on port 1: the migration's connection fails at once
      env: { ...process.env, ...env(), DATABASE_URL: "postgres://osep@127.0.0.1:1/osep", PORT: "0" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/db\/migrate\.ts:\d+:\d+/);
    expect(r.stderr).not.toMatch(/\.main\.js|chunk-/);
  });
});

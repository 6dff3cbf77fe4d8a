// npm run bench:restore-embedded [-- --scale demo|bench] [--data-dir DIR] — issue 36's figures for the embedded
// database's backups (docs/benchmarks.md, "Issue 36 — embedded backups"; docs/decisions/067). On an embedded
// DATA_DIR (a copy of DIR, or a new one: the demo seeded by the app's own first start, the bench scale by
// `npm run db:seed`), with the built app running: `npm run backup` (the real command, its wall time, and the app's
// own dump time from its log: the moment the app answers nothing else), the archive's size against the data
// directory's, then with the app stopped `npm run restore` into a new DATA_DIR and the app's start on it until
// ready (restore + start = the RTO). Figures only; no assertions.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { appBuilt, startApp, type AppProcess } from "~tests/support/app-process";

const { values } = parseArgs({
  options: { scale: { type: "string", default: "demo" }, "data-dir": { type: "string" } },
  strict: true,
});
if (values.scale !== "demo" && values.scale !== "bench") {
  console.error("uso: npm run bench:restore-embedded -- [--scale demo|bench] [--data-dir DIR]");
  process.exit(2);
}
if (!appBuilt()) {
  console.error("Falta el build: ejecute `npx remix build` primero.");
  process.exit(2);
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), "osep-bench-restore-"));
const envFor = (dataDir: string): Record<string, string> => ({
  DATABASE_URL: "",
  READ_REPLICA_URL: "",
  PGLITE_MEMORY: "",
  DATA_DIR: dataDir,
  REPORTING_DIR: "",
  REPORTS_DIR: "",
  ROSTER_DIR: "",
  PDF_WARMUP: "0",
  WEB_CONCURRENCY: "",
  // the snapshot's first build would read the database while the backup runs: measured alone
  REPORTING_SCHEDULER: "worker",
});

function run(cmd: string, args: string[], env: Record<string, string>): Promise<{ ms: number; out: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (b: Buffer) => (out += b.toString()));
    child.once("exit", (code) =>
      code === 0
        ? resolve({ ms: performance.now() - started, out })
        : reject(new Error(`${cmd} ${args.join(" ")} terminó con ${code}\n${out}`)),
    );
  });
}

function bytesUnder(dir: string): number {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) n += fs.statSync(path.join(e.parentPath, e.name)).size;
  }
  return n;
}

/** GET /healthz (it asks the database) every 100 ms until stopped: the slowest answer while the backup runs. */
function healthProbe(origin: string) {
  let slowest = 0;
  let count = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      await fetch(`${origin}/healthz`).then((r) => r.arrayBuffer());
      slowest = Math.max(slowest, performance.now() - t);
      count++;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    count: () => count,
    stop: async () => {
      running = false;
      await loop;
      return slowest;
    },
  };
}

async function timedStart(dataDir: string): Promise<{ app: AppProcess; ms: number }> {
  const started = performance.now();
  const app = await startApp(envFor(dataDir), 1_800_000);
  return { app, ms: performance.now() - started };
}

const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const original = path.join(root, "data");
const restored = path.join(root, "restaurada");
const archive = path.join(root, "respaldo.tar.gz");
let app: AppProcess | undefined;
try {
  if (values["data-dir"]) fs.cpSync(values["data-dir"], original, { recursive: true });
  else if (values.scale === "bench") {
    console.log("Sembrando la escala bench en PGlite (largo)…");
    await run("npm", ["run", "--silent", "db:seed", "--", "--scale", "bench"], envFor(original));
  }
  const loadBefore = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
  const first = await timedStart(original);
  app = first.app;
  console.log(`App lista sobre ${original} en ${s(first.ms)}; respaldando…`);
  const probe = healthProbe(app.origin);
  const backup = await run("npm", ["run", "--silent", "backup", "--", archive], envFor(original));
  const slowest = await probe.stop();
  const logged = /\[respaldo\] volcado de la base embebida hecho en (\d+) ms .*durante (\d+) ms/.exec(app.output());
  await app.stop();
  app = undefined;
  const pgdata = bytesUnder(path.join(original, "pglite"));
  const size = fs.statSync(archive).size;
  const restore = await run("npm", ["run", "--silent", "restore", "--", archive], envFor(restored));
  const second = await timedStart(restored);
  app = second.app;
  await app.stop();
  app = undefined;
  console.log(
    `\nBase embebida (${values["data-dir"] ? values["data-dir"] : `escala ${values.scale}`}), ${os.cpus().length} núcleos:`,
  );
  console.log(`  datos PGlite                 ${mb(pgdata)}`);
  console.log(`  archivo de respaldo          ${mb(size)}  (${((100 * size) / pgdata).toFixed(0)} % de los datos)`);
  console.log(`  npm run backup (app en marcha) ${s(backup.ms)}`);
  console.log(`    volcado dentro de la app     ${logged?.[1]} ms, base ocupada ${logged?.[2]} ms`);
  console.log(`    /healthz más lento durante el respaldo ${slowest.toFixed(0)} ms (${probe.count()} pedidos)`);
  console.log(`    ${backup.out.trim()}`);
  console.log(`  npm run restore              ${s(restore.ms)}  (${restore.out.trim()})`);
  console.log(`  inicio de la app restaurada  ${s(second.ms)}`);
  console.log(`  RTO (restore + inicio)       ${s(restore.ms + second.ms)}`);
  console.log(`  ratio RTO / backup           ${((restore.ms + second.ms) / backup.ms).toFixed(2)}`);
  console.log(
    `  carga del equipo (1/5/15 min) antes ${loadBefore}, después ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")}`,
  );
} finally {
  if (app) await app.stop();
  fs.rmSync(root, { recursive: true, force: true });
}

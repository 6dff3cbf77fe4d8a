// The app server for the Playwright run: a fresh embedded database in a temporary DATA_DIR (removed at
// exit), or the real PostgreSQL of E2E_DATABASE_URL (reporting from E2E_READ_REPLICA_URL when given); demo
// users (DEMO=1); 127.0.0.1:3210. The nightly import of the registry feed is on, every 2 seconds, over the directory
// tests/e2e/importaciones-support.ts drops files into (FEED_DIR: osep-e2e-feed-<port> in the temporary directory,
// emptied at start and removed at exit): the 'Importaciones' specs see real imports.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const env = { ...process.env, PORT: process.env.E2E_PORT ?? "3210", HOST: "127.0.0.1", DEMO: "1" };
// the feed's directory: the same rule as tests/e2e/importaciones-support.ts feedDir()
let feedDir = path.join(os.tmpdir(), `osep-e2e-feed-${env.PORT}`);
fs.rmSync(feedDir, { recursive: true, force: true });
fs.mkdirSync(feedDir, { recursive: true });
env.FEED_DIR = feedDir;
env.FEED_CRON = "*/2 * * * * *";
// A temporary DATA_DIR in both cases: the embedded database and/or the reporting snapshots of this run only.
let dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-e2e-"));
env.DATA_DIR = dataDir;
delete env.REPORTING_DIR;
delete env.READ_REPLICA_URL;
if (process.env.E2E_DATABASE_URL) {
  env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  // CI: reporting refreshes read a streaming replica of that server
  if (process.env.E2E_READ_REPLICA_URL) env.READ_REPLICA_URL = process.env.E2E_READ_REPLICA_URL;
} else {
  delete env.DATABASE_URL;
}
console.log(
  `[e2e-server] ${env.DATABASE_URL ? "PostgreSQL (E2E_DATABASE_URL)" : `PGlite en ${dataDir}`}` +
    `${env.READ_REPLICA_URL ? ", informes desde la réplica (E2E_READ_REPLICA_URL)" : ""}`,
);

// what `npm start` runs: the built server (scripts/start.mjs builds first when nothing is built)
const child = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
child.stdout.pipe(process.stdout);
child.stderr.pipe(process.stderr);

function cleanup() {
  if (feedDir) fs.rmSync(feedDir, { recursive: true, force: true });
  feedDir = null;
  if (!dataDir) return;
  try {
    fs.rmSync(dataDir, { recursive: true, force: true });
  } catch {
    // a leftover temp dir is harmless
  }
  dataDir = null;
}

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    // the server closes within 5 s by itself; do not wait forever
    setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }, 8000).unref();
  });
}

child.on("exit", (code, signal) => {
  cleanup();
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});

// A throwaway PostgreSQL server of the test's own (Debian's binaries, /usr/lib/postgresql/<newest>/bin, as .ci/run
// finds them): a temporary data directory, a free loopback port, initdb and pg_ctl run as the `postgres` OS user
// when the test runs as root (Postgres refuses root), as the current user otherwise. For the tests that restart or
// stop the server (tests/unit/db-outage.test.ts): the CI server the other test files share is never disturbed.
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./app-process";

/** The bin directory of the newest installed PostgreSQL with initdb, or null. */
export function postgresBinDir(base = "/usr/lib/postgresql"): string | null {
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], "bin") : null;
}

export type OwnPostgres = {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: string;
  port: number;
  /** pg_ctl restart -m fast (waits until it accepts connections again); the milliseconds it took. */
  restartFast: () => Promise<number>;
  stop: () => void;
  start: () => void;
  /** Stops the server and removes its directory. */
  cleanup: () => void;
};

const asRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** The command that runs a PostgreSQL binary as the `postgres` user when we are root (su), as ourselves otherwise. */
export function asPostgres(bin: string, args: string[]): [string, string[]] {
  if (!asRoot) return [bin, args];
  return ["su", ["postgres", "-c", [bin, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(" ")]];
}

function run(bin: string, args: string[]): string {
  const [file, argv] = asPostgres(bin, args);
  return execFileSync(file, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** The same without blocking this process (its clients keep sending while the server restarts). */
function runAsync(bin: string, args: string[]): Promise<string> {
  const [file, argv] = asPostgres(bin, args);
  return new Promise((resolve, reject) =>
    execFile(file, argv, { encoding: "utf8" }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout),
    ),
  );
}

export async function startOwnPostgres(database = "osep"): Promise<OwnPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("no PostgreSQL binaries under /usr/lib/postgresql");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-own-pg-"));
  fs.chmodSync(dir, 0o755);
  const data = path.join(dir, "data");
  const log = path.join(dir, "postgres.log");
  fs.mkdirSync(data, { mode: 0o700 });
  fs.writeFileSync(log, "");
  if (asRoot) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  const port = await freePort();
  const ctl = (...args: string[]) => run(path.join(bin, "pg_ctl"), ["-D", data, "-l", log, ...args]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off`;
  run(path.join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8"]);
  const start = () => void ctl("-w", "-o", options, "start");
  start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    port,
    restartFast: async () => {
      const t0 = performance.now();
      await runAsync(path.join(bin, "pg_ctl"), ["-D", data, "-l", log, "-w", "-m", "fast", "-o", options, "restart"]);
      return performance.now() - t0;
    },
    stop: () => void ctl("-w", "-m", "fast", "stop"),
    start,
    cleanup: () => {
      try {
        ctl("-w", "-m", "immediate", "stop");
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

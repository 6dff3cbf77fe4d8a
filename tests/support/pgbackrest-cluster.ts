// A throwaway PostgreSQL cluster backed up by pgBackRest, as deploy/pgbackrest/ sets one up on a server (ADR 066):
// archive_mode on, every WAL segment pushed by `pgbackrest archive-push` into a repository of its own, stanza `osep`.
// Everything lives in one temporary directory (data, repository, pgBackRest's log/lock/spool, the socket) and the
// server listens on a free loopback port, so neither the shared test server nor /var/lib/pgbackrest is touched. For
// the restore drill (tests/unit/backup-postgres.test.ts) and `npm run bench:restore`. Debian's binaries; as root,
// PostgreSQL and pgBackRest run as the `postgres` OS user (su), like tests/support/own-postgres.ts.
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./app-process";
import { asPostgres, postgresBinDir } from "./own-postgres";

export const STANZA = "osep";

export type BackedUpCluster = {
  dir: string;
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: (database?: string) => string;
  /** `pgbackrest --config=<its own> --stanza=osep <args…>`; resolves with its output. */
  pgbackrest: (...args: string[]) => Promise<string>;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  /** Stops the server, empties its data directory and restores into it (`pgbackrest restore <args>`). */
  restoreInto: (...args: string[]) => Promise<void>;
  /** Waits until the server answers and has left recovery (a restore ends promoted). */
  waitWritable: (timeoutMs?: number) => Promise<void>;
  /** The repository's size on disk (bytes): backups and archived WAL. */
  repoBytes: () => number;
  /** Stops the server if it runs and removes the whole directory. */
  cleanup: () => void;
};

const asRoot = typeof process.getuid === "function" && process.getuid() === 0;

function runAsync(bin: string, args: string[]): Promise<string> {
  const [file, argv] = asPostgres(bin, args);
  return new Promise((resolve, reject) =>
    execFile(file, argv, { encoding: "utf8", maxBuffer: 64 << 20 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${bin} ${args.join(" ")}: ${err.message}\n${stdout}\n${stderr}`)) : resolve(stdout),
    ),
  );
}

/** pgBackRest's settings: deploy/pgbackrest/pgbackrest.conf's, with this cluster's paths. */
function pgbackrestConf(dir: string, port: number): string {
  return [
    "[global]",
    `repo1-path=${dir}/repo`,
    "repo1-retention-full=2",
    "repo1-bundle=y",
    "compress-type=zst",
    "process-max=2",
    "start-fast=y",
    `log-path=${dir}/log`,
    `lock-path=${dir}/lock`,
    `spool-path=${dir}/spool`,
    "log-level-console=warn",
    "log-level-file=info",
    "",
    `[${STANZA}]`,
    `pg1-path=${dir}/data`,
    `pg1-port=${port}`,
    `pg1-socket-path=${dir}/sock`,
    "",
  ].join("\n");
}

/** The server's settings: deploy/pgbackrest/osep-archive.conf's, with this cluster's config file and address. */
function serverConf(dir: string, port: number, fast: boolean): string {
  return [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}/sock'`,
    "wal_level = replica",
    "archive_mode = on",
    `archive_command = 'pgbackrest --config=${dir}/pgbackrest.conf --stanza=${STANZA} archive-push %p'`,
    "archive_timeout = 60",
    // a test's cluster only: no fsync (the drill tests the recovery, not the disk)
    ...(fast ? ["fsync = off", "synchronous_commit = off"] : []),
    "",
  ].join("\n");
}

/**
 * initdb, the settings, start, `create database <database>` and `pgbackrest stanza-create`. `fast` turns fsync off
 * (the drill); the bench keeps PostgreSQL's defaults.
 */
export async function startBackedUpCluster(opts: { database?: string; fast?: boolean } = {}): Promise<BackedUpCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("no PostgreSQL binaries under /usr/lib/postgresql");
  const database = opts.database ?? "osep";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-pgbackrest-"));
  fs.chmodSync(dir, 0o755);
  const data = path.join(dir, "data");
  for (const d of ["data", "repo", "log", "lock", "spool", "sock"]) fs.mkdirSync(path.join(dir, d), { mode: 0o700 });
  const port = await freePort();
  const conf = path.join(dir, "pgbackrest.conf");
  fs.writeFileSync(conf, pgbackrestConf(dir, port));
  fs.writeFileSync(path.join(dir, "postgres.log"), "");
  if (asRoot) execFileSync("chown", ["-R", "postgres:postgres", dir]);

  const pgctl = (...args: string[]) =>
    runAsync(path.join(bin, "pg_ctl"), ["-D", data, "-l", path.join(dir, "postgres.log"), ...args]);
  const url = (db = database) => `postgres://postgres@127.0.0.1:${port}/${db}`;
  const cluster: BackedUpCluster = {
    dir,
    port,
    url,
    pgbackrest: (...args) => runAsync("/usr/bin/pgbackrest", [`--config=${conf}`, `--stanza=${STANZA}`, ...args]),
    start: async () => void (await pgctl("-w", "-t", "300", "start")),
    stop: async () => void (await pgctl("-w", "-t", "300", "-m", "fast", "stop")),
    restoreInto: async (...args) => {
      if (fs.existsSync(path.join(data, "postmaster.pid"))) await cluster.stop();
      // pgBackRest restores into an empty directory (or with --delta); the drill starts from nothing
      for (const f of fs.readdirSync(data)) fs.rmSync(path.join(data, f), { recursive: true, force: true });
      await cluster.pgbackrest(...args, "restore");
    },
    waitWritable: (timeoutMs = 120_000) => waitWritable(url("postgres"), timeoutMs),
    repoBytes: () => directoryBytes(path.join(dir, "repo")),
    cleanup: () => {
      try {
        if (fs.existsSync(path.join(data, "postmaster.pid")))
          execFileSync(...asPostgres(path.join(bin, "pg_ctl"), ["-D", data, "-w", "-m", "immediate", "stop"]));
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await runAsync(path.join(bin, "initdb"), [
      "-D",
      data,
      "-A",
      "trust",
      "-U",
      "postgres",
      "-E",
      "UTF8",
      "--locale=C.UTF-8",
    ]);
    fs.appendFileSync(path.join(data, "postgresql.conf"), serverConf(dir, port, opts.fast ?? false));
    await cluster.start();
    const admin = new pg.Client({ connectionString: url("postgres") });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    await cluster.pgbackrest("stanza-create");
    return cluster;
  } catch (e) {
    cluster.cleanup();
    throw new Error(`${(e as Error).message}\n${fs.readFileSync(path.join(dir, "postgres.log"), "utf8")}`);
  }
}

async function waitWritable(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    const c = new pg.Client({ connectionString: url });
    try {
      await c.connect();
      const { rows } = await c.query<{ r: boolean }>("select pg_is_in_recovery() as r");
      if (!rows[0].r) return;
      last = "still in recovery";
    } catch (e) {
      last = e;
    } finally {
      await c.end().catch(() => undefined);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the restored server is not writable after ${timeoutMs} ms: ${String(last)}`);
}

/** Bytes of the files under `dir` (what `du` would count, apparent size). */
export function directoryBytes(dir: string): number {
  let total = 0;
  for (const name of fs.readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const stat = fs.lstatSync(path.join(dir, name));
    if (stat.isFile()) total += stat.size;
  }
  return total;
}

/** The database's clock now, as pgBackRest's --target takes it (UTC, microseconds). */
export async function databaseNow(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ t: string }>(
    `select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' as t`,
  );
  return rows[0].t;
}

// npm run bench:restore — issue 36 §5's figures on the bench scale (docs/benchmarks.md, "Issue 36 — backups"; ADR
// 066). pgBackRest needs the server's data directory and its WAL archive, so the bench makes its own cluster
// (tests/support/pgbackrest-cluster.ts: a temporary directory, a free loopback port, the settings of deploy/pgbackrest/
// with PostgreSQL's default durability), seeds the bench scale into it (`db:seed -- --scale bench`, minutes), then
// measures one after the other on that same database:
// 1. pgBackRest: full backup (time, size in the repository, compressed); restore of the latest state into an empty
//    data directory; the server started until it answers and has left recovery; the built app started on it until
//    it is ready ("OSEP listo") — the RTO is the sum.
// 2. pg_dump -Fc of the same database (time, size); pg_restore -j 2 into an empty database (time); the app on it.
// It prints a table and the ratios, and removes everything it made. Figures only: no assertions. `BENCH_KEEP=1` keeps
// the directory (its path is printed). Needs Debian's PostgreSQL and pgBackRest, and the build for the app's part.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { appBuilt, startApp } from "~tests/support/app-process";
import { postgresBinDir } from "~tests/support/own-postgres";
import { directoryBytes, startBackedUpCluster, type BackedUpCluster } from "~tests/support/pgbackrest-cluster";

const PASSWORD = "clave-del-banco-de-pruebas-36";

/** Runs `file args` (output passed through when `show`), resolves once it exits 0. */
function run(file: string, args: string[], env: Record<string, string> = {}, show = false): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(file, args, {
      env: { ...process.env, ...env },
      stdio: ["ignore", show ? "inherit" : "ignore", "inherit"],
    });
    p.on("error", reject);
    p.on("close", (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(file)} ${args.join(" ")} terminó con ${code ?? signal}`)),
    );
  });
}

async function timed(f: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await f();
  return (performance.now() - t0) / 1000;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql)).rows;
  } finally {
    await c.end();
  }
}

/** Seconds from starting the built app on `url` until it is ready; it is stopped right after. */
async function appReady(url: string): Promise<number | null> {
  if (!appBuilt()) return null;
  const t0 = performance.now();
  const app = await startApp(
    {
      DATABASE_URL: url,
      READ_REPLICA_URL: "",
      DEMO: "0",
      ADMIN_PASSWORD: PASSWORD,
      PDF_WARMUP: "0",
      REPORTING_SCHEDULER: "worker",
      WEB_CONCURRENCY: "1",
    },
    600_000,
  );
  const secs = (performance.now() - t0) / 1000;
  await app.stop();
  return secs;
}

/** The latest backup's sizes as `pgbackrest info` reports them (bytes). */
async function backupInfo(cluster: BackedUpCluster): Promise<{ database: number; repository: number }> {
  const [stanza] = JSON.parse(await cluster.pgbackrest("--output=json", "info")) as {
    backup: { info: { size: number; repository: { size: number } } }[];
  }[];
  const last = stanza.backup[stanza.backup.length - 1];
  return { database: last.info.size, repository: last.info.repository.size };
}

/** The machine's load average: the figures of a shared machine are read with it. */
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const s = (secs: number | null) => (secs === null ? "—" : `${secs.toFixed(1)} s`);

async function main() {
  const bin = postgresBinDir();
  if (!bin || !fs.existsSync("/usr/bin/pgbackrest")) {
    console.error(
      "Faltan PostgreSQL (/usr/lib/postgresql/*/bin) o pgBackRest (/usr/bin/pgbackrest): apt-get install postgresql pgbackrest",
    );
    process.exit(2);
  }
  if (!appBuilt()) console.warn("Aviso: no hay build (npx remix build): se mide sin el arranque de la aplicación.");
  const cluster = await startBackedUpCluster();
  console.log(
    `Clúster descartable en ${cluster.dir} (puerto ${cluster.port}); ${os.cpus().length} núcleos, carga ${load()}`,
  );
  try {
    const seed = await timed(() =>
      run(
        process.execPath,
        ["--import", "tsx", "scripts/seed.ts", "--scale", "bench"],
        { DATABASE_URL: cluster.url() },
        true,
      ),
    );
    const [{ size }] = await query<{ size: string }>(cluster.url(), "select pg_database_size('osep')::text as size");
    const [{ n }] = await query<{ n: string }>(cluster.url(), "select count(*)::text as n from afiliados");
    console.log(`Sembrado en ${s(seed)}: base osep de ${mb(Number(size))}, ${n} afiliados; carga ${load()}`);
    const f = await measure(cluster, bin);
    const rows: [string, string, string, string][] = [
      ["", "pgBackRest (full, zst, process-max=2)", "pg_dump -Fc / pg_restore -j 2", "ratio"],
      ["copia: tiempo", s(f.backup), s(f.dump), (f.backup / f.dump).toFixed(2) + "×"],
      ["copia: tamaño", mb(f.repo), mb(f.dumpBytes), (f.repo / f.dumpBytes).toFixed(2) + "×"],
      ["restauración (datos)", s(f.restore), s(f.pgRestore), (f.restore / f.pgRestore).toFixed(2) + "×"],
      ["arranque de PostgreSQL hasta escribir", s(f.serverUp), "— (ya en marcha)", ""],
      ["arranque de la aplicación hasta «OSEP listo»", s(f.appUp), s(f.appUpDump), ""],
      ["RTO (restauración + arranques)", s(f.rto), s(f.rtoDump), (f.rto / f.rtoDump).toFixed(2) + "×"],
    ];
    console.log(
      `\nBase: ${mb(Number(size))} (pg_database_size); directorio de datos ${mb(f.dataDir)}; copia completa sin comprimir ${mb(f.original)}`,
    );
    for (const r of [rows[0], ["---", "---", "---", "---"], ...rows.slice(1)]) console.log(`| ${r.join(" | ")} |`);
    console.log(`WAL archivado en el repositorio: ${mb(f.wal)}; carga (1/5/15 min): ${load()}`);
  } finally {
    if (process.env.BENCH_KEEP === "1") console.log(`BENCH_KEEP=1: queda ${cluster.dir}`);
    else cluster.cleanup();
  }
}

async function measure(cluster: BackedUpCluster, bin: string) {
  const backup = await timed(() => cluster.pgbackrest("--type=full", "backup"));
  const info = await backupInfo(cluster);
  const dumpFile = path.join(cluster.dir, "osep.dump");
  const dump = await timed(() => run(path.join(bin, "pg_dump"), ["-Fc", "-f", dumpFile, cluster.url()]));
  const dumpBytes = fs.statSync(dumpFile).size;
  const dataDir = directoryBytes(path.join(cluster.dir, "data"));

  await cluster.stop();
  const restore = await timed(() => cluster.restoreInto("--type=default"));
  const serverUp = await timed(async () => {
    await cluster.start();
    await cluster.waitWritable(600_000);
  });
  const appUp = await appReady(cluster.url());

  const pgRestore = await timed(async () => {
    await query(cluster.url("postgres"), "create database osep_dump");
    await run(path.join(bin, "pg_restore"), ["-j", "2", "-d", cluster.url("osep_dump"), dumpFile]);
  });
  const appUpDump = await appReady(cluster.url("osep_dump"));
  const rto = restore + serverUp + (appUp ?? 0);
  const rtoDump = pgRestore + (appUpDump ?? 0);
  const wal = directoryBytes(path.join(cluster.dir, "repo", "archive"));
  return {
    backup,
    repo: info.repository,
    original: info.database,
    dump,
    dumpBytes,
    dataDir,
    restore,
    serverUp,
    appUp,
    pgRestore,
    appUpDump,
    rto,
    rtoDump,
    wal,
  };
}

await main();

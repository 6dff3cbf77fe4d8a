// Reading the source database for a refresh: a real PostgreSQL (READ_REPLICA_URL, else DATABASE_URL) through
// COPY ... TO STDOUT, or the embedded PGlite through COPY ... TO '/dev/blob'. All tables of one refresh are read
// in one REPEATABLE READ transaction, so the snapshot is consistent across tables.
import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import copyStreams from "pg-copy-streams";
import { getDriver } from "~db/client.server";
import { primaryUrl, replicaWaitMs, sourceKey, sourceUrl } from "./config";

export type Source = {
  key: string;
  isReplica: boolean;
  /** True when copyCsv streams while the source reads (pg): worth a named pipe. PGlite hands over a whole blob. */
  streams: boolean;
  /** Write the CSV (Postgres CSV format, no header) of `select` to `target` (a file or a FIFO). */
  copyCsv(select: string, target: string): Promise<void>;
  close(): Promise<void>;
};

export async function openSource(): Promise<Source> {
  const url = sourceUrl();
  return url ? openPg(url) : openPglite();
}

async function openPg(url: string): Promise<Source> {
  const client = new pg.Client({ connectionString: url, application_name: "osep-reporting-refresh" });
  await client.connect();
  try {
    const isReplica = (await client.query<{ r: boolean }>("select pg_is_in_recovery() as r")).rows[0].r;
    const primary = primaryUrl();
    if (isReplica && primary) await waitForReplay(client, primary);
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    return {
      key: sourceKey(url),
      isReplica,
      streams: true,
      async copyCsv(select, target) {
        const from = client.query(copyStreams.to(`COPY (${select}) TO STDOUT WITH (FORMAT csv)`));
        await pipeline(from, fs.createWriteStream(target));
      },
      async close() {
        await client.query("ROLLBACK").catch(() => undefined);
        await client.end().catch(() => undefined);
      },
    };
  } catch (e) {
    await client.end().catch(() => undefined);
    throw e;
  }
}

/**
 * Wait until the replica has replayed everything the primary had written when the refresh began, so a refresh
 * right after a write sees it. Gives up (and goes on with what the replica has) after REPORTING_REPLICA_WAIT_MS.
 */
async function waitForReplay(replica: pg.Client, primaryConn: string): Promise<void> {
  const primary = new pg.Client({ connectionString: primaryConn, application_name: "osep-reporting-refresh" });
  await primary.connect();
  let target: string;
  try {
    target = (await primary.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn")).rows[0].lsn;
  } finally {
    await primary.end().catch(() => undefined);
  }
  const deadline = Date.now() + replicaWaitMs();
  for (;;) {
    const { rows } = await replica.query<{ ok: boolean }>(
      "select coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) as ok",
      [target],
    );
    if (rows[0].ok) return;
    if (Date.now() > deadline) {
      console.warn(`[reporting] la réplica no alcanzó al primario en ${replicaWaitMs()} ms; se usa lo que tiene`);
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function openPglite(): Promise<Source> {
  const driver = await getDriver();
  if (driver.kind !== "pglite") throw new Error("sin base de datos de origen");
  const { pglite } = driver;
  // PGlite runs one query at a time; the copies are short on embedded data sizes, and each is its own statement
  // inside one transaction kept open across them.
  let finish: (() => void) | null = null;
  let ready: (tx: Parameters<Parameters<typeof pglite.transaction>[0]>[0]) => void;
  const txReady = new Promise<Parameters<Parameters<typeof pglite.transaction>[0]>[0]>((r) => (ready = r));
  const done = pglite
    .transaction(async (tx) => {
      await tx.exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY");
      ready(tx);
      await new Promise<void>((r) => (finish = r));
    })
    .catch(() => undefined);
  const tx = await txReady;
  return {
    key: sourceKey(null, driver.dataDir),
    isReplica: false,
    streams: false,
    async copyCsv(select, target) {
      const res = await tx.query(`COPY (${select}) TO '/dev/blob' WITH (FORMAT csv)`);
      const blob = res.blob;
      await fs.promises.writeFile(target, blob ? Buffer.from(await blob.arrayBuffer()) : "");
    },
    async close() {
      finish?.();
      await done;
    },
  };
}

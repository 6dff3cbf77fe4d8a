// Reading the source database for a refresh: a real PostgreSQL (READ_REPLICA_URL, else DATABASE_URL) through
// COPY ... TO STDOUT, or the embedded PGlite through COPY ... TO '/dev/blob'. All tables of one refresh are read
// in one REPEATABLE READ transaction, so the snapshot is consistent across tables; parallel streams (Postgres only)
// are further sessions that import that transaction's snapshot (pg_export_snapshot / SET TRANSACTION SNAPSHOT).
import type { Writable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import pg from "pg";
import copyStreams from "pg-copy-streams";
import { getDriver } from "~db/client.server";
import { primaryUrl, replicaWaitMs, sourceKey, sourceUrl } from "./config";

/** One reading session of the refresh's snapshot. */
export type Copier = {
  /** Write the CSV (Postgres CSV format, no header) of `select` into `sink` (a file or a pipe), and end it. */
  copyCsv(select: string, sink: Writable): Promise<void>;
  close(): Promise<void>;
};

export type Source = Copier & {
  key: string;
  isReplica: boolean;
  /** True when copyCsv streams while the source reads (pg): worth a named pipe. PGlite hands over a whole blob. */
  streams: boolean;
  /** Another session on the very same snapshot, for a parallel stream; null when the source cannot share it. */
  share(): Promise<Copier | null>;
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
    // exporting a snapshot works on a standby too since PostgreSQL 10; older servers copy in one stream
    const version = Number((await client.query<{ v: string }>("SHOW server_version_num")).rows[0].v);
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    let exported: Promise<string> | null = null;
    return {
      ...pgCopier(client),
      key: sourceKey(url),
      isReplica,
      streams: true,
      async share() {
        if (version < 100_000) return null;
        // taken by the transaction's first statement, so the snapshot every session reads (a failure here is the
        // refresh's: the transaction is aborted)
        exported ??= client.query<{ id: string }>("SELECT pg_export_snapshot() AS id").then((r) => r.rows[0].id);
        return joinSnapshot(url, await exported);
      },
    };
  } catch (e) {
    await client.end().catch(() => undefined);
    throw e;
  }
}

function pgCopier(client: pg.Client): Copier {
  return {
    async copyCsv(select, sink) {
      const from = client.query(copyStreams.to(`COPY (${select}) TO STDOUT WITH (FORMAT csv)`));
      await pipeline(from, sink);
    },
    async close() {
      await client.query("ROLLBACK").catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

/** A second session reading the snapshot `id` exported by the refresh's first one (null if it cannot join). */
async function joinSnapshot(url: string, id: string): Promise<Copier | null> {
  const client = new pg.Client({ connectionString: url, application_name: "osep-reporting-refresh" });
  try {
    await client.connect();
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    await client.query(`SET TRANSACTION SNAPSHOT '${id.replace(/'/g, "''")}'`);
    return pgCopier(client);
  } catch {
    await client.end().catch(() => undefined);
    return null;
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
    async share() {
      return null; // one query at a time
    },
    async copyCsv(select, sink) {
      try {
        const res = await tx.query(`COPY (${select}) TO '/dev/blob' WITH (FORMAT csv)`);
        const blob = res.blob;
        sink.end(blob ? Buffer.from(await blob.arrayBuffer()) : "");
      } catch (e) {
        sink.destroy();
        throw e;
      }
      await finished(sink);
    },
    async close() {
      finish?.();
      await done;
    },
  };
}

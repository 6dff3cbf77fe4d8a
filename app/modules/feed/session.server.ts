// One database session for a whole import run: its TEMP staging tables live as long as the run. On PostgreSQL a
// connection of its own (not the pool's: it is closed at the end, which drops the staging tables and the run's
// advisory lock); on PGlite the one connection there is. Raw SQL text (the import builds it from the schema).
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { getDriver } from "~db/client.server";

type QueryResult<T> = { rows: T[]; affected: number };

export type Session = {
  kind: "pg" | "pglite";
  query<T = Record<string, unknown>>(text: string): Promise<QueryResult<T>>;
  /**
   * COPY … FROM a byte stream. `copySql(source)` gives the statement for STDIN (pg) or '/dev/blob' (PGlite, fed in
   * chunks that each end at a record boundary).
   */
  copyIn(copySql: (source: string) => string, chunks: Readable): Promise<void>;
  /** `work` in one transaction (COMMIT when it resolves, ROLLBACK when it throws). */
  transaction<T>(work: (s: Session) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** The advisory lock key of the import (db/migrate.ts 724_101, reporting 724_111). */
const FEED_LOCK_KEY = 724_137;

export class FeedBusyError extends Error {
  constructor() {
    super("Ya hay una importación del padrón en curso: intente cuando termine");
    this.name = "FeedBusyError";
  }
}

/** FEED_TRACE=1: each statement's time on stderr (for tuning the import on a large file). */
async function traced<T>(text: string, run: () => Promise<T>): Promise<T> {
  if (!process.env.FEED_TRACE) return run();
  const t0 = performance.now();
  try {
    return await run();
  } finally {
    const sql = text.replace(/\s+/g, " ").slice(0, 100);
    console.error(`[feed] ${(performance.now() - t0).toFixed(0).padStart(7)} ms  ${sql}`);
  }
}

function pgSession(client: pg.Client): Session {
  const s: Session = {
    kind: "pg",
    async query<T>(text: string) {
      const r = await traced(text, () => client.query(text));
      return { rows: r.rows as T[], affected: r.rowCount ?? 0 };
    },
    async copyIn(copySql, chunks) {
      await traced("COPY", () => pipeline(chunks, client.query(copyFrom(copySql("STDIN")))));
    },
    async transaction(work) {
      await client.query("BEGIN");
      try {
        const out = await work(s);
        await client.query("COMMIT");
        return out;
      } catch (e) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw e;
      }
    },
    async close() {
      await client.end();
    },
  };
  return s;
}

type PgliteLike = Pick<PGlite, "query"> | Transaction;

function pgliteSession(db: PGlite, conn: PgliteLike = db): Session {
  return {
    kind: "pglite",
    async query<T>(text: string) {
      const r = await traced(text, () => conn.query<T>(text));
      return { rows: r.rows, affected: r.affectedRows ?? 0 };
    },
    async copyIn(copySql, chunks) {
      const sql = copySql("'/dev/blob'");
      let linesBefore = 0;
      for await (const chunk of chunks as AsyncIterable<Buffer>) {
        try {
          await conn.query(sql, [], { blob: new Blob([new Uint8Array(chunk)]) });
        } catch (e) {
          if (e && typeof e === "object") Object.assign(e, { linesBefore });
          throw e;
        }
        for (let i = chunk.indexOf(0x0a); i >= 0; i = chunk.indexOf(0x0a, i + 1)) linesBefore++;
      }
    },
    async transaction(work) {
      if (conn !== db) return work(pgliteSession(db, conn));
      return db.transaction((tx) => work(pgliteSession(db, tx)));
    },
    async close() {
      await db.query("RESET work_mem").catch(() => undefined);
      running.delete(db);
    },
  };
}

/** PGlite runs in this process: one run at a time per database. */
const running = new WeakSet<PGlite>();

/** Opens the run's session and takes the import lock; FeedBusyError when another run holds it. */
export async function openSession(): Promise<Session> {
  const driver = await getDriver();
  if (driver.kind === "pglite") {
    if (running.has(driver.pglite)) throw new FeedBusyError();
    running.add(driver.pglite);
    // the validation's hashed lookups (the days a date may be, the keys) need more than the default 4 MB
    await driver.pglite.query("SET work_mem = '64MB'");
    return pgliteSession(driver.pglite);
  }
  const client = new pg.Client({ connectionString: driver.url, application_name: "osep-feed-import" });
  client.on("error", () => undefined); // a lost connection fails the statement running; nothing else to do
  await client.connect();
  try {
    await client.query("SET temp_buffers = '256MB'");
    await client.query("SET work_mem = '128MB'");
    const { rows } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${FEED_LOCK_KEY}) AS ok`);
    if (!rows[0].ok) throw new FeedBusyError();
    return pgSession(client);
  } catch (e) {
    await client.end().catch(() => undefined);
    throw e;
  }
}

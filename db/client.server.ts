// One database for the whole process: PGlite under DATA_DIR when DATABASE_URL is unset, a pg pool otherwise.
// Both are exposed through the same Drizzle API (type Db).
import path from "node:path";
import fs from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import * as schema from "./schema/index";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as Db. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Driver = { kind: "pglite"; pglite: PGlite; dataDir: string } | { kind: "pg"; pool: Pool; url: string };

type Handle = { db: Db; driver: Driver };

const globalKey = Symbol.for("osep.db");
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Handle> };

export function dataDir(): string {
  return path.resolve(process.env.DATA_DIR || "./data");
}

/** Where the embedded database (PGlite) keeps its files: DATA_DIR/pglite (unused with PGLITE_MEMORY=1). */
export function pgliteDir(): string {
  return path.join(dataDir(), "pglite");
}

/** How long connecting waits while the server refuses (a restart): DATABASE_WAIT_MS, default 5 000 (ADR 045). */
export function databaseWaitMs(): number {
  const n = Number(process.env.DATABASE_WAIT_MS || 5_000);
  return Number.isFinite(n) && n >= 0 ? n : 5_000;
}

async function open(): Promise<Handle> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const pg = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    // numeric → string (money is exact), date → string (legacy sentinels such as 0001-01-01 must survive)
    pg.default.types.setTypeParser(1082, (v: string) => v);
    const { PatientPool } = await import("./patient-pool");
    // a restart of the server is ridden out: connecting waits for it, a lost read runs once more (ADR 045)
    const pool = new PatientPool(
      {
        connectionString: url,
        max: Number(process.env.DATABASE_POOL_MAX || 10),
        idleTimeoutMillis: 30_000,
        connectionTimeoutMillis: 5_000,
      },
      { waitMs: databaseWaitMs() },
    );
    // An idle client losing its server (restart) must not crash the process; the pool reconnects on next use.
    pool.on("error", (err) => console.error(`[db] idle client error: ${err.message}`));
    return { db: drizzle(pool, { schema }) as unknown as Db, driver: { kind: "pg", pool, url } };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const dir = process.env.PGLITE_MEMORY === "1" ? undefined : pgliteDir();
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir ? { dataDir: dir, extensions: { pg_trgm } } : { extensions: { pg_trgm } });
  return {
    db: drizzle(pglite, { schema }) as unknown as Db,
    driver: { kind: "pglite", pglite, dataDir: dir ?? "memory://" },
  };
}

function handle(): Promise<Handle> {
  const g = globalThis as GlobalWithDb;
  if (!g[globalKey]) {
    g[globalKey] = open().catch((err) => {
      delete g[globalKey];
      throw err;
    });
  }
  return g[globalKey]!;
}

/** The Drizzle database (opened on first use). */
export async function getDb(): Promise<Db> {
  return (await handle()).db;
}

/** The underlying driver, for COPY (pg) or bulk exec (PGlite). */
export async function getDriver(): Promise<Driver> {
  return (await handle()).driver;
}

/** Run raw SQL text with no parameters (several statements allowed on both drivers). */
export async function execSql(text: string): Promise<void> {
  const d = await getDriver();
  if (d.kind === "pg") await d.pool.query(text);
  else await d.pglite.exec(text);
}

export async function closeDb(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const h = g[globalKey];
  if (!h) return;
  delete g[globalKey];
  const { driver } = await h;
  if (driver.kind === "pg") await driver.pool.end();
  else await driver.pglite.close();
}

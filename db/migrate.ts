// Applies the committed drizzle-kit migrations on either driver. Safe to run from several processes at once
// on Postgres (advisory lock).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getDb, getDriver } from "./client.server";

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
const LOCK_KEY = 724_101; // arbitrary, constant

export async function migrate(): Promise<void> {
  const driver = await getDriver();
  const db = await getDb();
  if (driver.kind === "pglite") {
    const { migrate: run } = await import("drizzle-orm/pglite/migrator");
    await run(db as never, { migrationsFolder: MIGRATIONS });
    return;
  }
  const { migrate: run } = await import("drizzle-orm/node-postgres/migrator");
  const client = await driver.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [LOCK_KEY]);
    await run(db as never, { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

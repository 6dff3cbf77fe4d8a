// A fresh, migrated database for one test file: a new database on the real Postgres of DATABASE_URL (CI), or an
// in-memory PGlite otherwise. Reference data and the demo users (admin/admin, consulta/consulta) are loaded.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { closeDb, getDb, type Db } from "../../db/client.server";
import { migrate } from "../../db/migrate";
import { seedReference } from "../../db/seed/reference";
import { firstUsers } from "../../scripts/bootstrap";

export type TestDb = { db: Db; kind: "pg" | "pglite"; cleanup: () => Promise<void> };

const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

export async function useTestDatabase(opts: { users?: boolean } = {}): Promise<TestDb> {
  await closeDb();
  let dropName: string | null = null;
  if (serverUrl) {
    process.env.TEST_DATABASE_URL = serverUrl;
    dropName = `osep_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${dropName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${dropName}`;
    process.env.DATABASE_URL = url.toString();
  } else {
    delete process.env.DATABASE_URL;
    process.env.PGLITE_MEMORY = "1";
  }
  await migrate();
  const db = await getDb();
  await seedReference(db, opts.users === false ? [] : await firstUsers(true));
  return {
    db,
    kind: serverUrl ? "pg" : "pglite",
    async cleanup() {
      await closeDb();
      if (dropName && serverUrl) {
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${dropName} with (force)`);
        await admin.end();
      }
    },
  };
}

// A fresh, migrated database for one test file: a new database on the real Postgres of DATABASE_URL (CI), or an
// in-memory PGlite otherwise. Reference data and the demo users (admin/admin, consulta/consulta) are loaded, and
// REPORTING_DIR points at a fresh directory for the file's reporting snapshots.
import type { SessionUser } from "~/auth/sessions.server";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { closeDb, getDb, getDriver, type Db } from "~db/client.server";
import { migrate } from "~db/migrate";
import { seedReference } from "~db/seed/reference";
import { firstUsers } from "~server/bootstrap";
import { closeAllReaders } from "~reporting/store";

/** reportingDir: a fresh REPORTING_DIR for this file's snapshots (removed by cleanup, readers closed). */
export type TestDb = { db: Db; kind: "pg" | "pglite"; reportingDir: string; cleanup: () => Promise<void> };

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
    // CI runs a streaming replica of the test server: reporting refreshes read the same database there.
    if (process.env.TEST_READ_REPLICA_URL)
      process.env.READ_REPLICA_URL = await replicaOf(process.env.TEST_READ_REPLICA_URL, dropName);
  } else {
    delete process.env.DATABASE_URL;
    delete process.env.READ_REPLICA_URL;
    process.env.PGLITE_MEMORY = "1";
  }
  const reportingDir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-test-reporting-"));
  process.env.REPORTING_DIR = reportingDir;
  await migrate();
  const db = await getDb();
  await seedReference(db, opts.users === false ? [] : await firstUsers(true));
  return {
    db,
    kind: serverUrl ? "pg" : "pglite",
    reportingDir,
    async cleanup() {
      closeAllReaders();
      fs.rmSync(reportingDir, { recursive: true, force: true });
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

/** The replica's URL for database `name`, once the replica has replayed its creation (it can connect). */
async function replicaOf(replicaServerUrl: string, name: string): Promise<string> {
  const url = new URL(replicaServerUrl);
  url.pathname = `/${name}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const c = new pg.Client({ connectionString: url.toString() });
    try {
      await c.connect();
      await c.end();
      return url.toString();
    } catch (e) {
      await c.end().catch(() => undefined);
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Raw SQL rows on the current test database (either driver), for assertions tests make directly. */
export async function sqlRows<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const d = await getDriver();
  if (d.kind === "pg") return (await d.pool.query(text, params)).rows as T[];
  return (await d.pglite.query<T>(text, params)).rows;
}

/** The first column of the first row as a number (counts). */
export async function sqlOne(text: string, params: unknown[] = []): Promise<number> {
  const [row] = await sqlRows<Record<string, unknown>>(text, params);
  return Number(Object.values(row)[0]);
}

/**
 * The demo admin's row as the user a module function acts for (its audit entries name 'admin'), holding exactly
 * `allowed_operation` and `allowed_screen` (none by default: module functions that check them say so).
 */
export async function adminActor(
  perms: { allowed_operation?: string[]; allowed_screen?: string[]; usuario?: string } = {},
): Promise<SessionUser> {
  const [u] = await sqlRows<{ id: number }>("SELECT id FROM us_usuarios WHERE usuario = 'admin'");
  const usuario = perms.usuario ?? "admin";
  return {
    id: u.id,
    usuario,
    apeynom: usuario.toUpperCase(),
    type_usr: 1,
    profile: { id: 1, descripcion: "ADMINISTRADOR" },
    sessionId: 0,
    allowed_screen: perms.allowed_screen ?? [],
    allowed_operation: perms.allowed_operation ?? [],
  };
}

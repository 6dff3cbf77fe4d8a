// A database for a test that starts the built app as a child process and reads its log: on the PostgreSQL of
// DATABASE_URL (npm test) a fresh database; otherwise an embedded PGlite on disk under a fresh DATA_DIR (the child
// cannot share the test's in-memory one), closed before the child opens it. Reference data, the demo users
// (admin/admin) and the members asked for are in it either way.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeDb, getDb } from "~db/client.server";
import { migrate } from "~db/migrate";
import { seedReference } from "~db/seed/reference";
import { firstUsers } from "~server/bootstrap";
import { sqlRows, useTestDatabase } from "./db";

export type LogRunDb = {
  kind: "pg" | "pglite";
  /** The child's database settings (over this process's environment). */
  env: Record<string, string>;
  cleanup: () => Promise<void>;
};

export type Member = { dni: string; apeynom: string };

async function addMember(m: Member): Promise<void> {
  await sqlRows(
    `INSERT INTO afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco)
     VALUES ($1, $2, $3, '01', $2, '00', 'TITULAR')`,
    [m.apeynom, m.dni, `${m.dni}00`],
  );
}

export async function logRunDatabase(members: Member[]): Promise<LogRunDb> {
  const reportingDir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-log-run-reporting-"));
  if (process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL) {
    const t = await useTestDatabase();
    for (const m of members) await addMember(m);
    await closeDb();
    return {
      kind: "pg",
      env: {
        DATABASE_URL: process.env.DATABASE_URL!,
        READ_REPLICA_URL: process.env.READ_REPLICA_URL ?? "",
        REPORTING_DIR: reportingDir,
      },
      cleanup: async () => {
        await t.cleanup();
        fs.rmSync(reportingDir, { recursive: true, force: true });
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-log-run-data-"));
  await closeDb();
  delete process.env.DATABASE_URL;
  delete process.env.READ_REPLICA_URL;
  delete process.env.PGLITE_MEMORY;
  process.env.DATA_DIR = dataDir;
  await migrate();
  await seedReference(await getDb(), await firstUsers(true));
  for (const m of members) await addMember(m);
  await closeDb(); // PGlite on disk is one process's: the child opens it next
  return {
    kind: "pglite",
    env: { DATABASE_URL: "", READ_REPLICA_URL: "", PGLITE_MEMORY: "", DATA_DIR: dataDir, REPORTING_DIR: reportingDir },
    cleanup: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(reportingDir, { recursive: true, force: true });
    },
  };
}

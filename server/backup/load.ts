// The database part of a restore: PGlite creates its data directory from the archive's dump (loadDataDir), starts
// on it — PostgreSQL's own crash recovery finishes what the dump caught mid-way, as after a power cut — and closes.
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { errorSummary } from "~/lib/log-safe.server";
import { BackupError } from "./errors";
import type { Manifest } from "./manifest";
import { pgliteVersion } from "./versions";

export async function loadDump(dumpFile: string, pgdata: string, manifest: Manifest): Promise<void> {
  // a Blob backed by the file: PGlite reads it once, no copy is held here
  const dump = await fs.openAsBlob(dumpFile, { type: "application/x-tar" });
  fs.mkdirSync(pgdata, { recursive: true });
  try {
    // the same extensions as the app (db/client.server.ts): pg_trgm's objects are in the dump
    const db = await PGlite.create({ dataDir: pgdata, loadDataDir: dump, extensions: { pg_trgm } });
    try {
      await db.query("SELECT count(*) FROM pg_class");
    } finally {
      await db.close();
    }
  } catch (e) {
    fs.rmSync(pgdata, { recursive: true, force: true });
    throw new BackupError(
      `PGlite no pudo cargar la base del respaldo (hecho con PGlite ${manifest.pglite_version}, PostgreSQL ` +
        `${manifest.postgres_major}; instalada PGlite ${pgliteVersion()}): ${errorSummary(e)}`,
    );
  }
}

// What both commands refuse before touching anything: a PostgreSQL deployment (its backups are pgBackRest's,
// docs/operations.md §9.1) and a database kept only in memory.
import { BackupError } from "./errors";

export function embeddedOnly(verb: "respaldar" | "restaurar"): void {
  if (process.env.DATABASE_URL) {
    throw new BackupError(
      `con DATABASE_URL la base es PostgreSQL: para ${verb}la use pgBackRest (docs/operations.md §9.1). ` +
        "npm run backup y npm run restore son para la base embebida (PGlite) de DATA_DIR.",
    );
  }
  if (process.env.PGLITE_MEMORY === "1") {
    throw new BackupError(`con PGLITE_MEMORY=1 la base vive sólo en memoria: no hay nada que ${verb}.`);
  }
}

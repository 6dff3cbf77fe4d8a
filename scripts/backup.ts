// npm run backup [FILE] — one archive of the embedded database (DATA_DIR) and the generated files, while the app
// runs or not (server/backup/create.ts, docs/decisions/067-embedded-backups.md). FILE defaults to
// osep-respaldo-AAAAMMDD-HHMMSS.tar.gz in BACKUP_DIR, else the working directory.
import { createBackup } from "~server/backup/create";
import { commandLine, reportFailure } from "~server/backup/errors";

async function main(): Promise<number> {
  try {
    const { positionals } = commandLine("uso: npm run backup [ARCHIVO]", {}, [0, 1]);
    const r = await createBackup(positionals[0]);
    console.log(
      `Respaldo escrito: ${r.file} (${(r.bytes / 1e6).toFixed(1)} MB, ${r.files} archivos generados, ` +
        `${(r.ms / 1000).toFixed(1)} s; base volcada ${r.viaApp ? "por la aplicación en marcha" : "por este comando"} ` +
        `en ${(r.dumpMs / 1000).toFixed(1)} s).`,
    );
    return 0;
  } catch (e) {
    return reportFailure(e);
  }
}

process.exit(await main());

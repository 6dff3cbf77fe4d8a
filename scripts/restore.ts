// npm run restore FILE [--force] — an archive of `npm run backup` back into DATA_DIR, with the app stopped
// (server/backup/restore.ts, docs/decisions/067-embedded-backups.md). DATA_DIR must be empty unless --force.
import { commandLine, reportFailure } from "~server/backup/errors";
import { restoreBackup } from "~server/backup/restore";

async function main(): Promise<number> {
  try {
    const { positionals, values } = commandLine(
      "uso: npm run restore ARCHIVO [--force]",
      { force: { type: "boolean", default: false } },
      [1, 1],
    );
    const r = await restoreBackup(positionals[0], { force: Boolean(values.force) });
    console.log(
      `Restaurado el respaldo del ${r.manifest.created_at} (OSEP ${r.manifest.app_version}): base embebida y ` +
        `${r.files} archivos generados, en ${(r.ms / 1000).toFixed(1)} s (verificación del archivo: ` +
        `${(r.checkMs / 1000).toFixed(1)} s). Ya puede iniciar la aplicación.`,
    );
    return 0;
  } catch (e) {
    return reportFailure(e);
  }
}

process.exit(await main());

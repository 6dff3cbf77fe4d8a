// `npm run restore FILE [--force]`: an archive of `npm run backup` back into DATA_DIR (docs/decisions/067). Never
// while an app runs on DATA_DIR; into an empty DATA_DIR (and empty generated-file and snapshot directories) unless
// --force. The whole archive is extracted and checked (manifest, then every member's size and SHA-256) before
// anything is replaced; then PGlite loads its dump (loadDataDir) and the generated files are put in place.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir, pgliteDir } from "~db/client.server";
import { reportingDir } from "~reporting/config";
import { embeddedAppRunning } from "~server/app-pid";
import { extractArchive } from "./extract";
import { BackupError } from "./errors";
import { callerPath, finishedFiles, generatedDirs, isEmptyDir, moveFile } from "./files";
import { embeddedOnly } from "./guards";
import { loadDump } from "./load";
import { DUMP_NAME, readManifest, verifyMembers, type Manifest } from "./manifest";
import { requestsDir } from "./requests";

/** What was restored; `checkMs` the unpacking and checking of the archive, `ms` the whole. */
export type RestoreResult = { manifest: Manifest; files: number; ms: number; checkMs: number };

/** The directories a restore writes: DATA_DIR's database, the generated files' and the snapshot's. */
function targets(): string[] {
  return [pgliteDir(), ...generatedDirs().map((g) => g.dir), reportingDir()];
}

function checkTarget(force: boolean): void {
  if (embeddedAppRunning()) {
    throw new BackupError(
      `la aplicación está en marcha sobre ${dataDir()} (DATA_DIR): deténgala antes de restaurar. ` +
        "Con la aplicación en marcha no se restaura nunca, ni con --force.",
    );
  }
  const occupied = [dataDir(), ...targets()].filter((d) => !isEmptyDir(d));
  if (occupied.length && !force) {
    throw new BackupError(
      `${occupied[0]} no está vacío: restaure en un DATA_DIR vacío, o agregue --force para reemplazar la base ` +
        "y los archivos generados que hay ahí. No se cambió nada.",
    );
  }
}

/** --force: what the archive replaces goes (the snapshot too: it was built from the replaced database). */
function clearTargets(): void {
  for (const dir of targets()) {
    if (dir === pgliteDir()) fs.rmSync(dir, { recursive: true, force: true });
    else
      for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : [])
        fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
  fs.rmSync(requestsDir(), { recursive: true, force: true });
}

function placeGeneratedFiles(staging: string): number {
  let n = 0;
  for (const { folder, dir } of generatedDirs()) {
    for (const name of finishedFiles(path.join(staging, folder))) {
      moveFile(path.join(staging, folder, name), path.join(dir, name));
      n++;
    }
  }
  return n;
}

export async function restoreBackup(file: string, opts: { force?: boolean } = {}): Promise<RestoreResult> {
  const started = Date.now();
  embeddedOnly("restaurar");
  const archive = callerPath(file);
  const name = path.basename(archive);
  if (!fs.existsSync(archive) || !fs.statSync(archive).isFile())
    throw new BackupError(`no existe el archivo ${archive}.`);
  checkTarget(Boolean(opts.force));
  fs.mkdirSync(dataDir(), { recursive: true });
  const staging = path.join(dataDir(), `.restaurando-${randomBytes(4).toString("hex")}`);
  try {
    await extractArchive(archive, staging);
    const manifest = readManifest(staging, name);
    await verifyMembers(staging, manifest, name);
    const checkMs = Date.now() - started;
    if (opts.force) clearTargets();
    await loadDump(path.join(staging, DUMP_NAME), pgliteDir(), manifest);
    const files = placeGeneratedFiles(staging);
    return { manifest, files, ms: Date.now() - started, checkMs };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

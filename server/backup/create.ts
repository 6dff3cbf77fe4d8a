// `npm run backup`: one archive of the embedded database and the generated files (docs/decisions/067). The
// database is PGlite's own dump — made by the running app when there is one (requests.ts), else by this process,
// which then opens DATA_DIR itself — and the finished files of REPORTS_DIR and ROSTER_DIR as they are right after
// it. Not the reporting snapshot (REPORTING_DIR): the app builds a new one at start. The archive is written under a
// temporary name beside its final one and renamed when complete, so a file with the final name is always whole.
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { create as tarCreate } from "tar";
import { closeDb, pgliteDir } from "~db/client.server";
import { embeddedAppRunning } from "~server/app-pid";
import { embeddedOnly } from "./guards";
import { checkDumpable } from "./size";
import { callerPath, finishedFiles, generatedDirs, moveFile, snapshotFile } from "./files";
import { describeMembers, DUMP_NAME, FORMAT, FORMAT_VERSION, MANIFEST_NAME, type Manifest } from "./manifest";
import { dumpOpenDatabase, dumpViaRunningApp } from "./requests";
import { appVersion, dataDirMajor, pgliteVersion } from "./versions";
import { BackupError } from "./errors";

export type BackupResult = {
  file: string;
  bytes: number;
  files: number;
  viaApp: boolean;
  /** The whole command's work, and the dump's part of it (asked and received, or made here). */
  ms: number;
  dumpMs: number;
};

/**
 * gzip's fastest level: the archive is mostly table pages and WAL; level 6 (the default) makes it about 13 % smaller
 * for three times the CPU (docs/benchmarks.md, 'Issue 36 — embedded backups'), on a machine that also serves the app.
 */
const GZIP = { level: 1 };

/** osep-respaldo-AAAAMMDD-HHMMSS.tar.gz (UTC) in BACKUP_DIR, else the working directory. */
export function defaultArchivePath(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return callerPath(path.join(process.env.BACKUP_DIR || ".", `osep-respaldo-${stamp}.tar.gz`));
}

/** The dump into `to`: asked of the running app, or made here when no app holds the database. */
async function dumpInto(to: string): Promise<boolean> {
  if (embeddedAppRunning()) {
    moveFile(await dumpViaRunningApp(), to);
    return true;
  }
  try {
    await dumpOpenDatabase(to);
  } finally {
    await closeDb();
  }
  return false;
}

/** The finished generated files linked or copied into `staging/<folder>/`; their archive paths. */
function stageGeneratedFiles(staging: string): string[] {
  const out: string[] = [];
  for (const { folder, dir } of generatedDirs()) {
    for (const name of finishedFiles(dir)) {
      if (snapshotFile(path.join(dir, name), path.join(staging, folder, name))) out.push(`${folder}/${name}`);
    }
  }
  return out;
}

export async function createBackup(target?: string): Promise<BackupResult> {
  const started = Date.now();
  embeddedOnly("respaldar");
  const pgdata = pgliteDir();
  const major = dataDirMajor(pgdata);
  if (!major) throw new BackupError(`no hay una base embebida en ${pgdata} (DATA_DIR): nada que respaldar.`);
  checkDumpable(pgdata);
  const file = target ? callerPath(target) : defaultArchivePath();
  if (fs.existsSync(file)) throw new BackupError(`${file} ya existe: no se sobrescribe. Elija otro nombre.`);
  if (!fs.existsSync(path.dirname(file))) throw new BackupError(`no existe la carpeta ${path.dirname(file)}.`);
  const staging = fs.mkdtempSync(path.join(path.dirname(file), ".osep-respaldo-"));
  const partial = `${file}.${process.pid}.partial`;
  try {
    const viaApp = await dumpInto(path.join(staging, DUMP_NAME));
    const dumpMs = Date.now() - started;
    const generated = stageGeneratedFiles(staging);
    const manifest: Manifest = {
      format: FORMAT,
      format_version: FORMAT_VERSION,
      created_at: new Date().toISOString(),
      app_version: appVersion(),
      pglite_version: pgliteVersion(),
      postgres_major: major,
      members: await describeMembers(staging, [DUMP_NAME, ...generated]),
    };
    fs.writeFileSync(path.join(staging, MANIFEST_NAME), JSON.stringify(manifest, null, 2));
    await tarCreate({ file: partial, cwd: staging, gzip: GZIP, portable: true }, [
      MANIFEST_NAME,
      DUMP_NAME,
      ...generated,
    ]);
    fs.chmodSync(partial, 0o600); // every member's personal data: for the app's user alone, whatever the umask
    const handle = await fsp.open(partial, "r+");
    await handle.sync().finally(() => handle.close());
    fs.renameSync(partial, file);
    return { file, bytes: fs.statSync(file).size, files: generated.length, viaApp, ms: Date.now() - started, dumpMs };
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

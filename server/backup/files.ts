// The file-system steps of a backup and a restore: which generated files go in (the named files of REPORTS_DIR and
// ROSTER_DIR; a dot name is a file still being written), placing a file elsewhere without copying it when the file
// system allows, and whether a directory holds anything.
import fs from "node:fs";
import path from "node:path";
import { reportsDir, rosterDir } from "~reporting/config";
import { FILE_FOLDERS } from "./manifest";

/**
 * Where the operator typed the command: `npm run` starts scripts in the project's directory and leaves the caller's
 * in INIT_CWD, so a relative FILE (and the default archive name) mean what they say at the prompt.
 */
export function callerPath(p = "."): string {
  return path.resolve(process.env.INIT_CWD || process.cwd(), p);
}

/** The generated files' directories as configured now, by their folder in the archive. */
export function generatedDirs(): { folder: string; dir: string }[] {
  return [
    { folder: FILE_FOLDERS.reports, dir: reportsDir() },
    { folder: FILE_FOLDERS.rosters, dir: rosterDir() },
  ];
}

/** The finished files of `dir` (top level, no dot names: those are being written); none when it is missing. */
export function finishedFiles(dir: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith("."))
    .map((e) => e.name)
    .sort();
}

/**
 * Give `to` the content of `from` as it is now: a hard link where possible (the app never rewrites a named file, it
 * writes a new one under a dot name and links or renames it), else a copy. False when `from` was deleted meanwhile
 * (an old report pruned while the backup ran).
 */
export function snapshotFile(from: string, to: string): boolean {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    try {
      fs.linkSync(from, to);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") throw e;
      fs.copyFileSync(from, to);
    }
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw e;
  }
}

/** Move `from` to `to`: a rename, or a copy and delete across file systems. */
export function moveFile(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.renameSync(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EXDEV") throw e;
    fs.copyFileSync(from, to);
    fs.rmSync(from, { force: true });
  }
}

/** True when `dir` is missing or holds nothing. */
export function isEmptyDir(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw e;
  }
}

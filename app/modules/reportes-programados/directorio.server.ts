// The files of the scheduled reports in REPORTS_DIR (docs/decisions/058): a run writes its file whole under a
// temporary dot name, flushes it, and gives it its name without ever replacing a file already there (issue 35);
// pruned files are deleted by name.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { reportsDir } from "~reporting/index";

/** A temporary name in the same directory (a dot name: never a file's name, never served). */
export function tempPath(dir: string, name: string): string {
  return path.join(dir, `.${name}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
}

/** File systems without hard links (some network shares): an exclusive copy instead. */
const NO_HARD_LINKS = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS"]);

/**
 * Give the written file `tmp` its name `final`, never replacing a file already there (link(2) fails with EEXIST;
 * where there are no hard links, a copy that fails if `final` exists), then drop the temporary name.
 */
export async function placeNoReplace(tmp: string, final: string): Promise<void> {
  try {
    try {
      await fsp.link(tmp, final);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (!code || !NO_HARD_LINKS.has(code)) throw e;
      await fsp.copyFile(tmp, final, fs.constants.COPYFILE_EXCL);
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    throw new Error(`ya existe un archivo llamado ${path.basename(final)}`); // no path on the screen
  }
  await fsp.rm(tmp, { force: true });
}

/** Write a new file `file` through `write`, then flush it to disk; the file exists only if it was written whole. */
export async function writeWhole(file: string, write: (out: fs.WriteStream) => Promise<void>): Promise<void> {
  const out = fs.createWriteStream(file, { flags: "wx" });
  const opened = new Promise<void>((resolve, reject) => {
    out.once("open", () => resolve());
    out.once("error", reject);
  });
  await opened;
  try {
    await write(out);
  } catch (e) {
    out.destroy();
    throw e;
  }
  await new Promise<void>((resolve, reject) => {
    out.once("error", reject);
    out.end(() => resolve());
  });
  const handle = await fsp.open(file, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Delete these files of REPORTS_DIR (already gone is fine). */
export async function removeFiles(nombres: readonly string[]): Promise<void> {
  for (const n of nombres) await fsp.rm(path.join(reportsDir(), n), { force: true });
}

// PGlite builds its dump as one buffer in memory (dumpDataDir: a tar of the whole data directory), and Node caps a
// buffer's length (buffer.constants.MAX_LENGTH: 4 GiB on Node 20). A data directory that would not fit is refused
// before the app is asked, with what to do instead, rather than failing inside the app with a RangeError.
import { constants } from "node:buffer";
import fs from "node:fs";
import path from "node:path";
import { BackupError } from "./errors";

/** The bytes of a tar of `dir`: every file's size plus its header and padding (512-byte blocks). */
export function tarBytes(dir: string): number {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const size = e.isFile() ? fs.statSync(path.join(e.parentPath, e.name)).size : 0;
    n += 512 + Math.ceil(size / 512) * 512;
  }
  return n;
}

export function checkDumpable(pgdata: string, limit = constants.MAX_LENGTH): void {
  const bytes = tarBytes(pgdata);
  if (bytes < limit) return;
  const gb = (b: number) => (b / 2 ** 30).toFixed(1).replace(".", ",");
  throw new BackupError(
    `la base embebida ocupa ${gb(bytes)} GB y el volcado de PGlite se arma entero en memoria, hasta ${gb(limit)} GB ` +
      `con esta versión de Node (${process.version}). Una base de este tamaño va en PostgreSQL (DATABASE_URL), con ` +
      "su respaldo (docs/operations.md §9.1).",
  );
}

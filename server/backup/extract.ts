// Unpacking an archive for a restore, into a directory of its own: regular files only, inside that directory (the
// tar package refuses absolute paths and '..'), every warning an error — so a truncated gzip stream or a damaged
// tar header stops here with the archive called incomplete, and a file that is no .tar.gz at all is called foreign.
import fs from "node:fs";
import path from "node:path";
import { extract as tarExtract } from "tar";
import { BackupError } from "./errors";

const GZIP_MAGIC = [0x1f, 0x8b];

function startsLikeGzip(file: string): boolean {
  const head = Buffer.alloc(2);
  const fd = fs.openSync(file, "r");
  try {
    return fs.readSync(fd, head, 0, 2, 0) === 2 && head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  } finally {
    fs.closeSync(fd);
  }
}

export async function extractArchive(archive: string, into: string): Promise<void> {
  const name = path.basename(archive);
  if (!startsLikeGzip(archive)) {
    throw new BackupError(`${name} no es un respaldo de la base embebida de OSEP (no es un archivo .tar.gz).`);
  }
  fs.mkdirSync(into, { recursive: true });
  try {
    await tarExtract({
      file: archive,
      cwd: into,
      strict: true,
      filter: (_path, entry) => "type" in entry && (entry.type === "File" || entry.type === "Directory"),
    });
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new BackupError(`${name} está incompleto o dañado (${why}). No se restauró nada.`);
  }
}

// The manifest of an embedded database's backup (docs/decisions/067-embedded-backups.md): the archive's first
// member, manifest.json, names the format and its version, when and by which versions of the app and of PGlite the
// archive was written, and every other member with its size and SHA-256, so a restore can tell a foreign, a
// truncated or a damaged file before it writes anything.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { BackupError } from "./errors";

export const MANIFEST_NAME = "manifest.json";
export const FORMAT = "osep-respaldo-embebido";
export const FORMAT_VERSION = 1;
/** PGlite's own dump of its data directory (dumpDataDir, an uncompressed tar: the archive is gzipped whole). */
export const DUMP_NAME = "pglite.tar";
/** Where the generated files go inside the archive (each restored into the directory configured then). */
export const FILE_FOLDERS = { reports: "reportes", rosters: "padron-farmacia" } as const;

type Member = { path: string; size: number; sha256: string };
export type Manifest = {
  format: typeof FORMAT;
  format_version: number;
  created_at: string;
  app_version: string;
  pglite_version: string;
  /** PG_VERSION of the dumped data directory: it loads only into a PGlite of this PostgreSQL major version. */
  postgres_major: string;
  members: Member[];
};

async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Size and SHA-256 of each of `paths` (relative to `root`, with forward slashes). */
export async function describeMembers(root: string, paths: readonly string[]): Promise<Member[]> {
  const out: Member[] = [];
  for (const p of paths) {
    const file = path.join(root, p);
    out.push({ path: p, size: fs.statSync(file).size, sha256: await sha256File(file) });
  }
  return out;
}

/** The manifest read from an extracted archive, or a BackupError saying why the archive is not one of ours. */
export function readManifest(root: string, archiveName: string): Manifest {
  const foreign = `${archiveName} no es un respaldo de la base embebida de OSEP`;
  let m: Partial<Manifest>;
  try {
    m = JSON.parse(fs.readFileSync(path.join(root, MANIFEST_NAME), "utf8")) as Partial<Manifest>;
  } catch {
    throw new BackupError(`${foreign} (no tiene ${MANIFEST_NAME} legible).`);
  }
  if (m?.format !== FORMAT) throw new BackupError(`${foreign} (formato '${String(m?.format)}').`);
  if (m.format_version !== FORMAT_VERSION) {
    throw new BackupError(
      `${archiveName} tiene la versión ${String(m.format_version)} del formato de respaldo; esta versión de OSEP ` +
        `lee la ${FORMAT_VERSION}.`,
    );
  }
  if (!Array.isArray(m.members) || !m.members.some((x) => x.path === DUMP_NAME)) {
    throw new BackupError(`${foreign} (el manifiesto no nombra ${DUMP_NAME}).`);
  }
  return m as Manifest;
}

/**
 * Check every member the manifest names against the extracted files (present, same size, same SHA-256) and that
 * nothing else came with them. Throws a BackupError naming the first member that differs.
 */
export async function verifyMembers(root: string, manifest: Manifest, archiveName: string): Promise<void> {
  const damaged = (what: string) =>
    new BackupError(`${archiveName} está dañado: ${what}. No se restauró nada; use otra copia del respaldo.`);
  for (const m of manifest.members) {
    const file = path.join(root, m.path);
    if (!isInside(root, file) || !fs.existsSync(file)) throw damaged(`falta ${m.path}`);
    if (fs.statSync(file).size !== m.size || (await sha256File(file)) !== m.sha256) {
      throw damaged(`la suma de verificación de ${m.path} no coincide`);
    }
  }
  const named = new Set([MANIFEST_NAME, ...manifest.members.map((m) => m.path)]);
  const extra = listFiles(root).find((p) => !named.has(p));
  if (extra) throw damaged(`contiene ${extra}, que el manifiesto no nombra`);
}

function isInside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel);
}

/** Every regular file under `root`, as relative paths with forward slashes, sorted. */
function listFiles(root: string, sub = ""): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(root, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...listFiles(root, rel));
    else if (e.isFile()) out.push(rel);
  }
  return out.sort();
}

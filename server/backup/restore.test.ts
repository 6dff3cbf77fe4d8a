// The commands' logic in this process on a small embedded database (no app: the backup opens DATA_DIR itself):
// what a restore refuses — a missing, truncated or foreign file, another format version, a member whose checksum
// differs or that the manifest does not name, a running app, a non-empty DATA_DIR without --force — always before
// writing anything; what --force replaces; and what a backup refuses. The drill with the running app is
// tests/unit/backup-embedded.test.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { create as tarCreate, extract as tarExtract } from "tar";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createBackup, defaultArchivePath } from "./create";
import { BackupError } from "./errors";
import { MANIFEST_NAME } from "./manifest";
import { restoreBackup } from "./restore";
import { checkDumpable, tarBytes } from "./size";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "osep-backup-unit-"));
const source = path.join(root, "origen");
const target = path.join(root, "destino");
const archive = path.join(root, "respaldo.tar.gz");
const saved = { ...process.env };

function useDataDir(dir: string): void {
  process.env.DATA_DIR = dir;
}

async function rows(dir: string): Promise<string[]> {
  const db = await PGlite.create({ dataDir: path.join(dir, "pglite") });
  try {
    return (await db.query<{ nombre: string }>("SELECT nombre FROM prueba ORDER BY 1")).rows.map((r) => r.nombre);
  } finally {
    await db.close();
  }
}

/** A copy of the archive unpacked, changed by `edit` and packed again. */
async function repacked(name: string, edit: (dir: string) => void): Promise<string> {
  const dir = fs.mkdtempSync(path.join(root, "repack-"));
  await tarExtract({ file: archive, cwd: dir });
  edit(dir);
  const out = path.join(root, name);
  await tarCreate({ file: out, cwd: dir, gzip: true }, fs.readdirSync(dir));
  return out;
}

async function refusal(file: string, opts: { force?: boolean } = {}): Promise<string> {
  const e = await restoreBackup(file, opts).then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(BackupError);
  return (e as BackupError).message;
}

beforeAll(async () => {
  for (const k of ["DATABASE_URL", "READ_REPLICA_URL", "PGLITE_MEMORY", "REPORTS_DIR", "ROSTER_DIR", "REPORTING_DIR"])
    delete process.env[k];
  fs.mkdirSync(path.join(source, "pglite"), { recursive: true });
  const db = await PGlite.create({ dataDir: path.join(source, "pglite") });
  await db.exec("CREATE TABLE prueba (nombre text); INSERT INTO prueba VALUES ('uno'), ('dos');");
  await db.close();
  fs.mkdirSync(path.join(source, "reportes"));
  fs.writeFileSync(path.join(source, "reportes", "informe.csv"), "a;b\r\n");
  fs.writeFileSync(path.join(source, "reportes", ".informe2.csv.1.ab.tmp"), "a medio escribir");
  fs.mkdirSync(path.join(source, "padron-farmacia"));
  fs.writeFileSync(path.join(source, "padron-farmacia", "4081C202612010300.txt"), "1|2\r\n");
  useDataDir(source);
  const r = await createBackup(archive);
  expect(r).toMatchObject({ file: archive, files: 2, viaApp: false });
  expect(fs.statSync(archive).mode & 0o777).toBe(0o600); // members' personal data, whatever the umask
}, 120_000);

beforeEach(() => {
  fs.rmSync(target, { recursive: true, force: true });
  useDataDir(target);
});

afterAll(() => {
  process.env = saved;
  fs.rmSync(root, { recursive: true, force: true });
});

describe("restore", () => {
  test("into an empty DATA_DIR: the database, the finished generated files, nothing half-written", async () => {
    const r = await restoreBackup(archive);
    expect(r.files).toBe(2);
    expect(r.manifest).toMatchObject({
      format: "osep-respaldo-embebido",
      format_version: 1,
      postgres_major: expect.stringMatching(/^\d+$/),
    });
    expect(await rows(target)).toEqual(["dos", "uno"]);
    expect(fs.readdirSync(path.join(target, "reportes"))).toEqual(["informe.csv"]);
    expect(fs.readdirSync(path.join(target, "padron-farmacia"))).toEqual(["4081C202612010300.txt"]);
    expect(fs.readdirSync(target).sort()).toEqual(["padron-farmacia", "pglite", "reportes"]);
  }, 60_000);

  test("a DATA_DIR that is not empty is refused without --force and left as it was; --force replaces", async () => {
    fs.mkdirSync(path.join(target, "reportes"), { recursive: true });
    fs.writeFileSync(path.join(target, "reportes", "otro.csv"), "otro");
    fs.writeFileSync(path.join(target, "nota.txt"), "del operador");
    expect(await refusal(archive)).toMatch(/no está vacío: restaure en un DATA_DIR vacío, o agregue --force/);
    expect(fs.readdirSync(target).sort()).toEqual(["nota.txt", "reportes"]);
    await restoreBackup(archive, { force: true });
    expect(fs.readdirSync(path.join(target, "reportes"))).toEqual(["informe.csv"]);
    expect(fs.existsSync(path.join(target, "nota.txt"))).toBe(true); // not the archive's to replace
    await restoreBackup(archive, { force: true }); // over a restored database as well
    expect(await rows(target)).toEqual(["dos", "uno"]);
  }, 60_000);

  test("the DATA_DIR of a running app is refused, even with --force", async () => {
    fs.mkdirSync(target, { recursive: true });
    fs.writeFileSync(path.join(target, "app.pid"), String(process.pid));
    expect(await refusal(archive, { force: true })).toMatch(/la aplicación está en marcha sobre .* deténgala/);
    expect(fs.readdirSync(target)).toEqual(["app.pid"]);
  });

  test.each([
    ["missing", () => path.join(root, "no-existe.tar.gz"), /^no existe el archivo .*no-existe\.tar\.gz\.$/],
    [
      "truncated",
      () => {
        const f = path.join(root, "cortado.tar.gz");
        fs.writeFileSync(f, fs.readFileSync(archive).subarray(0, fs.statSync(archive).size - 100));
        return f;
      },
      /^cortado\.tar\.gz está incompleto o dañado/,
    ],
    [
      "not gzip at all",
      () => {
        const f = path.join(root, "texto.tar.gz");
        fs.writeFileSync(f, "hola\n");
        return f;
      },
      /^texto\.tar\.gz no es un respaldo de la base embebida de OSEP \(no es un archivo \.tar\.gz\)/,
    ],
  ])("a %s file is refused with a sentence that says so, nothing written", async (_what, file, says) => {
    expect(await refusal(file())).toMatch(says);
    expect(fs.existsSync(target) ? fs.readdirSync(target) : []).toEqual([]);
  });

  test("another .tar.gz, another format version, a changed or an added member: refused, nothing written", async () => {
    const cases: [string, (dir: string) => void, RegExp][] = [
      [
        "ajeno.tar.gz",
        (d) => fs.rmSync(path.join(d, MANIFEST_NAME)),
        /^ajeno\.tar\.gz no es un respaldo de la base embebida de OSEP \(no tiene manifest\.json legible\)/,
      ],
      [
        "futuro.tar.gz",
        (d) => {
          const m = JSON.parse(fs.readFileSync(path.join(d, MANIFEST_NAME), "utf8")) as Record<string, unknown>;
          fs.writeFileSync(path.join(d, MANIFEST_NAME), JSON.stringify({ ...m, format_version: 2 }));
        },
        /tiene la versión 2 del formato de respaldo; esta versión de OSEP lee la 1/,
      ],
      [
        "alterado.tar.gz",
        (d) => fs.writeFileSync(path.join(d, "reportes", "informe.csv"), "a;c\r\n"), // same size, other bytes
        /alterado\.tar\.gz está dañado: la suma de verificación de reportes\/informe\.csv no coincide/,
      ],
      [
        "agregado.tar.gz",
        (d) => fs.writeFileSync(path.join(d, "reportes", "intruso.csv"), "x"),
        /está dañado: contiene reportes\/intruso\.csv, que el manifiesto no nombra/,
      ],
    ];
    for (const [name, edit, says] of cases) {
      expect(await refusal(await repacked(name, edit), { force: true })).toMatch(says);
      expect(fs.existsSync(path.join(target, "pglite")), name).toBe(false);
    }
  });
});

describe("backup", () => {
  test("refuses PostgreSQL, a missing database and an existing file; names its file by date in BACKUP_DIR", async () => {
    useDataDir(source);
    process.env.DATABASE_URL = "postgres://localhost/osep";
    await expect(createBackup(path.join(root, "x.tar.gz"))).rejects.toThrow(/con DATABASE_URL la base es PostgreSQL/);
    delete process.env.DATABASE_URL;
    await expect(createBackup(archive)).rejects.toThrow(/ya existe: no se sobrescribe/);
    useDataDir(path.join(root, "sin-base"));
    await expect(createBackup(path.join(root, "y.tar.gz"))).rejects.toThrow(/no hay una base embebida en/);
    const pgdata = path.join(source, "pglite");
    expect(() => checkDumpable(pgdata, tarBytes(pgdata))).toThrow(
      /la base embebida ocupa \d+,\d GB y el volcado de PGlite se arma entero en memoria, hasta \d+,\d GB/,
    );
    expect(() => checkDumpable(pgdata, tarBytes(pgdata) + 1)).not.toThrow();
    process.env.BACKUP_DIR = "/var/backups/osep";
    expect(defaultArchivePath(new Date("2026-12-02T01:02:03Z"))).toBe(
      "/var/backups/osep/osep-respaldo-20261202-010203.tar.gz",
    );
    delete process.env.BACKUP_DIR;
  });
});

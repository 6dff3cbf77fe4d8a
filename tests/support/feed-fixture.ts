// Small registry-feed files for the import's tests: written into a fresh temp directory, on an empty domain (the
// reference data only), a handful of members with valid CUILs, their family groups, leave reasons and coverages.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cuilCheckDigit } from "~db/cuil";
import { getDriver } from "~db/client.server";
import { truncateDomain } from "~db/seed/index";
import { Writer } from "~db/seed/writer";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { importFeed, type FeedFileResult, type ImportOptions } from "~/modules/feed/import.server";
import { useTestDatabase, type TestDb } from "./db";

/** The import's day in these tests: members ended get this fechbaja. */
export const TODAY = "2026-03-10";

/** The directories feedDir made (removed after the test file by useBaseDomain). */
const made: string[] = [];

/** A fresh directory holding `files` (name → content). */
export function feedDir(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-feed-"));
  made.push(dir);
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}

/** The import as the tests run it: no refresh, a fixed day, no threshold unless the test sets one. */
export function runImport(paths: string[], opts: Partial<ImportOptions> = {}): Promise<FeedFileResult[]> {
  return importFeed(paths, { origen: "prueba", refresh: "none", today: TODAY, maxRefusedPct: 100, ...opts });
}

/** Empties every domain table (reference data and users stay). */
export async function emptyDomain(): Promise<void> {
  await truncateDomain(new Writer(await getDriver()));
}

/** A valid CUIL for document `doc`: prefix;number;check digit (the first of 20, 27, 23 whose digit exists). */
export function validCuil(doc: string): [string, string, string] {
  for (const prefix of ["20", "27", "23"]) {
    const digit = cuilCheckDigit(prefix, doc);
    if (digit < 10) return [prefix, doc, String(digit)];
  }
  throw new Error(`no CUIL for ${doc}`);
}

export const AFILIADOS_HEADER = [
  "idafi",
  "apeynom",
  "numdoc",
  "nroafi",
  "grupo",
  "nromedio",
  "nroparentesco",
  "descparentesco",
  "grupo_familiar_id",
  "fechbaja",
  "baperfenac",
  "codmotbaja",
  "cuil_prefijo",
  "cuil_nrocentral",
  "cuil_dtoverific",
] as const;

type AfiliadoColumn = (typeof AFILIADOS_HEADER)[number];

/** One member's line: a valid holder of group `idafi - 90`, any column overridden (raw CSV text). */
export function afiliado(idafi: number, over: Partial<Record<AfiliadoColumn, string>> = {}): string {
  const doc = String(20_000_000 + idafi * 7);
  const [p, n, d] = validCuil(doc);
  const row: Record<AfiliadoColumn, string> = {
    idafi: String(idafi),
    apeynom: `APELLIDO${idafi} NOMBRE`,
    numdoc: doc,
    nroafi: String(500_000 + idafi),
    grupo: "01",
    nromedio: String(idafi),
    nroparentesco: "00",
    descparentesco: "TITULAR",
    grupo_familiar_id: String(idafi - 90),
    fechbaja: "",
    baperfenac: "15/05/1980",
    codmotbaja: "",
    cuil_prefijo: p,
    cuil_nrocentral: n,
    cuil_dtoverific: d,
    ...over,
  };
  return AFILIADOS_HEADER.map((c) => row[c]).join(";");
}

export function csv(header: readonly string[] | string, lines: readonly string[]): string {
  return `${typeof header === "string" ? header : header.join(";")}\n${lines.map((l) => `${l}\n`).join("")}`;
}

/** The base files: 2 leave reasons, 2 coverages, groups 10–14 (holders 100–102; 13 and 14 for new members), members 100–102. */
export const BASE: Record<string, string> = {
  "motivos_baja.csv": csv("bambacodig;bambadescr", ["1;FALLECIMIENTO", "2;RENUNCIA"]),
  "coberturas.csv": csv("gravcodgra;gravdesgra", ["3;PLAN BASICO", "8;PLAN MATERNO"]),
  "grupos_familiares.csv": csv("id;titular_idafi", ["10;100", "11;101", "12;102", "13;", "14;"]),
  "afiliados.csv": csv(AFILIADOS_HEADER, [afiliado(100), afiliado(101), afiliado(102)]),
};

/** An empty domain with the base files imported. */
export async function baseDomain(): Promise<FeedFileResult[]> {
  await emptyDomain();
  const results = await runImport([feedDir(BASE)]);
  if (results.some((r) => r.estado !== "APLICADO")) throw new Error(`base import: ${JSON.stringify(results)}`);
  return results;
}

/**
 * A test file's database (PGlite, or PostgreSQL with DATABASE_URL) with the base files imported before each test; the
 * files' directories go at the end.
 */
export function useBaseDomain(): void {
  let t: TestDb | undefined;
  beforeAll(async () => {
    t = await useTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await t?.cleanup();
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await baseDomain();
  }, 60_000);
}

/** The content of the report written beside `file`, or null. */
export function reportBeside(dir: string, fileName: string): string | null {
  const p = path.join(dir, fileName.replace(/\.csv$/, ".rechazos.csv"));
  return fs.existsSync(p) ? fs.readFileSync(p, "utf8") : null;
}

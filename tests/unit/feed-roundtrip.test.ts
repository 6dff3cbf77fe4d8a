// The feed's round trip (issue 37): the demo database exported (npm run feed:export) and imported into an empty
// domain (reference data kept, every domain table emptied: the feed's and those that refer to members) gives every
// feed table back equal — a checksum over the columns the feed carries, ordered by the key — and the word index of
// names kept by its trigger; importing the same files again changes nothing and says so — skipped as identical to
// their last import, and processed in full with `force`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { getDriver } from "~db/client.server";
import { seedDomain, truncateDomain } from "~db/seed/index";
import { Writer } from "~db/seed/writer";
import { exportColumns, exportFeed, type ExportedFile } from "~/modules/feed/export.server";
import { importFeed, type FeedFileResult } from "~/modules/feed/import.server";
import { FEED_TABLES } from "~/modules/feed/tables";
import { sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";

const TODAY = "2025-06-15";
const quote = (name: string) => `"${name}"`;

let t: TestDb;
let dir: string;
let exported: ExportedFile[];
let source: Record<string, string>;
let target: Record<string, string>;
let first: FeedFileResult[];
let second: FeedFileResult[];
let afterSecond: Record<string, string>;
let forced: FeedFileResult[];
let afterForced: Record<string, string>;

/** Per feed table: rows and md5 of its rows (the columns a file carries, ordered by the key); plus the word index. */
async function checksums(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const ft of FEED_TABLES) {
    const cols = exportColumns(ft).map((c) => quote(c.name));
    const order = ft.key.map((k) => `${quote(k)}::text COLLATE "C"`).join(", ");
    const [r] = await sqlRows<{ n: string; h: string | null }>(
      `SELECT count(*)::text AS n, md5(string_agg(ROW(${cols.join(", ")})::text, '|' ORDER BY ${order})) AS h FROM ${quote(ft.name)}`,
    );
    out[ft.name] = `${r.n} ${r.h}`;
  }
  const [w] = await sqlRows<{ n: string; h: string }>(
    `SELECT count(*)::text AS n, md5(string_agg(ROW(palabra, apeynom_norm, idafi)::text, '|'
       ORDER BY idafi, palabra COLLATE "C", apeynom_norm COLLATE "C")) AS h FROM afiliados_palabras`,
  );
  out.afiliados_palabras = `${w.n} ${w.h}`;
  return out;
}

const counts = (r: FeedFileResult) => ({
  tabla: r.tabla,
  estado: r.estado,
  insertadas: r.insertadas,
  actualizadas: r.actualizadas,
  finalizadas: r.finalizadas,
  rechazadas: r.rechazadas,
});

beforeAll(async () => {
  t = await useTestDatabase({ users: false });
  const driver = await getDriver();
  await seedDomain(t.db, driver, { scale: "demo", seed: 1, today: TODAY, log: () => {} });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-feed-roundtrip-"));
  exported = await exportFeed(dir);
  source = await checksums();
  // The empty domain: every domain table (the feed's, and turnos, fichas, CAPA, MAE that refer to members) emptied.
  await truncateDomain(new Writer(driver));
  const opts = { origen: "línea de comandos", today: TODAY, refresh: "none" } as const;
  first = await importFeed([dir], opts);
  target = await checksums();
  second = await importFeed([dir], opts);
  afterSecond = await checksums();
  forced = await importFeed([dir], { ...opts, force: true });
  afterForced = await checksums();
}, 900_000);
afterAll(async () => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  await t?.cleanup();
});

test("the demo exports every feed table with rows", () => {
  expect(exported.map((f) => f.table)).toEqual(FEED_TABLES.map((f) => f.name));
  for (const f of exported) expect(f.rows, f.table).toBeGreaterThan(0);
  expect(Number(source.afiliados.split(" ")[0])).toBe(exported.find((f) => f.table === "afiliados")?.rows);
});

test("the import into the empty domain applies every file whole: all inserted, nothing refused", () => {
  expect(first.map(counts)).toEqual(
    exported.map((f) => ({
      tabla: f.table,
      estado: "APLICADO",
      insertadas: f.rows,
      actualizadas: 0,
      finalizadas: 0,
      rechazadas: 0,
    })),
  );
});

test("every feed table's content is equal to the source's (checksum per table), the name index too", () => {
  expect(target).toEqual(source);
});

test("importing the same files again changes nothing and says so (each file identical to its last import)", () => {
  for (const r of second) expect(r.mensaje, r.archivo).toMatch(/^Sin cambios: el archivo es idéntico \(SHA-256\)/);
  expect(second.map(counts)).toEqual(
    exported.map((f) => ({
      tabla: f.table,
      estado: "SIN_CAMBIOS",
      insertadas: 0,
      actualizadas: 0,
      finalizadas: 0,
      rechazadas: 0,
    })),
  );
  expect(afterSecond).toEqual(source);
});

test("processed again in full (force), every row compared: nothing changes and every file says so", () => {
  for (const r of forced) expect(r.mensaje, r.archivo).toMatch(/^Sin cambios: la base ya tenía lo que dice el archivo/);
  expect(forced.map(counts)).toEqual(second.map(counts));
  expect(afterForced).toEqual(source);
});

test("the three runs are audited, one row per file", async () => {
  expect(await sqlOne("SELECT count(*) FROM feed_importaciones")).toBe(3 * FEED_TABLES.length);
  expect(await sqlOne("SELECT count(*) FROM feed_importaciones WHERE estado = 'SIN_CAMBIOS'")).toBe(
    2 * FEED_TABLES.length,
  );
});

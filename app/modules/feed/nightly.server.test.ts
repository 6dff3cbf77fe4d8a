// The nightly import (issue 37, ADR 068) against a real database (PGlite in-process, or the PostgreSQL of
// DATABASE_URL): the feed files left in FEED_DIR are imported as 'tarea nocturna' and moved, with their refusal
// reports, into FEED_DIR/procesados/<aaaa-mm-dd>/ (never overwriting, never deleting); a directory without feed
// files does nothing; FEED_CRON is checked when the job is made.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { nightlyImportJob, runNightlyImport } from "./nightly.server";

let t: TestDb;
let dir: string;
const NOW = new Date("2026-03-04T12:00:00Z"); // 09:00 in Catamarca
const DAY = path.join("procesados", "2026-03-04");
const saved = { scheduler: process.env.REPORTING_SCHEDULER, dir: process.env.FEED_DIR, cron: process.env.FEED_CRON };

const MOTIVOS = "bambacodig;bambadescr\n1;RENUNCIA\n2;FALLECIMIENTO\n";
/** One row of two refused (50 % > the 1 % threshold): nothing of the file applies, and it has a report. */
const COBERTURAS_MALA = "gravcodgra;gravdesgra\n10;PLAN A\nxx;PLAN B\n";

const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text);
const ls = (sub = "") => fs.readdirSync(path.join(dir, sub)).sort();
const nocturnas = () => sqlOne("select count(*) from feed_importaciones where origen = 'tarea nocturna'");

beforeAll(async () => {
  t = await useTestDatabase();
  // the refresh an import that changed rows asks for is left as a request (no snapshot is built in this test)
  process.env.REPORTING_SCHEDULER = "worker";
});

afterAll(async () => {
  for (const [k, v] of [
    ["REPORTING_SCHEDULER", saved.scheduler],
    ["FEED_DIR", saved.dir],
    ["FEED_CRON", saved.cron],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await t?.cleanup();
});

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-feed-nocturna-"));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("runNightlyImport", () => {
  test("an empty directory, or one without feed files: nothing imported, nothing moved", async () => {
    const before = await nocturnas();
    expect(await runNightlyImport({ dir, now: NOW })).toEqual({ state: "sin-archivos" });
    write("leame.txt", "no es del padrón");
    write("afiliados.rechazos.csv", "linea;columna;valor;motivo\n");
    expect(await runNightlyImport({ dir, now: NOW })).toEqual({ state: "sin-archivos" });
    expect(await nocturnas()).toBe(before);
    expect(ls()).toEqual(["afiliados.rechazos.csv", "leame.txt"]);
  });

  test("files imported as 'tarea nocturna' and moved with their reports; the next run finds nothing", async () => {
    const before = await nocturnas();
    write("motivos_baja.csv", MOTIVOS);
    write("coberturas.delta.csv", COBERTURAS_MALA);
    write("leame.txt", "no es del padrón");
    fs.rmSync(path.join(t.reportingDir, "refresh.request"), { force: true });

    const r = await runNightlyImport({ dir, now: NOW });
    expect(r.state).toBe("hecho");
    if (r.state !== "hecho") return;
    // in the feed's order (motivos_baja before coberturas), whatever the directory's
    expect(r.files.map((f) => [f.archivo, f.estado])).toEqual([
      ["motivos_baja.csv", "APLICADO"],
      ["coberturas.delta.csv", "RECHAZADO"],
    ]);

    const rows = await sqlRows<{ archivo: string; estado: string; usuario_id: number | null; informe: string | null }>(
      "select archivo, estado, usuario_id, informe from feed_importaciones where origen = 'tarea nocturna' order by id desc limit 2",
    );
    expect(rows.map((x) => [x.archivo, x.estado, x.usuario_id])).toEqual([
      ["coberturas.delta.csv", "RECHAZADO", null],
      ["motivos_baja.csv", "APLICADO", null],
    ]);
    expect(rows[0].informe).toContain("gravcodgra");
    expect(await nocturnas()).toBe(before + 2);
    expect(await sqlOne("select count(*) from motivos_baja")).toBe(2);
    expect(await sqlOne("select count(*) from coberturas")).toBe(0);

    // moved, report and all; what is no feed file stays
    expect(ls()).toEqual(["leame.txt", "procesados"]);
    expect(ls(DAY)).toEqual(["coberturas.delta.csv", "coberturas.delta.rechazos.csv", "motivos_baja.csv"]);
    expect(fs.readFileSync(path.join(dir, DAY, "motivos_baja.csv"), "utf8")).toBe(MOTIVOS);
    // rows changed: the reporting snapshot is asked to refresh
    expect(fs.existsSync(path.join(t.reportingDir, "refresh.request"))).toBe(true);

    expect(await runNightlyImport({ dir, now: NOW })).toEqual({ state: "sin-archivos" });
    expect(await nocturnas()).toBe(before + 2);
  });

  test("the same file again the same day: SIN_CAMBIOS, moved beside the first one without overwriting it", async () => {
    write("motivos_baja.csv", MOTIVOS);
    await runNightlyImport({ dir, now: NOW });
    write("motivos_baja.csv", MOTIVOS);
    const r = await runNightlyImport({ dir, now: NOW });
    expect(r).toMatchObject({ state: "hecho", files: [{ archivo: "motivos_baja.csv", estado: "SIN_CAMBIOS" }] });
    expect(ls(DAY)).toEqual(["motivos_baja-2.csv", "motivos_baja.csv"]);
    const [last] = await sqlRows<{ estado: string; insertadas: number; actualizadas: number }>(
      "select estado, insertadas, actualizadas from feed_importaciones order by id desc limit 1",
    );
    expect(last).toEqual({ estado: "SIN_CAMBIOS", insertadas: 0, actualizadas: 0 });
  });

  test("FEED_DIR unset or missing: nothing", async () => {
    delete process.env.FEED_DIR;
    expect(await runNightlyImport({ now: NOW })).toEqual({ state: "sin-archivos" });
    expect(await runNightlyImport({ dir: path.join(dir, "no-existe"), now: NOW })).toEqual({ state: "sin-archivos" });
  });
});

describe("nightlyImportJob (FEED_CRON, FEED_DIR)", () => {
  test("off by default; a valid expression gives the job; a bad one or no FEED_DIR stops with a Spanish message", () => {
    delete process.env.FEED_CRON;
    process.env.FEED_DIR = dir;
    expect(nightlyImportJob()).toBeNull();
    process.env.FEED_CRON = "30 2 * * *";
    expect(nightlyImportJob()).toMatchObject({ name: "importacion-nocturna", schedule: "30 2 * * *" });
    process.env.FEED_CRON = "30 25 * * *";
    expect(() => nightlyImportJob()).toThrow("FEED_CRON no es una expresión cron válida: '30 25 * * *'");
    process.env.FEED_CRON = "30 2 * * *";
    delete process.env.FEED_DIR;
    expect(() => nightlyImportJob()).toThrow(/^FEED_CRON está definida pero falta FEED_DIR/);
  });

  test("a bad threshold (FEED_MAX_REFUSED, FEED_MAX_ENDED) stops the start, not the first night", () => {
    process.env.FEED_CRON = "30 2 * * *";
    process.env.FEED_DIR = dir;
    for (const [name, value] of [
      ["FEED_MAX_REFUSED", "uno"],
      ["FEED_MAX_ENDED", "150"],
    ]) {
      const kept = process.env[name];
      process.env[name] = value;
      try {
        expect(() => nightlyImportJob()).toThrow(`${name} debe ser un porcentaje entre 0 y 100 (es '${value}')`);
      } finally {
        if (kept === undefined) delete process.env[name];
        else process.env[name] = kept;
      }
    }
    expect(nightlyImportJob()).not.toBeNull();
  });
});

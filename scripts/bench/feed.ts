// npm run bench:feed — issue 37's figures (docs/benchmarks.md, "Issue 37 — registry feed"), on a real PostgreSQL
// (DATABASE_URL) holding the bench scale (500 000 members, 2 000 000 authorisations; an empty database is seeded
// first at BENCH_FEED_SCALE, default bench — `demo` for a quick smoke run). In one run:
//  1. export: exportFeed (npm run feed:export) of the source database, rows/s;
//  2. raw COPY: PostgreSQL's own COPY of the same files (booleans as text and sentinel dates nullable, as COPY cannot
//     read S/N nor apply a default), rows/s: a) into empty copies of the feed tables with the same indexes (no foreign
//     key, no trigger); b) into the app's own empty tables (indexes, foreign keys, triggers: psql's \copy), in a
//     database of its own;
//  3. full import (importFeed) into an empty domain of a new database (migrated, reference data only): rows/s and
//     its ratio to 2b (goal ≥ 0.40), and to 2a;
//  4. re-import of the same files: time, ratio to the full import (goal ≤ 0.25), every file SIN_CAMBIOS (identical to
//     its table's last import: not processed again); then the same forced (`force`: every row staged, validated and
//     compared), for comparison (BENCH_FEED_FORCED=0 leaves it out);
//  5. a 1 % delta (1 % of members and of authorisations changed, a tenth of them removed with accion B): time, ratio
//     to the full import (goal ≤ 0.10);
//  during 3–5, a child process loops the app's DNI lookup (searchPadron) on the target: p95 (goal ≤ 50 ms), beside
//  the same loop with no import running. Figures only, no assertions. BENCH_KEEP=1 keeps the target database and
//  the files; BENCH_FEED_DIR sets where the files go; BENCH_FEED_LOOKUP_CLIENTS / _PAUSE_MS shape the lookups.
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { closeDb, getDb, getDriver } from "~db/client.server";
import { migrate } from "~db/migrate";
import { seedDomain, type Scale } from "~db/seed/index";
import { seedReference } from "~db/seed/reference";
import { exportColumns, exportFeed, exportQuery, exportSelect, type ExportedFile } from "~/modules/feed/export.server";
import { importFeed, type FeedFileResult } from "~/modules/feed/import.server";
import { FEED_TABLES, feedTable } from "~/modules/feed/tables";

const SCALE = (process.env.BENCH_FEED_SCALE || "bench") as Scale;
const CLIENTS = Number(process.env.BENCH_FEED_LOOKUP_CLIENTS || 4);
const PAUSE_MS = Number(process.env.BENCH_FEED_LOOKUP_PAUSE_MS || 20);
const IDLE_MS = 10_000;
const GOALS = { importVsCopy: 0.4, reimport: 0.25, delta: 0.1, p95: 50 };

const n = (x: number) => Math.round(x).toLocaleString("es-AR");
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function timed<T>(f: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await f();
  return { value, ms: performance.now() - t0 };
}

async function withClient<T>(url: string, f: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
}

/** The source: migrated, seeded at SCALE when empty; prints its size; returns DNIs for the lookups. */
async function prepareSource(): Promise<string[]> {
  await migrate();
  const db = await getDb();
  const driver = await getDriver();
  if (driver.kind !== "pg") throw new Error("bench:feed corre sobre PostgreSQL (DATABASE_URL)");
  const count = async (t: string) => Number((await driver.pool.query(`SELECT count(*) AS n FROM ${t}`)).rows[0].n);
  if ((await count("afiliados")) === 0) {
    console.log(`Base vacía: sembrando la escala ${SCALE}…`);
    await seedReference(db, []);
    await seedDomain(db, driver, { scale: SCALE, seed: 1 });
  }
  console.log(`Origen: ${n(await count("afiliados"))} afiliados, ${n(await count("autorizaciones"))} autorizaciones`);
  const { rows } = await driver.pool.query<{ numdoc: string }>(
    "SELECT numdoc FROM afiliados WHERE idafi % 97 = 3 ORDER BY idafi LIMIT 5000",
  );
  return rows.map((r) => r.numdoc);
}

/** A new database on the same server: migrated, reference data only (the empty domain). */
async function createTarget(sourceUrl: string, suffix = ""): Promise<string> {
  const name = `osep_feed_bench_${process.pid}${suffix}`;
  await withClient(sourceUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(sourceUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropTarget(sourceUrl: string, targetUrl: string): Promise<void> {
  const name = new URL(targetUrl).pathname.slice(1);
  await withClient(sourceUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** The file's header line (its column list). */
function headerOf(file: string): string[] {
  const fd = fs.openSync(file, "r");
  try {
    const buf = Buffer.alloc(8192);
    const len = fs.readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, len).toString("utf8").split("\n")[0].split(";");
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Columns COPY cannot fill from the files as they are: the booleans (written S/N) become text and the sentinel-default
 * dates (written empty) nullable.
 */
async function loosenForCopy(c: pg.Client, schema: string): Promise<void> {
  for (const t of FEED_TABLES) {
    const table = `${schema}.${q(t.name)}`;
    for (const col of exportColumns(t)) {
      const type = col.getSQLType();
      if (type === "boolean")
        await c.query(`ALTER TABLE ${table} ALTER ${q(col.name)} DROP DEFAULT, ALTER ${q(col.name)} TYPE text`);
      else if (type === "date" && typeof col.default === "string" && !t.key.includes(col.name))
        await c.query(`ALTER TABLE ${table} ALTER ${q(col.name)} DROP NOT NULL`);
    }
  }
}

/**
 * The foreign keys the import sets after the run (a family group's holder: the groups and the members refer to each
 * other), which no order of plain COPYs can satisfy: dropped, as a plain load must.
 */
async function dropCycleKeys(c: pg.Client): Promise<void> {
  for (const t of FEED_TABLES) {
    for (const ref of (t.references ?? []).filter((r) => r.deferred)) {
      const { rows } = await c.query<{ conname: string }>(
        `SELECT conname FROM pg_constraint WHERE contype = 'f' AND conrelid = $1::regclass AND confrelid = $2::regclass`,
        [t.name, ref.table],
      );
      for (const r of rows) await c.query(`ALTER TABLE ${q(t.name)} DROP CONSTRAINT ${q(r.conname)}`);
    }
  }
}

/** COPY of every file into `schema`'s tables, in the files' (dependency) order: rows and ms. */
async function copyFiles(c: pg.Client, schema: string, files: ExportedFile[]): Promise<{ rows: number; ms: number }> {
  let rows = 0;
  const t0 = performance.now();
  for (const f of files) {
    const cols = headerOf(f.file).map(q).join(", ");
    const stream = c.query(
      copyFrom(`COPY ${schema}.${q(f.table)} (${cols}) FROM STDIN WITH (FORMAT csv, HEADER true, DELIMITER ';')`),
    );
    await pipeline(fs.createReadStream(f.file), stream);
    rows += stream.rowCount;
  }
  return { rows, ms: performance.now() - t0 };
}

/**
 * PostgreSQL's own COPY of the files. 'bare': into empty copies of the tables with the same indexes (no foreign key,
 * no trigger: the least any load must do). 'app': into the app's own empty tables of `url`, with their indexes,
 * foreign keys and triggers (the name index's words, the feed's version) — the plain approach, psql's \\copy.
 */
async function rawCopy(
  url: string,
  files: ExportedFile[],
  into: "bare" | "app",
): Promise<{ rows: number; ms: number }> {
  return withClient(url, async (c) => {
    if (into === "app") {
      await c.query("SET DateStyle = 'ISO, DMY'");
      await loosenForCopy(c, "public");
      await dropCycleKeys(c);
      return copyFiles(c, "public", files);
    }
    await c.query("DROP SCHEMA IF EXISTS feed_bench_raw CASCADE; CREATE SCHEMA feed_bench_raw");
    await c.query("SET DateStyle = 'ISO, DMY'");
    for (const t of FEED_TABLES) {
      await c.query(
        `CREATE TABLE feed_bench_raw.${q(t.name)} (LIKE public.${q(t.name)} INCLUDING DEFAULTS INCLUDING GENERATED INCLUDING INDEXES)`,
      );
    }
    await loosenForCopy(c, "feed_bench_raw");
    const r = await copyFiles(c, "feed_bench_raw", files);
    await c.query("DROP SCHEMA feed_bench_raw CASCADE");
    return r;
  });
}

type Lookups = { n: number; p50: number; p95: number; max: number; errors: number };

/** Runs `work` while a child process loops DNI lookups on `url`; returns both. */
async function duringLookups<T>(url: string, dnisFile: string, work: () => Promise<T>): Promise<[T, Lookups]> {
  const child = fork(path.join(import.meta.dirname, "feed-lookups.ts"), [dnisFile, String(CLIENTS), String(PAUSE_MS)], {
    env: { ...process.env, DATABASE_URL: url, DATABASE_POOL_MAX: String(CLIENTS) },
    execArgv: ["--import", "tsx"],
  });
  const message = () =>
    new Promise<unknown>((resolve, reject) => {
      child.once("message", resolve);
      child.once("exit", (code) => reject(new Error(`las búsquedas terminaron con ${code}`)));
    });
  await message(); // ready
  try {
    const value = await work();
    const stats = message();
    child.send("stop");
    return [value, (await stats) as Lookups];
  } catch (e) {
    child.kill();
    throw e;
  }
}

const lookupLine = (l: Lookups) =>
  `${n(l.n)} búsquedas, p50 ${l.p50.toFixed(1)} ms, p95 ${l.p95.toFixed(1)} ms, máx ${l.max.toFixed(0)} ms, errores ${l.errors}`;

function summary(results: FeedFileResult[]): { rows: number; changed: string; estados: string; slowest: string } {
  const sum = (k: "filas" | "insertadas" | "actualizadas" | "finalizadas" | "rechazadas") =>
    results.reduce((a, r) => a + r[k], 0);
  const estados = [...new Set(results.map((r) => r.estado))].join(", ");
  const changed = `${n(sum("insertadas"))} insertadas, ${n(sum("actualizadas"))} actualizadas, ${n(sum("finalizadas"))} finalizadas, ${n(sum("rechazadas"))} rechazadas`;
  return { rows: sum("filas"), changed, estados, slowest: slowest(results) };
}

/** The files that took longest: where the time goes. */
function slowest(results: FeedFileResult[]): string {
  return [...results]
    .sort((a, b) => b.duracionMs - a.duracionMs)
    .slice(0, 4)
    .map((r) => `${r.archivo} ${s(r.duracionMs)}`)
    .join(", ");
}

/** A 1 % delta of members and authorisations, written from the target database (already equal to the files). */
async function writeDelta(dir: string): Promise<number> {
  fs.mkdirSync(dir, { recursive: true });
  const changes: [string, string, string][] = [
    ["afiliados", "idafi", "(current_date + 365) AS fechvto"],
    ["autorizaciones", "id", "CASE WHEN estado = 'CONSUMIDA' THEN 'EMITIDA' ELSE 'CONSUMIDA' END AS estado"],
  ];
  let rows = 0;
  for (const [name, key, change] of changes) {
    const t = feedTable(name)!;
    const changed = change.split(" AS ")[1];
    const cols = exportColumns(t).map((c) => (c.name === changed ? change : q(c.name)));
    const from = `(SELECT ${cols.join(", ")} FROM ${q(name)} WHERE ${q(key)} % 100 = 0)`;
    const accion = `CASE WHEN x.${q(key)} % 1000 = 0 THEN 'B' ELSE 'A' END`;
    rows += await exportQuery(exportSelect(t, { from, extra: { accion } }), path.join(dir, `${name}.delta.csv`));
  }
  return rows;
}

async function main(): Promise<void> {
  const sourceUrl = process.env.DATABASE_URL;
  if (!sourceUrl) {
    console.error("bench:feed necesita DATABASE_URL (PostgreSQL; se siembra la escala bench si está vacía).");
    process.exit(2);
  }
  process.env.REPORTING_SCHEDULER = "worker"; // an import's refresh request is only queued, never run here
  process.env.REPORTING_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "osep-feed-bench-reporting-"));
  const dir = process.env.BENCH_FEED_DIR || fs.mkdtempSync(path.join(os.tmpdir(), "osep-feed-bench-"));
  console.log(`${os.cpus().length} núcleos, carga ${load()}; archivos en ${dir}`);
  const dnis = await prepareSource();
  const dnisFile = path.join(dir, "dnis.txt");
  fs.writeFileSync(dnisFile, dnis.join("\n"));

  const exp = await timed(() => exportFeed(dir));
  const rows = exp.value.reduce((a, f) => a + f.rows, 0);
  const bytes = exp.value.reduce((a, f) => a + f.bytes, 0);
  console.log(
    `1. Exportación: ${n(rows)} filas, ${n(bytes / 1e6)} MB en ${s(exp.ms)} = ${n(rows / (exp.ms / 1000))} filas/s`,
  );
  await closeDb();

  const app = await copyIntoAppTables(sourceUrl, exp.value);
  const targetUrl = await createTarget(sourceUrl);
  process.env.DATABASE_URL = targetUrl;
  try {
    await migrate();
    await seedReference(await getDb(), []);
    await measureImports(targetUrl, dir, dnisFile, exp.value, app);
  } finally {
    await closeDb();
    if (process.env.BENCH_KEEP === "1") console.log(`BENCH_KEEP=1: quedan ${targetUrl} y ${dir}`);
    else {
      await dropTarget(sourceUrl, targetUrl);
      if (!process.env.BENCH_FEED_DIR) fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

/** 2b in a database of its own (the target's tables must stay untouched: a rolled-back COPY leaves dead rows). */
async function copyIntoAppTables(sourceUrl: string, files: ExportedFile[]): Promise<{ rows: number; ms: number }> {
  const url = await createTarget(sourceUrl, "_copia");
  process.env.DATABASE_URL = url;
  try {
    await migrate();
    await seedReference(await getDb(), []);
    await closeDb();
    return await rawCopy(url, files, "app");
  } finally {
    await closeDb();
    await dropTarget(sourceUrl, url);
    process.env.DATABASE_URL = sourceUrl;
  }
}

async function measureImports(
  url: string,
  dir: string,
  dnisFile: string,
  files: ExportedFile[],
  app: { rows: number; ms: number },
): Promise<void> {
  const bare = await rawCopy(url, files, "bare");
  const bareRate = bare.rows / (bare.ms / 1000);
  console.log(
    `2. COPY de PostgreSQL (mismos archivos, en orden de dependencias), en tablas vacías:\n` +
      `   a) copias con los mismos índices, sin claves foráneas ni disparadores: ${n(bare.rows)} filas en ${s(bare.ms)} = ${n(bareRate)} filas/s`,
  );
  const rawRate = app.rows / (app.ms / 1000);
  console.log(
    `   b) las tablas de la aplicación (índices, claves foráneas, disparadores: el \\copy de psql): ${n(app.rows)} filas en ${s(app.ms)} = ${n(rawRate)} filas/s`,
  );
  const opts = { origen: "banco de pruebas", refresh: "none" } as const;

  const [full, fullLookups] = await duringLookups(url, dnisFile, () => timed(() => importFeed([dir], opts)));
  const f = summary(full.value);
  const rate = f.rows / (full.ms / 1000);
  console.log(
    `3. Importación completa en una base vacía: ${n(f.rows)} filas en ${s(full.ms)} = ${n(rate)} filas/s (${f.changed}; ${f.estados})`,
  );
  console.log(`   los más lentos: ${f.slowest}`);
  console.log(
    `   ${(rate / rawRate).toFixed(2)} × el COPY en las tablas de la aplicación (objetivo ≥ ${GOALS.importVsCopy}) ${verdict(rate / rawRate >= GOALS.importVsCopy)}; ` +
      `${(rate / bareRate).toFixed(2)} × el COPY en copias sin claves foráneas ni disparadores`,
  );

  const [, idle] = await duringLookups(url, dnisFile, () => new Promise((r) => setTimeout(r, IDLE_MS)));
  const [again, againLookups] = await duringLookups(url, dnisFile, () => timed(() => importFeed([dir], opts)));
  const a = summary(again.value);
  console.log(`4. Reimportación sin cambios: ${s(again.ms)} (${a.changed}; ${a.estados})`);
  console.log(`   los más lentos: ${a.slowest}`);
  console.log(
    `   ${(again.ms / full.ms).toFixed(3)} × la completa (objetivo ≤ ${GOALS.reimport}) ${verdict(again.ms / full.ms <= GOALS.reimport)}`,
  );

  let forcedLookups: Lookups | null = null;
  if (process.env.BENCH_FEED_FORCED !== "0") {
    const [forced, l] = await duringLookups(url, dnisFile, () =>
      timed(() => importFeed([dir], { ...opts, force: true })),
    );
    forcedLookups = l;
    const fo = summary(forced.value);
    console.log(`   forzada (cada fila cargada, validada y comparada): ${s(forced.ms)} (${fo.changed}; ${fo.estados})`);
    console.log(`   los más lentos: ${fo.slowest}`);
    console.log(`   ${(forced.ms / full.ms).toFixed(3)} × la completa (sin objetivo: lo que cuesta comparar todo)`);
  }

  const deltaDir = path.join(dir, "delta");
  const deltaRows = await writeDelta(deltaDir);
  const [delta, deltaLookups] = await duringLookups(url, dnisFile, () => timed(() => importFeed([deltaDir], opts)));
  const d = summary(delta.value);
  console.log(
    `5. Delta del 1 % (${n(deltaRows)} filas de afiliados y autorizaciones): ${s(delta.ms)} (${d.changed}; ${d.estados})`,
  );
  console.log(`   los más lentos: ${d.slowest}`);
  console.log(
    `   ${(delta.ms / full.ms).toFixed(3)} × la completa (objetivo ≤ ${GOALS.delta}) ${verdict(delta.ms / full.ms <= GOALS.delta)}`,
  );

  console.log(`Búsquedas por DNI (searchPadron, ${CLIENTS} clientes, pausa ${PAUSE_MS} ms, otro proceso):`);
  console.log(`   sin importación:          ${lookupLine(idle)}`);
  for (const [label, l] of [
    ["durante la completa:     ", fullLookups],
    ["durante la reimportación:", againLookups],
    ...(forcedLookups ? ([["durante la forzada:      ", forcedLookups]] as const) : []),
    ["durante el delta:        ", deltaLookups],
  ] as const)
    console.log(`   ${label} ${lookupLine(l)} (objetivo p95 ≤ ${GOALS.p95} ms) ${verdict(l.p95 <= GOALS.p95)}`);
  console.log(`Carga (1/5/15 min): ${load()}`);
}

await main();

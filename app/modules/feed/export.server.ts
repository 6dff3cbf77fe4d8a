// The registry feed's export (issue 37, docs/registry-feed.md): one full-load `<tabla>.csv` per feed table, in the
// format the import reads, written by the database itself — COPY (SELECT … formatted) TO STDOUT (pg, streamed through
// pg-copy-streams) or TO '/dev/blob' (PGlite) — ordered by the table's key so equal data gives equal files. The
// columns come from the Drizzle schema minus the table's `omit` and generated columns: one source with the import.
// All tables are read in one REPEATABLE READ transaction, so the files are one consistent picture of the database.
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { getTableColumns } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { PoolClient } from "pg";
import { to as copyTo } from "pg-copy-streams";
import { getDriver } from "~db/client.server";
import { FEED_TABLES, type FeedTable } from "./tables";

export type ExportedFile = { table: string; rows: number; file: string; bytes: number };

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The database columns a file of `t` carries (its header): every column but `omit` and generated ones. */
export function exportColumns(t: FeedTable): PgColumn[] {
  const omit = new Set(t.omit ?? []);
  return (Object.values(getTableColumns(t.table)) as PgColumn[]).filter((c) => !omit.has(c.name) && !c.generated);
}

/** A date column's literal default when it is a sentinel date (fechbaja 0001-01-01, fecha_receta 1900-01-01). */
function sentinelOf(c: PgColumn): string | null {
  return c.getSQLType() === "date" && typeof c.default === "string" ? c.default : null;
}

/** One column as the file writes it: dates dd/mm/aaaa (the default sentinel empty), S/N, numeric with '.'. */
function formatted(c: PgColumn, alias: string): string {
  const col = `${alias}.${quoteIdent(c.name)}`;
  const type = c.getSQLType();
  if (type === "date") {
    const sentinel = sentinelOf(c);
    const text = `to_char(${col}, 'DD/MM/YYYY')`;
    return sentinel ? `CASE WHEN ${col} = ${quoteLiteral(sentinel)}::date THEN NULL ELSE ${text} END` : text;
  }
  if (type === "timestamp") return `to_char(${col}, 'DD/MM/YYYY HH24:MI:SS')`;
  if (type === "time") return `to_char(${col}, 'HH24:MI:SS')`;
  if (type === "boolean") return `CASE WHEN ${col} THEN 'S' WHEN NOT ${col} THEN 'N' END`;
  return `${col}::text`;
}

/**
 * The SELECT a file of `t` is written from: its columns formatted and named as in the database, ordered by the key
 * (text in "C" order, the same on every server). `from` replaces the table (a subquery or another relation of the
 * same columns, as the bench's delta); `extra` adds literal columns (a delta's `accion`).
 */
export function exportSelect(t: FeedTable, opts: { from?: string; extra?: Record<string, string> } = {}): string {
  const alias = "x";
  const cols = exportColumns(t).map((c) => `${formatted(c, alias)} AS ${quoteIdent(c.name)}`);
  for (const [name, expr] of Object.entries(opts.extra ?? {})) cols.push(`${expr} AS ${quoteIdent(name)}`);
  const byName = new Map(Object.values(getTableColumns(t.table)).map((c) => [c.name, c as PgColumn]));
  const order = t.key.map((k) => {
    const text = byName.get(k)?.getSQLType() === "text";
    return `${alias}.${quoteIdent(k)}${text ? ' COLLATE "C"' : ""}`;
  });
  return `SELECT ${cols.join(", ")} FROM ${opts.from ?? quoteIdent(t.name)} ${alias} ORDER BY ${order.join(", ")}`;
}

/** The COPY that writes a query's rows as a feed file: header, ';', '"', null as empty, empty text as "". */
const copyOut = (select: string, target: "STDOUT" | "'/dev/blob'") =>
  `COPY (${select}) TO ${target} WITH (FORMAT csv, HEADER true, DELIMITER ';', QUOTE '"', ENCODING 'UTF8')`;

type Sink = (select: string, file: string) => Promise<number>;

/** Runs `work` with a sink that writes a query's rows to a file, in one read-only REPEATABLE READ transaction. */
async function withSink<T>(work: (sink: Sink) => Promise<T>): Promise<T> {
  const driver = await getDriver();
  if (driver.kind === "pglite") {
    return driver.pglite.transaction(async (tx) => {
      await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY");
      return work(async (select, file) => {
        const r = await tx.query(copyOut(select, "'/dev/blob'"));
        fs.writeFileSync(file, r.blob ? Buffer.from(await r.blob.arrayBuffer()) : "");
        return r.affectedRows ?? 0;
      });
    });
  }
  const client: PoolClient = await driver.pool.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const out = await work(async (select, file) => {
      const stream = client.query(copyTo(copyOut(select, "STDOUT")));
      await pipeline(stream, fs.createWriteStream(file));
      return stream.rowCount;
    });
    await client.query("COMMIT");
    return out;
  } catch (e) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/** Writes `select` (an exportSelect) to `file` as a feed file; the file appears whole (written aside, renamed). */
export async function exportQuery(select: string, file: string): Promise<number> {
  return withSink((sink) => writeAside(sink, select, file));
}

async function writeAside(sink: Sink, select: string, file: string): Promise<number> {
  const part = `${file}.part`;
  try {
    const rows = await sink(select, part);
    fs.renameSync(part, file);
    return rows;
  } finally {
    fs.rmSync(part, { force: true });
  }
}

/** Writes one full-load `<tabla>.csv` (UTF-8, no BOM) per feed table into `dir`, in dependency order. */
export async function exportFeed(dir: string): Promise<ExportedFile[]> {
  fs.mkdirSync(dir, { recursive: true });
  return withSink(async (sink) => {
    const out: ExportedFile[] = [];
    for (const t of FEED_TABLES) {
      const file = path.join(dir, `${t.name}.csv`);
      const rows = await writeAside(sink, exportSelect(t), file);
      out.push({ table: t.name, rows, file, bytes: fs.statSync(file).size });
    }
    return out;
  });
}

// Bulk loading. Rows are arrays of plain values in the order of a column list (Drizzle property keys),
// encoded once as CSV and loaded with COPY: on pg through pg-copy-streams (COPY FROM STDIN, streamed in
// chunks with back-pressure), on PGlite through COPY FROM '/dev/blob' in chunks inside one transaction
// per table. Rows come from generators, so no table is ever held in memory whole.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { getTableColumns, getTableName } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { from as copyFrom } from "pg-copy-streams";
import { stringify } from "csv-stringify/sync";
import type { Driver } from "~db/client.server.ts";

export type Value = string | number | boolean | null | undefined;

export type TableLoad = {
  table: PgTable;
  /** Drizzle property keys, in the order of each row's values. */
  columns: readonly string[];
  rows: Iterable<Value[]>;
};

export type LoadStat = { table: string; rows: number; ms: number };

/** The NULL marker of our COPY statements: an unquoted empty field is then an empty string, not NULL. */
const NULL_MARK = "\\N";

/** CSV lines for COPY (FORMAT csv, NULL '\N'): null/undefined → \N, booleans → t/f. */
function encodeRows(rows: readonly (readonly Value[])[]): string {
  return stringify(
    rows.map((r) => r.map((v) => v ?? NULL_MARK)),
    { cast: { boolean: (b) => (b ? "t" : "f") }, record_delimiter: "unix" },
  );
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** COPY statement for a table and a list of property keys; throws when the schema lacks a column. */
function copySql(table: PgTable, columns: readonly string[], source: "STDIN" | "'/dev/blob'"): string {
  const defs = getTableColumns(table) as Record<string, { name: string }>;
  const names = columns.map((key) => {
    const col = defs[key];
    if (!col) throw new Error(`seed: table ${getTableName(table)} has no column '${key}'`);
    return quoteIdent(col.name);
  });
  return `COPY ${quoteIdent(getTableName(table))} (${names.join(", ")}) FROM ${source} WITH (FORMAT csv, NULL '${NULL_MARK}')`;
}

const ROWS_PER_CHUNK = 2_000;

function* chunks(rows: Iterable<Value[]>, counter: { n: number }): Generator<string> {
  let buf: Value[][] = [];
  for (const row of rows) {
    buf.push(row);
    if (buf.length >= ROWS_PER_CHUNK) {
      counter.n += buf.length;
      yield encodeRows(buf);
      buf = [];
    }
  }
  if (buf.length) {
    counter.n += buf.length;
    yield encodeRows(buf);
  }
}

export class Writer {
  readonly stats: LoadStat[] = [];

  constructor(
    readonly driver: Driver,
    private readonly log: (line: string) => void = () => {},
  ) {}

  async exec(text: string): Promise<void> {
    if (this.driver.kind === "pg") await this.driver.pool.query(text);
    else await this.driver.pglite.exec(text);
  }

  async rows<T = Record<string, unknown>>(text: string): Promise<T[]> {
    if (this.driver.kind === "pg") return (await this.driver.pool.query(text)).rows as T[];
    return (await this.driver.pglite.query<T>(text)).rows;
  }

  /** Loads one table and records rows and rows/s. */
  async load({ table, columns, rows }: TableLoad): Promise<number> {
    const name = getTableName(table);
    const started = performance.now();
    const counter = { n: 0 };
    if (this.driver.kind === "pg") {
      const client = await this.driver.pool.connect();
      try {
        const stream = client.query(copyFrom(copySql(table, columns, "STDIN")));
        await pipeline(Readable.from(chunks(rows, counter)), stream);
      } finally {
        client.release();
      }
    } else {
      const sql = copySql(table, columns, "'/dev/blob'");
      await this.driver.pglite.transaction(async (tx) => {
        for (const chunk of chunks(rows, counter)) await tx.query(sql, [], { blob: new Blob([chunk]) });
      });
    }
    const ms = performance.now() - started;
    this.stats.push({ table: name, rows: counter.n, ms });
    const rate = counter.n / Math.max(ms / 1000, 1e-3);
    this.log(
      `  ${name.padEnd(26)} ${String(counter.n).padStart(9)} rows ${(ms / 1000).toFixed(2).padStart(7)} s ${Math.round(rate).toLocaleString("en-US").padStart(10)} rows/s`,
    );
    return counter.n;
  }

  /** Moves every sequence-backed column of the tables past the largest explicit value loaded. */
  async resetSequences(tables: readonly string[]): Promise<void> {
    if (!tables.length) return;
    const list = tables.map((t) => `'${t.replace(/'/g, "''")}'`).join(", ");
    const cols = await this.rows<{ table_name: string; column_name: string; column_default: string }>(
      `SELECT table_name, column_name, column_default FROM information_schema.columns
       WHERE table_schema = 'public' AND column_default LIKE 'nextval(%' AND table_name IN (${list})`,
    );
    for (const c of cols) {
      const m = /nextval\('([^']+)'/.exec(c.column_default);
      if (!m) continue;
      await this.exec(
        `SELECT setval('${m[1]}', COALESCE((SELECT max(${quoteIdent(c.column_name)}) FROM ${quoteIdent(c.table_name)}), 0) + 1, false)`,
      );
    }
  }

  /**
   * On pg, runs `work` with the secondary indexes and the outgoing foreign keys of the tables dropped,
   * then rebuilds the indexes and re-adds the foreign keys (validated in one pass each). Bulk COPY into
   * an indexed table with per-row foreign-key triggers is several times slower. On PGlite it just runs `work`.
   */
  async withoutIndexes<T>(tables: readonly string[], work: () => Promise<T>): Promise<T> {
    if (this.driver.kind !== "pg" || !tables.length) return work();
    const list = tables.map((t) => `'${t}'`).join(", ");
    const idx = await this.rows<{ name: string; def: string }>(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relname IN (${list})
         AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    );
    const fks = await this.rows<{ tbl: string; name: string; def: string }>(
      `SELECT k.conrelid::regclass::text AS tbl, quote_ident(k.conname) AS name, pg_get_constraintdef(k.oid) AS def
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE k.contype = 'f' AND n.nspname = 'public' AND c.relname IN (${list})`,
    );
    for (const f of fks) await this.exec(`ALTER TABLE ${f.tbl} DROP CONSTRAINT ${f.name}`);
    for (const i of idx) await this.exec(`DROP INDEX IF EXISTS ${i.name}`);
    try {
      return await work();
    } finally {
      const started = performance.now();
      const client = await this.driver.pool.connect();
      try {
        await client.query("SET maintenance_work_mem = '256MB'");
        for (const i of idx) await client.query(i.def);
        for (const f of fks) await client.query(`ALTER TABLE ${f.tbl} ADD CONSTRAINT ${f.name} ${f.def}`);
      } finally {
        client.release();
      }
      this.log(
        `  (rebuilt ${idx.length} indexes and ${fks.length} foreign keys in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
  }

  totals(): { rows: number; ms: number } {
    return this.stats.reduce((a, s) => ({ rows: a.rows + s.rows, ms: a.ms + s.ms }), { rows: 0, ms: 0 });
  }
}

// Applying a validated feed file, set-based, inside the caller's transaction: UPDATE of the rows whose values differ
// (IS DISTINCT FROM over the file's columns), INSERT of new keys, then the ends (a full load's absent rows, a delta's
// B rows) by the table's EndRule, never deleting a row another table refers to (the schema's foreign keys), and the
// serial sequence moved past explicit ids. No TRUNCATE, ALTER, DISABLE TRIGGER or LOCK TABLE: readers keep reading.
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { getTableName } from "drizzle-orm";
import * as schema from "~db/schema";
import { castType, quoteIdent, sqlLiteral, type FeedColumn } from "./columns";
import { endsRefusal } from "./rules";
import type { FeedTable } from "./tables";
import type { FileContext } from "./validate.server";
import type { Session } from "./session.server";

const q = quoteIdent;

export type ApplyCounts = { insertadas: number; actualizadas: number; finalizadas: number };

/** Column pairs (child → this table) of every foreign key of the schema that points at `table`. */
function referencingKeys(table: string): { child: string; pairs: [string, string][] }[] {
  const out: { child: string; pairs: [string, string][] }[] = [];
  for (const value of Object.values(schema)) {
    let config: ReturnType<typeof getTableConfig> | null = null;
    try {
      config = getTableConfig(value as PgTable);
    } catch {
      continue; // not a table (an enum, a relation, a constant)
    }
    if (!config?.foreignKeys) continue;
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      if (getTableName(ref.foreignTable) !== table) continue;
      out.push({ child: config.name, pairs: ref.columns.map((c, i) => [c.name, ref.foreignColumns[i].name]) });
    }
  }
  return out;
}

function keyMatch(ft: FeedTable, t: string, f: string): string {
  return ft.key.map((k) => `${t}.${q(k)} = ${f}.${q(k)}`).join(" AND ");
}

/**
 * The columns written and their values from the typed rows `f`: a full load writes every column (absent ones as
 * their default or null), a delta only those it carries. Deferred columns are written after the run.
 */
function written(ctx: FileContext): { col: FeedColumn; value: string }[] {
  const carried = new Set(ctx.cols.map((c) => c.name));
  return ctx.all
    .filter((c) => !c.deferred && (ctx.modo === "completa" || carried.has(c.name)))
    .map((c) => ({ col: c, value: carried.has(c.name) ? `f.${q(c.name)}` : (c.defaultSql ?? `NULL::${castType(c)}`) }));
}

async function updateChanged(s: Session, ctx: FileContext): Promise<number> {
  const cols = written(ctx).filter((w) => !w.col.key);
  if (!cols.length) return 0;
  const target = `(${cols.map((w) => `t.${q(w.col.name)}`).join(", ")})`;
  const source = `(${cols.map((w) => w.value).join(", ")})`;
  const r = await s.query(
    `UPDATE ${q(ctx.ft.name)} t SET ${cols.map((w) => `${q(w.col.name)} = ${w.value}`).join(", ")}
     FROM ${q(ctx.rows)} f
     WHERE ${keyMatch(ctx.ft, "t", "f")} AND NOT f.rechazada AND f.accion = 'A'
       AND ${cols.length === 1 ? `${target.slice(1, -1)} IS DISTINCT FROM ${source.slice(1, -1)}` : `${target} IS DISTINCT FROM ${source}`}`,
  );
  return r.affected;
}

/** Inserts the rows whose key the table lacks (`intoEmpty`: the table had no rows, every row is new). */
async function insertNew(s: Session, ctx: FileContext, intoEmpty: boolean): Promise<number> {
  const cols = written(ctx);
  const absent = intoEmpty
    ? ""
    : `AND NOT EXISTS (SELECT 1 FROM ${q(ctx.ft.name)} t WHERE ${keyMatch(ctx.ft, "t", "f")})`;
  const r = await s.query(
    `INSERT INTO ${q(ctx.ft.name)} (${cols.map((w) => q(w.col.name)).join(", ")})
     SELECT ${cols.map((w) => w.value).join(", ")} FROM ${q(ctx.rows)} f
     WHERE NOT f.rechazada AND f.accion = 'A' ${absent}`,
  );
  return r.affected;
}

/** The rows that end: a full load's rows absent from the file (even refused lines keep their key), a delta's B rows. */
function endCondition(ctx: FileContext): string {
  const match = keyMatch(ctx.ft, "t", "f");
  return ctx.modo === "completa"
    ? `NOT EXISTS (SELECT 1 FROM ${q(ctx.rows)} f WHERE ${match})`
    : `EXISTS (SELECT 1 FROM ${q(ctx.rows)} f WHERE ${match} AND f.accion = 'B' AND NOT f.rechazada)`;
}

async function endRows(s: Session, ctx: FileContext, today: string): Promise<number> {
  const end = ctx.ft.end;
  const t = q(ctx.ft.name);
  const which = endCondition(ctx);
  if (end === "delete") {
    const kept = referencingKeys(ctx.ft.name).map(
      (r) =>
        `NOT EXISTS (SELECT 1 FROM ${q(r.child)} c WHERE ${r.pairs.map(([c, p]) => `c.${q(c)} = t.${q(p)}`).join(" AND ")})`,
    );
    const r = await s.query(`DELETE FROM ${t} t WHERE ${[which, ...kept].join(" AND ")}`);
    return r.affected;
  }
  if ("flag" in end) {
    const r = await s.query(`UPDATE ${t} t SET ${q(end.flag)} = true WHERE NOT t.${q(end.flag)} AND ${which}`);
    return r.affected;
  }
  const col = q(end.date);
  const day = `${sqlLiteral(today)}::date`;
  const open = `(t.${col} IS NULL OR ${end.open === "sentinel" ? `t.${col} = '0001-01-01' OR ` : ""}t.${col} > ${day})`;
  const r = await s.query(`UPDATE ${t} t SET ${col} = ${day} WHERE ${open} AND ${which}`);
  return r.affected;
}

async function countRows(s: Session, table: string): Promise<number> {
  const { rows } = await s.query<{ n: string }>(`SELECT count(*) AS n FROM ${q(table)}`);
  return Number(rows[0].n);
}

/** Moves the key's serial sequence past the largest id when the file inserted explicit ids (never backwards). */
async function moveSequence(s: Session, ctx: FileContext): Promise<void> {
  const serial = ctx.all.find((c) => c.key && /serial$/.test(c.sqlType));
  if (!serial || ctx.ft.key.length !== 1) return;
  const seq = `pg_get_serial_sequence(${sqlLiteral(q(ctx.ft.name))}, ${sqlLiteral(serial.name)})`;
  await s.query(
    `SELECT setval(${seq}, GREATEST(m.max, COALESCE(
       (SELECT ps.last_value FROM pg_sequences ps WHERE ps.schemaname || '.' || ps.sequencename = ${seq}), 0)))
     FROM (SELECT max(${q(serial.name)}) AS max FROM ${q(ctx.ft.name)}) m WHERE m.max IS NOT NULL`,
  );
}

/** A full load that would end too much of its table (rules.endsRefusal): its transaction rolls back, nothing applies. */
export class EndsRefusedError extends Error {
  constructor(msg: string) {
    super(msg);
    this.name = "EndsRefusedError";
  }
}

export type ApplyInput = { today: string; filas: number; maxEndedPct: number };

/** Applies the validated rows (inside the caller's transaction); EndsRefusedError when a full load ends too much. */
export async function applyRows(s: Session, ctx: FileContext, input: ApplyInput): Promise<ApplyCounts> {
  const before = ctx.modo === "completa" ? await countRows(s, ctx.ft.name) : null;
  // a full load into an empty table (the first load): nothing to compare, nothing to end
  const intoEmpty = before === 0;
  const actualizadas = intoEmpty ? 0 : await updateChanged(s, ctx);
  const insertadas = await insertNew(s, ctx, intoEmpty);
  const finalizadas = intoEmpty ? 0 : await endRows(s, ctx, input.today);
  const refusal = endsRefusal({
    modo: ctx.modo,
    tabla: ctx.ft.name,
    filas: input.filas,
    ended: finalizadas,
    total: before ?? 0,
    pct: input.maxEndedPct,
  });
  if (refusal) throw new EndsRefusedError(refusal);
  if (insertadas > 0) await moveSequence(s, ctx);
  return { insertadas, actualizadas, finalizadas };
}

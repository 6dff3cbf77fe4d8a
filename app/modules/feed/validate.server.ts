// Validation of a staged feed file in the database, set-based: one pass computes every value's refusal (type,
// required, calendar, range, CUIL, delta action), one statement builds the typed rows (`feed_rows`: the keys of every
// row whose key is readable, the values of the rows not refused), then one statement per check that needs the whole
// file or the database: keys repeated in the file, references. Each refusal is (linea, columna, valor, motivo).
import { ACCION, castType, quoteIdent, sqlLiteral, type FeedColumn } from "./columns";
import { converted, cuilCheck, daysTableSql, MSG, noExiste, valueCheck } from "./checks";
import type { FeedModo, Refusal } from "./rules";
import type { Session } from "./session.server";
import type { FeedTable } from "./tables";

/** One staged file being validated: its table, its columns (those the file carries), the temp tables' names. */
export type FileContext = {
  ft: FeedTable;
  modo: FeedModo;
  /** Every column a file of the table may carry. */
  all: FeedColumn[];
  /** The columns this file carries (header order is irrelevant here). */
  cols: FeedColumn[];
  hasAccion: boolean;
  /** Staging (text), refusals and typed rows: TEMP tables of the run's session. */
  stage: string;
  refused: string;
  rows: string;
  maxDate: string;
  /** The run's table of valid days (checks.daysTableSql). */
  days: string;
};

const q = quoteIdent;

/** The SQL of a delta row's action ('A' when the file has no accion column). */
function accionSql(ctx: FileContext, alias = "s"): string {
  return ctx.hasAccion ? `upper(btrim(${alias}.${q(ACCION)}))` : "'A'";
}

type Checked = { names: string[]; reasons: string[]; values: string[] };

/** Every value check of a row, as parallel lists: the column's name, its refusal (NULL when fine), its raw value. */
function valueChecks(ctx: FileContext): Checked {
  const out: Checked = { names: [], reasons: [], values: [] };
  const add = (name: string, reason: string, value: string) => {
    out.names.push(name);
    out.reasons.push(reason);
    out.values.push(value);
  };
  const isB = `${accionSql(ctx)} = 'B'`;
  for (const c of ctx.cols) {
    const check = valueCheck(c, ctx.maxDate, ctx.days);
    // a baja (B) needs only its key
    if (check !== "NULL") add(c.name, c.key ? check : `CASE WHEN ${isB} THEN NULL ELSE ${check} END`, `x.${q(c.name)}`);
  }
  if (ctx.hasAccion) {
    add(
      ACCION,
      `CASE WHEN ${accionSql(ctx)} IN ('A', 'B') THEN NULL ELSE ${sqlLiteral(MSG.accion)} END`,
      `x.${q(ACCION)}`,
    );
  }
  for (const group of ctx.ft.cuil ?? []) {
    const cols = group.map((n) => ctx.cols.find((c) => c.name === n));
    if (cols.some((c) => !c)) continue;
    const { motivo } = cuilCheck(cols as FeedColumn[]);
    add(group.join("+"), `CASE WHEN ${isB} THEN NULL ELSE ${motivo} END`, cuilCheck(cols as FeedColumn[], "x").valor);
  }
  return out;
}

const textArray = (xs: string[]) => (xs.length ? `ARRAY[${xs.join(", ")}]::text[]` : "'{}'::text[]");

/**
 * Per value: the refusals of every checked column in one pass (the row's reasons computed once: OFFSET 0; the
 * values listed only for the rows refused).
 */
async function valueRefusals(s: Session, ctx: FileContext, checks: Checked): Promise<void> {
  if (!checks.names.length) return;
  await s.query(
    `INSERT INTO ${q(ctx.refused)} (linea, columna, valor, motivo)
     SELECT x.linea, u.columna, u.valor, u.motivo
     FROM (SELECT s.*, ${textArray(checks.reasons)} AS m FROM ${q(ctx.stage)} s OFFSET 0) x
     CROSS JOIN LATERAL unnest(x.m, ${textArray(checks.values)}, ${textArray(checks.names.map(sqlLiteral))})
       AS u(motivo, valor, columna)
     WHERE num_nonnulls(VARIADIC x.m) > 0 AND u.motivo IS NOT NULL`,
  );
}

/**
 * The typed rows: the key of every row whose key columns were not refused (the others cannot match anything), the
 * other values only of the rows not refused and not a delta's B.
 */
async function typedRows(s: Session, ctx: FileContext): Promise<void> {
  const keyNames = ctx.ft.key.map(sqlLiteral).join(", ");
  const select = ctx.cols.map((c) =>
    c.key
      ? `${converted(c)} AS ${q(c.name)}`
      : `CASE WHEN feed_ok THEN ${converted(c)} END::${castType(c)} AS ${q(c.name)}`,
  );
  await s.query(
    `CREATE TEMP TABLE ${q(ctx.rows)} AS
     SELECT s.linea, s.feed_accion AS accion, s.feed_bad AS rechazada, false AS nueva, ${select.join(", ")}
     FROM (SELECT s.*, ${accionSql(ctx)} AS feed_accion, bad.linea IS NOT NULL AS feed_bad,
             bad.linea IS NULL AND ${accionSql(ctx)} = 'A' AS feed_ok
           FROM ${q(ctx.stage)} s
           LEFT JOIN (SELECT DISTINCT linea FROM ${q(ctx.refused)}) bad ON bad.linea = s.linea
           WHERE NOT EXISTS (SELECT 1 FROM ${q(ctx.refused)} r
                             WHERE r.linea = s.linea AND r.columna IN (${keyNames}, ${sqlLiteral(ACCION)}))) s`,
  );
  // statistics for the joins on the key (a temp table has none); the key's columns are enough and cheaper
  await s.query(`ANALYZE ${q(ctx.rows)} (${ctx.ft.key.map(q).join(", ")})`);
}

/** Every line of a key that appears more than once in the file is refused. */
async function duplicateKeys(s: Session, ctx: FileContext): Promise<void> {
  const keys = ctx.ft.key.map(q).join(", ");
  const text = `concat_ws(' | ', ${ctx.ft.key.map((k) => `f.${q(k)}::text`).join(", ")})`;
  const notNullKeys = ctx.ft.key.map((k) => `${q(k)} IS NOT NULL`).join(" AND ");
  await s.query(
    `INSERT INTO ${q(ctx.refused)} (linea, columna, valor, motivo)
     SELECT f.linea, ${sqlLiteral(ctx.ft.key.join("+"))}, ${text}, ${sqlLiteral(MSG.repetida)}
     FROM ${q(ctx.rows)} f
     WHERE (${ctx.ft.key.map((k) => `f.${q(k)}`).join(", ")}) IN
       (SELECT ${keys} FROM ${q(ctx.rows)} WHERE ${notNullKeys} GROUP BY ${keys} HAVING count(*) > 1)`,
  );
}

/** References (not deferred) of the rows still accepted: the key must exist in the database now. */
async function references(s: Session, ctx: FileContext): Promise<void> {
  for (const ref of ctx.ft.references ?? []) {
    if (ref.deferred || !ctx.cols.some((c) => c.name === ref.column)) continue;
    await s.query(referenceSql(ctx, ref.column, ref.table, ref.key));
  }
}

/** The refusals of `column` values with no row of `table` whose `key` is that value. */
export function referenceSql(ctx: FileContext, column: string, table: string, key: string): string {
  return `INSERT INTO ${q(ctx.refused)} (linea, columna, valor, motivo)
     SELECT f.linea, ${sqlLiteral(column)}, f.${q(column)}::text, ${sqlLiteral(noExiste(table, key))}
     FROM ${q(ctx.rows)} f
     WHERE NOT f.rechazada AND f.accion = 'A' AND f.${q(column)} IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM ${q(table)} p WHERE p.${q(key)} = f.${q(column)})`;
}

/** Marks the typed rows of lines refused since they were built. */
export async function markRefused(s: Session, ctx: FileContext): Promise<void> {
  await s.query(
    `UPDATE ${q(ctx.rows)} f SET rechazada = true
     FROM (SELECT DISTINCT linea FROM ${q(ctx.refused)}) r WHERE f.linea = r.linea AND NOT f.rechazada`,
  );
}

/** Validates the staged file; returns the number of refused rows (distinct lines). */
export async function validateStaged(s: Session, ctx: FileContext): Promise<number> {
  await s.query(daysTableSql(ctx.days, ctx.maxDate));
  await s.query(
    `CREATE TEMP TABLE ${q(ctx.refused)} (linea bigint NOT NULL, columna text, valor text, motivo text NOT NULL)`,
  );
  await valueRefusals(s, ctx, valueChecks(ctx));
  await typedRows(s, ctx);
  await duplicateKeys(s, ctx);
  await references(s, ctx);
  await markRefused(s, ctx);
  return refusedCount(s, ctx);
}

export async function refusedCount(s: Session, ctx: FileContext): Promise<number> {
  const { rows } = await s.query<{ n: string }>(`SELECT count(DISTINCT linea) AS n FROM ${q(ctx.refused)}`);
  return Number(rows[0].n);
}

/** The refusals as the report lists them (the file's line: linea + 1), at most `limit`. */
async function readRefusals(s: Session, ctx: FileContext, limit: number): Promise<Refusal[]> {
  const { rows } = await s.query<{ linea: string; columna: string; valor: string | null; motivo: string }>(
    `SELECT linea + 1 AS linea, columna, valor, motivo FROM ${q(ctx.refused)} ORDER BY linea, columna LIMIT ${limit}`,
  );
  return rows.map((r) => ({ linea: Number(r.linea), columna: r.columna, valor: r.valor, motivo: r.motivo }));
}

/** At most this many refusals are listed in a report (the rest are counted in its last line). */
const MAX_REPORT_ROWS = 100_000;

/** The refusals to report: the threshold's line 0 first when it stopped the file, capped at MAX_REPORT_ROWS. */
export async function reportRows(s: Session, ctx: FileContext, first: Refusal[] = []): Promise<Refusal[]> {
  const listed = await readRefusals(s, ctx, MAX_REPORT_ROWS + 1);
  if (listed.length <= MAX_REPORT_ROWS) return [...first, ...listed];
  const { rows } = await s.query<{ n: string }>(`SELECT count(*) AS n FROM ${q(ctx.refused)}`);
  const note = `Se listan los primeros ${MAX_REPORT_ROWS.toLocaleString("es-AR")} rechazos de ${Number(rows[0].n).toLocaleString("es-AR")}`;
  return [...first, ...listed.slice(0, MAX_REPORT_ROWS), { linea: 0, columna: "", valor: null, motivo: note }];
}

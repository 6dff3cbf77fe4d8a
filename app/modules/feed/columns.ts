// The columns a feed file carries, read from the Drizzle schema (one source): their database type, whether a file
// must give a value, their default, and whether they are part of the natural key.
import { getTableColumns, is, SQL } from "drizzle-orm";
import { PgDialect, type PgColumn } from "drizzle-orm/pg-core";
import type { FeedTable } from "./tables";

/** How a value of the column is checked and converted. */
type ColumnKind = "int" | "bigint" | "smallint" | "numeric" | "date" | "timestamp" | "time" | "bool" | "text";

export type FeedColumn = {
  name: string;
  kind: ColumnKind;
  /** The SQL type, as the database declares it (numeric(14, 2), bigint…). */
  sqlType: string;
  /** numeric: digits in all and after the point. */
  precision?: number;
  scale?: number;
  /** NOT NULL without a default, or part of the key: an empty value is refused. */
  required: boolean;
  /** The column's default as a SQL expression, or null. */
  defaultSql: string | null;
  key: boolean;
  /** Set after every table of the run has applied (a reference marked deferred). */
  deferred: boolean;
};

const dialect = new PgDialect();

function kindOf(sqlType: string): Pick<FeedColumn, "kind" | "precision" | "scale"> {
  const numeric = /^numeric\((\d+),\s*(\d+)\)$/.exec(sqlType);
  if (numeric) return { kind: "numeric", precision: Number(numeric[1]), scale: Number(numeric[2]) };
  if (sqlType === "integer" || sqlType === "serial") return { kind: "int" };
  if (sqlType === "smallint" || sqlType === "smallserial") return { kind: "smallint" };
  if (sqlType === "bigint" || sqlType === "bigserial") return { kind: "bigint" };
  if (sqlType === "date") return { kind: "date" };
  if (sqlType.startsWith("timestamp")) return { kind: "timestamp" };
  if (sqlType.startsWith("time")) return { kind: "time" };
  if (sqlType === "boolean") return { kind: "bool" };
  if (sqlType === "text" || sqlType.startsWith("varchar") || sqlType.startsWith("char")) return { kind: "text" };
  throw new Error(`feed: column type ${sqlType} has no feed rule`);
}

/** The SQL type a converted value is cast to (serials are their integer type). */
export function castType(c: FeedColumn): string {
  if (c.sqlType === "serial") return "integer";
  if (c.sqlType === "bigserial") return "bigint";
  if (c.sqlType === "smallserial") return "smallint";
  return c.sqlType;
}

export function sqlLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function defaultSql(col: PgColumn, type: string): string | null {
  const d: unknown = col.default;
  if (d === undefined || d === null) return null;
  if (is(d, SQL)) return dialect.sqlToQuery(d).sql;
  if (typeof d === "string") return `${sqlLiteral(d)}::${type}`;
  if (typeof d === "number" || typeof d === "boolean") return `${String(d)}::${type}`;
  return null;
}

/** The columns a file of `ft` may carry (every column but generated and `omit` ones), in the schema's order. */
export function feedColumns(ft: FeedTable): FeedColumn[] {
  const deferred = new Set((ft.references ?? []).filter((r) => r.deferred).map((r) => r.column));
  return Object.values(getTableColumns(ft.table) as Record<string, PgColumn>)
    .filter((col) => !col.generated && !(ft.omit ?? []).includes(col.name))
    .map((col) => {
      const sqlType = col.getSQLType();
      const kind = kindOf(sqlType);
      const key = ft.key.includes(col.name);
      const partial: FeedColumn = {
        name: col.name,
        sqlType,
        ...kind,
        required: false,
        defaultSql: null,
        key,
        deferred: deferred.has(col.name),
      };
      const def = defaultSql(col, castType(partial));
      return { ...partial, defaultSql: def, required: key ? def === null : col.notNull && !col.hasDefault };
    });
}

/** The delta files' extra column: A (alta/modificación) or B (baja). */
export const ACCION = "accion";

/** The header checked against the table: unknown, repeated and missing required or key columns are refused. */
export function checkHeader(
  header: readonly string[],
  columns: readonly FeedColumn[],
  modo: "completa" | "delta",
): { ok: true } | { ok: false; msg: string } {
  const known = new Set(columns.map((c) => c.name));
  if (modo === "delta") known.add(ACCION);
  const seen = new Set<string>();
  const repeated = header.filter((h) => (seen.has(h) ? true : (seen.add(h), false)));
  if (repeated.length)
    return { ok: false, msg: `Columna repetida en el encabezado: ${[...new Set(repeated)].join(", ")}` };
  const unknown = header.filter((h) => !known.has(h));
  if (unknown.length) {
    const names = unknown.map((u) => (u === "" ? "(sin nombre)" : u)).join(", ");
    return { ok: false, msg: `${unknown.length === 1 ? "Columna desconocida" : "Columnas desconocidas"}: ${names}` };
  }
  const missing = columns.filter((c) => (c.required || c.key) && !seen.has(c.name)).map((c) => c.name);
  if (missing.length) {
    return {
      ok: false,
      msg: `${missing.length === 1 ? "Falta la columna obligatoria" : "Faltan las columnas obligatorias"}: ${missing.join(", ")}`,
    };
  }
  return { ok: true };
}

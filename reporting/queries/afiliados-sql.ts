// The member and coverage status rules of app/modules/afiliados/rules.ts (spec part 1 §4) as DuckDB SQL, for the
// queries that read the member registry from the snapshot. Status depends on "today", so it is computed when the
// query runs (bind $hoy as 'YYYY-MM-DD' in the insurer's time zone), never stored in the snapshot.
// afiliados-sql.test.ts checks these agree with rules.ts on every edge (sentinel, empty, today, past).

/** The legacy "no date" sentinel (db/schema/afiliados.ts NULL_DATE). */
const NONE = "DATE '0001-01-01'";

/** SQL true when the date column is missing (NULL or the sentinel). */
export const isNullDateSql = (col: string) => `(${col} IS NULL OR ${col} = ${NONE})`;

/** SQL true when the member of alias `a` has not left (fechbaja empty or the sentinel): rules.hasNotLeft. */
export const notLeftSql = (a = "a") => isNullDateSql(`${a}.fechbaja`);

/**
 * SQL true when the member of alias `a` is ACTIVO on $hoy: not left, and the expiry empty or not past (an expiry of
 * today still counts): rules.memberStatus(...).estado === 'ACTIVO'.
 */
export const activoSql = (a = "a", hoy = "$hoy") =>
  `(${notLeftSql(a)} AND (${isNullDateSql(`${a}.fechvto`)} OR ${a}.fechvto >= CAST(${hoy} AS DATE)))`;

/** 'ACTIVO' | 'INACTIVO' of the member of alias `a` on $hoy. */
export const estadoSql = (a = "a", hoy = "$hoy") => `CASE WHEN ${activoSql(a, hoy)} THEN 'ACTIVO' ELSE 'INACTIVO' END`;

/**
 * SQL true when the enrolment of alias `e` of the member of alias `a` is ACTIVA on $hoy: the member has not left
 * and the coverage end is empty, the sentinel, or today or later: rules.coverageStatus(...) === 'ACTIVA'.
 */
export const coberturaActivaSql = (e = "e", a = "a", hoy = "$hoy") =>
  `(${notLeftSql(a)} AND (${isNullDateSql(`${e}.enprfecbaj`)} OR ${e}.enprfecbaj >= CAST(${hoy} AS DATE)))`;

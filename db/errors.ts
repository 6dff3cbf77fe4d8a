// Recognising database errors on both drivers (pg and PGlite), also when Drizzle wraps them.
/** A string field of the database's error (`code`, `constraint`, `detail`), looked for through up to four `cause`s. */
function pgField(e: unknown, field: "code" | "constraint" | "detail", pattern = /^.+$/s): string | undefined {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur && typeof cur === "object"; i++) {
    const value = (cur as Record<string, unknown>)[field];
    if (typeof value === "string" && pattern.test(value)) return value;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error (either driver, also wrapped), or undefined. */
export const pgCode = (e: unknown) => pgField(e, "code", /^[0-9A-Z]{5}$/);

/** The constraint a database error names, and its detail (PostgreSQL's "Key (c)=(v) already exists."), or undefined. */
export const pgConstraint = (e: unknown) => pgField(e, "constraint");
export const pgDetail = (e: unknown) => pgField(e, "detail");

export function isUniqueViolation(e: unknown): boolean {
  return pgCode(e) === "23505";
}

export function isForeignKeyViolation(e: unknown): boolean {
  return pgCode(e) === "23503";
}

/** True for a unique violation of the constraint or unique index `name` (another one's is not this duplicate). */
export function isUniqueViolationOf(e: unknown, name: string): boolean {
  return isUniqueViolation(e) && pgField(e, "constraint") === name;
}

// The "contains" condition of the catalogue searches (vademecum, tramites): accents and case ignored on both sides
// (the house's fold: lower(translate(x, ACCENTED, UNACCENTED)), as apeynom_norm), LIKE wildcards typed by the user
// matched literally (containsPattern escapes them; '\' is Postgres' default LIKE escape).
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { ACCENTED, UNACCENTED } from "~/modules/afiliados/padron.server";
import { containsPattern } from "./rules";

export function containsFolded(column: SQLWrapper, typed: string): SQL {
  const folded = sql`lower(translate(coalesce(${column}, ''), ${ACCENTED}, ${UNACCENTED}))`;
  return sql`${folded} like lower(translate(${containsPattern(typed)}, ${ACCENTED}, ${UNACCENTED}))`;
}

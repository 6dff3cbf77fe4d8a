// Text searches in SQL, once: the house's accent/case fold (lower(translate(x, ACCENTED, UNACCENTED)), the rule of
// the generated column afiliados.apeynom_norm) and LIKE patterns in which what the user typed is literal (% _ and \
// escaped for Postgres' default LIKE escape '\'). Used by the catalogue searches (vademecum, tramites) and the
// professional registry; copy this, never a hand-rolled replace(/[%_]/...).
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/** The fold's two strings (translate(x, ACCENTED, UNACCENTED)), as the generated column apeynom_norm writes them. */
export const ACCENTED = "ÁÉÍÓÚÜÑáéíóúüñ";
export const UNACCENTED = "AEIOUUNaeiouun";

/** `text` with LIKE's wildcards (% _) and escape character (\) made literal. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The LIKE pattern of a "contains" filter: the typed text, literal, between two %. */
export function containsPattern(typed: string): string {
  return `%${escapeLike(typed)}%`;
}

/** The LIKE pattern of a "starts with" filter: the typed text, literal, then %. */
export function prefixPattern(typed: string): string {
  return `${escapeLike(typed)}%`;
}

/** A column folded: null as '', accents of the translate() rule removed, lower case. */
export function folded(column: SQLWrapper): SQL {
  return sql`lower(translate(coalesce(${column}, ''), ${ACCENTED}, ${UNACCENTED}))`;
}

/** The column contains the typed text, accents and case ignored on both sides, wildcards literal. */
export function containsFolded(column: SQLWrapper, typed: string): SQL {
  return sql`${folded(column)} like lower(translate(${containsPattern(typed)}, ${ACCENTED}, ${UNACCENTED}))`;
}

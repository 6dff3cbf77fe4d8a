// The search rule of the voluntary affiliates list, in one place for the browser (the grid's local filter) and the
// server (the SQL of reporting/queries/voluntarios.ts does the same): the text, trimmed, accents and case ignored,
// is contained in the name, or in the DNI, or in the affiliate number. Pure.
import { foldSearch } from "~reporting/queries/voluntarios";
import type { VoluntarioListRow } from "./voluntarios.schema";

export { foldSearch };

/** The rows whose name, DNI or affiliate number contains `text` (all rows for a blank text). */
export function filterVoluntarios<T extends Pick<VoluntarioListRow, "apeynomfam" | "dnifam" | "nroafifam">>(
  rows: readonly T[],
  text: string,
  folded: (row: T) => string = (r) => foldSearch(r.apeynomfam),
): T[] {
  const q = foldSearch(text.trim());
  if (!q) return [...rows];
  return rows.filter((r) => folded(r).includes(q) || r.dnifam.includes(q) || r.nroafifam.includes(q));
}

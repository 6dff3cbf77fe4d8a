// The Listado's local filter (spec part 2 §2) as the server applies it to the table rendered without JavaScript.
// The same rule as the AG Grid quick filter the browser uses with JavaScript: the text is split on whitespace and
// every word must appear, case-insensitively, in one of the row's column values (the columns' `value`, else the
// cell text). Pure: no server code.
import type { Column } from "~/components/ui";
import { cellText } from "~/components/ui/DataTable";

/** Longest filter text kept (a URL parameter). */
export const QUICK_FILTER_MAX = 100;

/** The filter text of a request: trimmed, without control characters, at most QUICK_FILTER_MAX characters. */
export function normalizeQuickFilter(raw: string | null | undefined): string {
  if (typeof raw !== "string") return "";
  return raw
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, QUICK_FILTER_MAX);
}

/** The rows whose column values contain every word of `text` (all rows for an empty text). */
export function quickFilter<T>(rows: readonly T[], columns: readonly Column<T>[], text: string): T[] {
  const words = text.trim().toUpperCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...rows];
  return rows.filter((row) => {
    const haystack = columns
      .map((c) => {
        const v = c.value ? c.value(row) : cellText(c, row);
        return v == null ? "" : String(v);
      })
      .join("\n")
      .toUpperCase();
    return words.every((w) => haystack.includes(w));
  });
}

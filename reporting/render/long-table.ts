// A printed table of thousands of rows (the pre-settlement PDF of issue 29; docs/benchmarks.md "Issue 29 — report
// PDFs"): the rows are written as an HTML string (React's renderToStaticMarkup of 9 000 rows × 12 cells took ~2 s
// and most of the export's memory; the string ~0.2 s), in a fixed-layout table (table-layout: fixed with the
// columns' widths in a colgroup: Chromium sizes the columns from the first row instead of measuring every cell) cut
// into tables of `chunk` rows, each with its header row (thead repeats on every page a table spans, so every page
// still starts with the header; the tables line up because their columns are fixed). Numeric columns are
// right-aligned by the table's own stylesheet (no class per cell). Meant to sit inside a ReportDocument
// (dangerouslySetInnerHTML): the look is listReportCss plus longTableCss.

import escapeHtml from "escape-html";

/** One column: its header, the row's text (escaped here), its width in % of the page and whether it is a number. */
export type LongTableColumn<T> = { header: string; cell: (row: T) => string; width: number; numeric?: boolean };

/** Rows per table: small enough that Chromium lays out short tables, big enough that the header row seldom repeats. */
const DEFAULT_CHUNK = 250;

/** The stylesheet of the long tables of `columns` (after listReportCss): fixed layout, numeric columns on the right. */
export function longTableCss<T>(columns: LongTableColumn<T>[]): string {
  const right = columns
    .map((c, i) => (c.numeric ? `table.long td:nth-child(${i + 1}), table.long th:nth-child(${i + 1})` : ""))
    .filter(Boolean);
  return (
    "\ntable.long { table-layout: fixed; margin: 0; }\ntable.long td { overflow-wrap: anywhere; }\ntable.long th { white-space: nowrap; overflow: hidden; }\n" +
    (right.length ? `${right.join(", ")} { text-align: right; }\n` : "")
  );
}

/** The HTML of `rows` in tables of `chunk` rows (one table with the `empty` message when there are none). */
export function longTableHtml<T>(
  columns: LongTableColumn<T>[],
  rows: readonly T[],
  opts: { empty: string; chunk?: number },
): string {
  const colgroup = `<colgroup>${columns.map((c) => `<col style="width:${c.width}%">`).join("")}</colgroup>`;
  const head = `<thead><tr>${columns.map((c) => `<th>${escapeHtml(c.header)}</th>`).join("")}</tr></thead>`;
  const open = `<table class="long">${colgroup}${head}<tbody>`;
  if (rows.length === 0) {
    return `${open}<tr><td class="empty" colspan="${columns.length}">${escapeHtml(opts.empty)}</td></tr></tbody></table>`;
  }
  const chunk = opts.chunk ?? DEFAULT_CHUNK;
  const parts: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (i % chunk === 0) parts.push(i === 0 ? open : `</tbody></table>${open}`);
    let tr = "<tr>";
    for (const c of columns) tr += `<td>${escapeHtml(c.cell(rows[i]))}</td>`;
    parts.push(tr + "</tr>");
  }
  parts.push("</tbody></table>");
  return parts.join("");
}

// A printed table of thousands of rows (the pre-settlement PDF of issue 29; docs/benchmarks.md "Issue 29 — report
// PDFs"): the rows are written as an HTML string (React's renderToStaticMarkup of 9 000 rows × 12 cells took ~2 s
// and most of the export's memory; the string ~0.2 s), in a fixed-layout table (table-layout: fixed with the
// columns' widths in a colgroup: Chromium sizes the columns from the first row instead of measuring every cell) cut
// into tables of `chunk` rows, each with its header row (thead repeats on every page a table spans, so every page
// still starts with the header; the tables line up because their columns are fixed). Numeric columns are
// right-aligned by the table's own stylesheet (no class per cell). Meant to sit inside a ReportDocument, in the
// place of LONG_TABLE_SLOT: longTableDocument writes the whole document, longTableDocuments the same document in parts
// of `partRows` rows for htmlPartsToPdf (ADR 070: Chromium's memory is that of one part). The look is listReportCss
// plus longTableCss.

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

/** Where a document holds its long table (`<div dangerouslySetInnerHTML={{ __html: LONG_TABLE_SLOT }} />`). */
export const LONG_TABLE_SLOT = "<!--long-table-->";

type LongTableOptions = { empty: string; chunk?: number };

/** `document` (with LONG_TABLE_SLOT once) split around the slot: up to <body>, body to the slot, after the slot. */
function around(document: string): [head: string, before: string, after: string] {
  const slot = document.indexOf(LONG_TABLE_SLOT);
  const body = document.indexOf("<body>");
  if (slot < 0 || body < 0 || body > slot) throw new Error("El documento no tiene el lugar de la tabla larga");
  const head = document.slice(0, body + "<body>".length);
  return [head, document.slice(head.length, slot), document.slice(slot + LONG_TABLE_SLOT.length)];
}

/** `document` with the long table of every row of `rows` in its LONG_TABLE_SLOT. */
export function longTableDocument<T>(
  document: string,
  columns: LongTableColumn<T>[],
  rows: readonly T[],
  opts: LongTableOptions,
): string {
  const [head, before, after] = around(document);
  return head + before + longTableHtml(columns, rows, opts) + after;
}

/**
 * The same document as longTableDocument in parts of `partRows` rows of the long table, each a complete document
 * (the same head and stylesheet) that starts on a new page: the first with what comes before the table, the last
 * with what comes after it. Written one part at a time, when asked for.
 */
export function* longTableDocuments<T>(
  document: string,
  columns: LongTableColumn<T>[],
  rows: readonly T[],
  opts: LongTableOptions & { partRows: number },
): Generator<string> {
  const [head, before, after] = around(document);
  const parts = Math.max(1, Math.ceil(rows.length / opts.partRows));
  for (let i = 0; i < parts; i++) {
    const slice = rows.slice(i * opts.partRows, (i + 1) * opts.partRows);
    const last = i === parts - 1;
    yield (i === 0 ? head + before : head) + longTableHtml(columns, slice, opts) + (last ? after : "</body></html>");
  }
}

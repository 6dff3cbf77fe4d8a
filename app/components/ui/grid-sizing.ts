// How wide a DataGrid's column must be so that AG Grid cuts nothing (issue 38, docs/decisions/071): headers wrap
// between words, never inside one; a cell's text up to WRAP_AT px wide stays on one line (numbers, codes, dates,
// amounts, short names), a longer one wraps at its spaces (a long name) and never inside a word (a column's `wrap`:
// true wraps any text, false none). So a column's
// narrowest width is the widest of: its header's longest word, and for every displayed text the text itself (when
// it is at most WRAP_AT px, or always when the column says `wrap: false`) or else its longest word. The columns grow
// beyond that to fill the grid; when their narrowest widths add up to more than the grid, it scrolls sideways.
// Pure: the text widths come from `measure` (a canvas in the browser, a fixed width per character in tests).
import type { Column } from "./DataTable";
import { displayText } from "./grid-rules";

/** A text's width in px in a cell's font or in a header's (upper case, 12 px bold: ui.css). */
export type Measure = (text: string, font: "cell" | "header") => number;

/** A cell's text up to this width (px) stays on one line; a longer one wraps at its spaces. */
export const WRAP_AT = 240;
/** A cell's horizontal padding and border (AG Grid's theme: cellHorizontalPadding 12 px, AgGrid.client.tsx). */
export const CELL_EXTRA = 2 * 12 + 2;
/** A header's padding, sort arrow and gap (the arrow shows on the sorted column: room for it always). */
export const HEADER_EXTRA = 2 * 12 + 2 + 16 + 8;
/**
 * The lines of a rendered cell as far as its elements tell: sibling elements (a link and, under it, a time) are
 * separate lines, text side by side is one. A component's own output is not walked (its column's `text` stands).
 */
function linesOf(node: unknown): string[] {
  if (node == null || typeof node === "boolean") return [];
  if (typeof node === "string" || typeof node === "number") return [String(node)];
  if (Array.isArray(node)) {
    const parts = node.filter((n) => n != null && typeof n !== "boolean" && n !== "");
    if (parts.every((p) => typeof p === "string" || typeof p === "number")) return [parts.join("")];
    return parts.flatMap(linesOf);
  }
  if (typeof node === "object" && "props" in node) {
    return linesOf((node as { props?: { children?: unknown } }).props?.children);
  }
  return [];
}

/** A cell's texts to measure: its rendered lines, else its displayed text. */
function cellLines<T>(column: Column<T>, row: T): string[] {
  const lines = column.render ? linesOf(column.render(row, 0)).filter((l) => l.trim()) : [];
  return lines.length ? lines : [displayText(column, row)];
}

/** At most this many of a column's longest texts are measured (a 22 000-row list stays cheap). */
const MEASURED = 60;

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

/** The `limit` longest of `texts` by characters (the widest are among them but for extreme glyphs). */
function longest(texts: Iterable<string>, limit: number): string[] {
  const unique = [...new Set(texts)];
  if (unique.length <= limit) return unique;
  return unique.sort((a, b) => b.length - a.length).slice(0, limit);
}

const widest = (texts: readonly string[], measure: Measure, font: "cell" | "header") =>
  texts.reduce((w, t) => Math.max(w, measure(t, font)), 0);

/** The narrowest a header may be: its longest word, with padding and the sort arrow. */
export function headerMinWidth(header: string, measure: Measure): number {
  return Math.ceil(widest(wordsOf(header.toUpperCase()), measure, "header") + HEADER_EXTRA);
}

type Size = { minWidth: number; wraps: boolean };

/** The narrowest the cells of a column may be so that none is cut (see the file's head), and whether they may wrap. */
function cellsSize<T>(column: Column<T>, rows: readonly T[], measure: Measure): Size {
  const texts = rows.flatMap((r) => cellLines(column, r).map((t) => t.trim())).filter(Boolean);
  const whole = widest(longest(texts, MEASURED), measure, "cell");
  const words = widest(longest(texts.flatMap(wordsOf), MEASURED), measure, "cell");
  const oneLine = column.wrap === false || (column.wrap === undefined && whole <= WRAP_AT);
  const least = oneLine ? whole : column.wrap ? words : Math.max(words, WRAP_AT);
  // a rendered cell may hold more than one line (a link and a time under it)
  return { minWidth: Math.ceil(least + CELL_EXTRA), wraps: !oneLine || column.render !== undefined };
}

/**
 * The narrowest a column may be — its header's, its cells' and the column's own `minWidth` — and whether its cells
 * may take more than one line (AG Grid then wraps them and grows the row; the others stay one line, as wide).
 */
export function columnSize<T>(column: Column<T>, rows: readonly T[], measure: Measure): Size {
  const cells = cellsSize(column, rows, measure);
  const minWidth = Math.max(headerMinWidth(column.header, measure), cells.minWidth, column.minWidth ?? 0);
  return { minWidth, wraps: cells.wraps };
}

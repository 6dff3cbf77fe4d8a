// What sorting and filtering a DataGrid mean, defined once for both of its halves (docs/decisions/059): the
// server-rendered table (no JavaScript: the URL's sort/dir/filtro, applied by sortRows and filterRows) and AG Grid
// (its comparator and quick filter are built from compareCells, parseFilter and matchesFilter).
// - A column compares by its sort value (`value`, else the row's field): numbers numerically, dates as dates
//   (ISO 'yyyy-mm-dd[ hh:mm[:ss]]' or 'dd/mm/yyyy[ hh:mm]'), text es-AR locale-aware (case and accents ignored,
//   digits as numbers); `sortAs` forces a kind. Blank values (null, '', NaN) go last in either direction; ties keep
//   the rows' order.
// - The text filter: every word of the text (case and accents ignored) is contained in the displayed text of one
//   of the row's columns (`text`, else the text of what `render` shows, else the sort value).
// - The URL holds each grid's state (sort, dir, filtro, page; prefixed per grid), read by ~/lib/table-state's one rule
//   (ADR 075): a change of those only is another view of the same rows, and the route's loader is not run again for
//   it (keepLoaderOnGridChange, ADR 071).
// Pure: no React at run time, no server code; the server's loader may use it too.
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { onlyViewParamsChanged, readViewState, type TableProblem } from "~/lib/table-state";
import type { Column } from "./DataTable";

type SortDir = "asc" | "desc";
export type SortKind = "number" | "date" | "text";
export type GridSort = { key: string; dir: SortDir };
/** The grid's state as the URL holds it (~/lib/table-state); `problem`: a value refused. */
export type GridState = { sort: GridSort | null; filtro: string; page: number; problem: TableProblem | null };
type Cell = string | number | boolean | null | undefined;

const collator = new Intl.Collator("es-AR", { sensitivity: "base", numeric: true });

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const AR = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A date (wall clock) as a number to compare, or null when `text` is not one. */
function dateOf(text: string): number | null {
  const iso = ISO.exec(text);
  const ar = iso ? null : AR.exec(text);
  const p = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]]
    : ar
      ? [ar[3], ar[2], ar[1], ar[4], ar[5], ar[6]]
      : null;
  if (!p) return null;
  const [y, mo, d, h, mi, s] = p.map((x) => Number(x ?? 0));
  return ((((y * 13 + mo) * 32 + d) * 24 + h) * 60 + mi) * 60 + s;
}

/** The value a cell compares by: a number, a string, or null when blank (or not of its kind). */
function comparable(v: Cell, kind?: SortKind): number | string | null {
  if (v == null || (typeof v === "number" && Number.isNaN(v))) return null;
  const text = typeof v === "string" ? v.trim() : String(v);
  if (text === "") return null;
  if (kind === "number" || (kind === undefined && typeof v === "number")) {
    const n = typeof v === "number" ? v : Number(text);
    return Number.isFinite(n) ? n : null;
  }
  if (kind === "date" || kind === undefined) {
    const d = dateOf(text);
    if (d !== null || kind === "date") return d;
  }
  return text;
}

/** Ascending order of two cells (blank last); a negative number when `a` goes first. */
export function compareCells(a: Cell, b: Cell, kind?: SortKind): number {
  const x = comparable(a, kind);
  const y = comparable(b, kind);
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  if (typeof x === "number" && typeof y === "number") return x === y ? 0 : x < y ? -1 : 1;
  return collator.compare(String(x), String(y));
}

/** The order of `dir` between two cells, blanks last in either direction. */
function compareSorted(a: Cell, b: Cell, dir: SortDir, kind?: SortKind): number {
  const blankA = comparable(a, kind) === null;
  const blankB = comparable(b, kind) === null;
  if (blankA || blankB) return blankA === blankB ? 0 : blankA ? 1 : -1;
  return dir === "desc" ? -compareCells(a, b, kind) : compareCells(a, b, kind);
}

/**
 * AG Grid's comparator for a column: AG Grid turns the result round itself when descending, so a blank answers the
 * other way round then, and stays last.
 */
export function gridComparator(kind?: SortKind) {
  return (a: Cell, b: Cell, _na?: unknown, _nb?: unknown, descending?: boolean): number => {
    const blankA = comparable(a, kind) === null;
    const blankB = comparable(b, kind) === null;
    if (blankA || blankB) return blankA === blankB ? 0 : (blankA ? 1 : -1) * (descending ? -1 : 1);
    return compareCells(a, b, kind);
  };
}

/** The value a column sorts by. */
export function sortValue<T>(column: Column<T>, row: T): Cell {
  return column.value ? column.value(row) : ((row as Record<string, unknown>)[column.key] as Cell);
}

/** Whether a column can be sorted (and asked for by the URL). */
export const isSortable = <T>(c: Column<T>) => c.sortable !== false && c.header !== "";

/** The rows sorted by `sort` (a copy; ties keep their order; an unknown or unsortable column leaves the order). */
export function sortRows<T>(rows: readonly T[], columns: readonly Column<T>[], sort: GridSort | null): T[] {
  const column = sort ? columns.find((c) => c.key === sort.key && isSortable(c)) : undefined;
  if (!sort || !column) return [...rows];
  return rows
    .map((row, i) => ({ row, i, v: sortValue(column, row) }))
    .sort((a, b) => compareSorted(a.v, b.v, sort.dir, column.sortAs) || a.i - b.i)
    .map((x) => x.row);
}

/** Text without case and accents ('Pérez' → 'perez', 'ÑANDÚ' → 'nandu'). */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The words of a filter text, folded (none for a blank text). */
export function parseFilter(text: string): string[] {
  return foldText(text).split(/\s+/).filter(Boolean);
}

/** Whether a row's text (its columns' displayed texts) holds every word. */
export function matchesFilter(words: readonly string[], rowText: string): boolean {
  if (!words.length) return true;
  const folded = foldText(rowText);
  return words.every((w) => folded.includes(w));
}

/** The text inside a rendered cell: strings and numbers, through elements' children (a link's text, <strong>…). */
function nodeText(node: unknown): string {
  if (node == null || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(nodeText).join(" ");
  if (typeof node === "object" && "props" in node) {
    return nodeText((node as { props?: { children?: unknown } }).props?.children);
  }
  return "";
}

/** What a cell shows, as text (for the filter). */
export function displayText<T>(column: Column<T>, row: T): string {
  if (column.text) return column.text(row);
  if (column.render) return nodeText(column.render(row, 0));
  const v = sortValue(column, row);
  return v == null ? "" : String(v);
}

/** The rows holding every word of `text` in their columns' displayed text (all rows for a blank text). */
export function filterRows<T>(rows: readonly T[], columns: readonly Column<T>[], text: string): T[] {
  const words = parseFilter(text);
  if (!words.length) return [...rows];
  return rows.filter((row) => matchesFilter(words, columns.map((c) => displayText(c, row)).join("\n")));
}

/**
 * The grid's view in a query string (~/lib/table-state's one rule): a sort by a column it does not sort by, a
 * direction other than asc/desc or a page that is not a whole number is refused (`problem`: shown instead of rows).
 */
export function readGridState<T>(search: string, columns: readonly Column<T>[], prefix = ""): GridState {
  const view = readViewState(
    search,
    columns.filter(isSortable).map((c) => c.key),
    prefix,
  );
  const sort = view.sort && { key: view.sort.sort, dir: view.sort.dir };
  return { sort, filtro: view.filtro, page: view.page, problem: view.problem };
}

/** The rows as a grid shows them: the pinned rows first, the others filtered and sorted as its state says. */
export function shownRows<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  state: Pick<GridState, "sort" | "filtro">,
  pinnedFirst?: (row: T) => boolean,
): { pinned: T[]; shown: T[] } {
  const pinned = pinnedFirst ? rows.filter(pinnedFirst) : [];
  const rest = pinnedFirst ? rows.filter((r) => !pinnedFirst(r)) : rows;
  return { pinned, shown: sortRows(filterRows(rest, columns, state.filtro), columns, state.sort) };
}

/**
 * `shouldRevalidate` of a route showing a DataGrid: a sort or a filter written to the URL (DataGrid, with
 * JavaScript) does not run the loaders again (a heavy report would be computed anew for the same rows).
 */
export const keepLoaderOnGridChange: ShouldRevalidateFunction = (args) => {
  const get = !args.formMethod || args.formMethod.toUpperCase() === "GET";
  return get && onlyViewParamsChanged(args.currentUrl, args.nextUrl) ? false : args.defaultShouldRevalidate;
};

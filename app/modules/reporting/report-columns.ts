// One list of columns per report table (issue 38, docs/decisions/072-one-definition-per-report.md): a column's
// header, value, text, kind, width and wrap are written once, and the screen's grid (AG Grid and the no-JavaScript
// table), the PDF's table, the Excel sheet and the scheduled run's file are derived from it here — so they cannot
// disagree. A column may have a richer `cell` (the same on screen and on paper) and the screen may put a link in
// a cell (`links` of gridColumns), never a different header or value.
// Browser-safe: no server imports (the types of the PDF and Excel writers only).
import type { ReactNode } from "react";
import type { Column } from "~/components/ui";
import { isSortable, readGridState, shownRows } from "~/components/ui/grid-rules";
import { keepViewParams, viewProblem, type TableProblem } from "~/lib/table-state";
import { formatDateAR } from "~/lib/dates";
import { formatPesos } from "~/lib/money";
import { formatMetricCount, formatMetricMinutes, formatWallClock } from "~/modules/estadisticas/rules";
import type { ExcelColumn } from "~reporting/render/excel";
import type { ListReportColumn } from "~reporting/render/list-report";
import type { LongTableColumn } from "~reporting/render/long-table";

/**
 * What a column holds, which decides its text, its alignment, its sort and its Excel cell:
 * - text: words (names, descriptions); code: an identifier (a practice code, a CUIT), never a number;
 * - count: a quantity ('1.234'); number: a number read as an identifier (an authorisation number, '30028');
 * - minutes: a duration in minutes ('12,5 min'); money: pesos ('$ 1.234,50');
 * - date: 'yyyy-mm-dd' ('dd/mm/yyyy'); datetime: 'yyyy-mm-dd hh:mm[:ss]' ('dd/mm/yyyy hh:mm'); time: 'hh:mm[:ss]'.
 */
export type ColumnKind = "text" | "code" | "count" | "number" | "minutes" | "money" | "date" | "datetime" | "time";

export type CellValue = string | number | null;

export type ReportColumn<T> = {
  /** Its name in the URL (?sort=) and in the tests. */
  key: string;
  header: string;
  /** The value: what the column sorts by and what the Excel cell holds (the kind's type). */
  value: (row: T) => CellValue;
  kind?: ColumnKind;
  /** What it shows as text (the PDF, the filter, the screen without `cell`); by default the value, by its kind. */
  text?: (row: T) => string;
  /** Richer content than the text, shown on screen and printed alike (a time and its state). */
  cell?: (row: T) => ReactNode;
  /** Width in characters (the Excel column; the printed table's share of a long table). */
  width?: number;
  /** Long text that wraps (names, descriptions); the other columns never break. */
  wrap?: boolean;
  /**
   * Where the column appears (default everywhere): a table too wide for a page leaves some out of the PDF, a data
   * export holds more than the screen lists.
   */
  outputs?: readonly Output[];
};

/** The places a report's table appears: the screen's grid, the PDF, the Excel sheet (and the scheduled file). */
export type Output = "screen" | "print" | "excel";

/** The columns of `columns` that appear in `output`. */
export function columnsFor<T>(columns: readonly ReportColumn<T>[], output: Output): ReportColumn<T>[] {
  return columns.filter((c) => !c.outputs || c.outputs.includes(output));
}

/** A report's table: its columns, how a row is named, and its parameters' prefix when a screen shows two. */
export type ReportTable<T> = {
  /** Its caption on screen and its title in the PDF. */
  title: string;
  /** Its sheet's name in the Excel workbook (≤ 31 characters). */
  sheet: string;
  columns: ReportColumn<T>[];
  rowKey: (row: T) => string | number;
  /** Prefix of the grid's URL parameters (sort, dir, filtro, page) when a screen shows two grids. */
  paramPrefix?: string;
  /** Rows that stay first, neither sorted nor filtered out (a totals row: 'Equipo'). */
  pinnedFirst?: (row: T) => boolean;
};

const NUMERIC = new Set<ColumnKind>(["count", "number", "minutes", "money"]);

/** Whether a column is a number (right-aligned, never wrapped). */
const isNumeric = (c: { kind?: ColumnKind }) => NUMERIC.has(c.kind ?? "text");

function numberOf(v: CellValue): number | null {
  if (v == null || v === "") return null;
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** A value as its kind shows it ('' or '-' when there is none). */
export function formatValue(kind: ColumnKind | undefined, v: CellValue): string {
  switch (kind) {
    case "count":
      return formatMetricCount(numberOf(v));
    case "minutes":
      return formatMetricMinutes(numberOf(v));
    case "money":
      return v == null || v === "" ? "" : formatPesos(v);
    case "date":
      return v == null ? "" : formatDateAR(String(v));
    case "datetime":
      return v == null ? "" : formatWallClock(String(v)).slice(0, 16);
    case "time":
      return v == null ? "" : String(v).slice(0, 5);
    default:
      return v == null ? "" : String(v);
  }
}

/** What a column shows for a row, as text. */
function textOf<T>(c: ReportColumn<T>, row: T): string {
  return c.text ? c.text(row) : formatValue(c.kind, c.value(row));
}

const SORT_AS: Partial<Record<ColumnKind, Column<unknown>["sortAs"]>> = {
  count: "number",
  number: "number",
  minutes: "number",
  money: "number",
  date: "date",
  datetime: "date",
  text: "text",
  code: "text",
  time: "text",
};

/** The grid's narrowest width (px) for a column that must not break: its longest word in the header or a cell. */
function noBreakWidth<T>(c: ReportColumn<T>): number | undefined {
  if (c.wrap || !c.width) return undefined;
  return Math.round(c.width * 8 + 24);
}

/**
 * The screen grid's columns (DataGrid: AG Grid and the no-JavaScript table). `links` puts a link (or other
 * screen-only content) in a column's cells; its text must be the column's text.
 */
export function gridColumns<T>(
  columns: ReportColumn<T>[],
  links: Partial<Record<string, (row: T) => ReactNode>> = {},
): Column<T>[] {
  return columnsFor(columns, "screen").map((c) => ({
    key: c.key,
    header: c.header,
    render: links[c.key] ?? c.cell ?? ((row: T) => textOf(c, row)),
    value: (row: T) => c.value(row),
    text: (row: T) => textOf(c, row),
    sortAs: SORT_AS[c.kind ?? "text"],
    align: isNumeric(c) ? "right" : undefined,
    minWidth: noBreakWidth(c),
    wrap: c.wrap,
  }));
}

/** The PDF table's columns (the printed ones), with the same headers, cells and texts as the screen. */
export function printColumns<T>(columns: ReportColumn<T>[]): ListReportColumn<T>[] {
  return columnsFor(columns, "print").map((c) => ({
    header: c.header,
    cell: (row: T) => (c.cell ? c.cell(row) : textOf(c, row)),
    numeric: isNumeric(c),
  }));
}

/** A long printed table's columns (text only, each its share of the page by its width). */
export function longPrintColumns<T>(columns: ReportColumn<T>[]): LongTableColumn<T>[] {
  const printed = columnsFor(columns, "print");
  const total = printed.reduce((s, c) => s + (c.width ?? 10), 0);
  return printed.map((c) => ({
    header: c.header,
    cell: (row: T) => textOf(c, row),
    numeric: isNumeric(c),
    width: Math.round(((c.width ?? 10) / total) * 1000) / 10,
  }));
}

const EXCEL_TYPE: Partial<Record<ColumnKind, ExcelColumn<unknown>["type"]>> = {
  count: "integer",
  number: "integer",
  minutes: "minutes",
  money: "money",
  date: "date",
  datetime: "datetime",
  time: "time",
};

/** The Excel sheet's columns: the same headers, the values as real numbers, dates and times of their kind. */
export function excelColumns<T>(columns: ReportColumn<T>[]): ExcelColumn<T>[] {
  return columnsFor(columns, "excel").map((c) => ({
    header: c.header,
    value: (row: T) => (c.kind === "text" || c.kind === "code" || !c.kind ? textOf(c, row) : c.value(row)),
    type: EXCEL_TYPE[c.kind ?? "text"] ?? "text",
    width: Math.max(c.width ?? 10, c.header.length + 2),
  }));
}

/**
 * The rows of a table as its grid shows them for the URL's state: pinned rows first, the rest filtered and sorted
 * (grid-rules' shownRows). A refused view value is the route's 400 before this (`tablesProblem`).
 */
export function rowsAsShown<T>(table: ReportTable<T>, rows: readonly T[], search: string): T[] {
  const columns = gridColumns(table.columns);
  const { pinned, shown } = shownRows(
    rows,
    columns,
    readGridState(search, columns, table.paramPrefix),
    table.pinnedFirst,
  );
  return [...pinned, ...shown];
}

/** The first value of the request's URL a table of a printed report refuses (its sort, dir or page), or null. */
export function tablesProblem(request: Request, tables: readonly ReportTable<never>[]): TableProblem | null {
  const grids = tables.map((t) => ({
    sorts: gridColumns(t.columns)
      .filter(isSortable)
      .map((c) => c.key),
    prefix: t.paramPrefix,
  }));
  return viewProblem(new URL(request.url).search, grids);
}

/** `href` with the grid state (sort, dir, filtro) of `tables` in `search`: a link that keeps what the screen shows. */
export function withTableState(href: string, search: string, tables: readonly { paramPrefix?: string }[]): string {
  return tables.reduce((h, t) => keepViewParams(h, search, t.paramPrefix), href);
}

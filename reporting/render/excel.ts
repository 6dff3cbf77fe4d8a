// XLSX downloads written as a stream (exceljs WorkbookWriter): rows are committed as they come from an
// (async) iterable, so a 100 000-row export never sits in memory whole.
import { once } from "node:events";
import { setImmediate } from "node:timers/promises";
import { PassThrough, Readable, type Writable } from "node:stream";
import ExcelJS from "exceljs";
import { downloadResponse } from "./download";

type ExcelValue = string | number | Date | null | undefined;

export type ExcelColumn<T> = {
  header: string;
  value: (row: T) => ExcelValue;
  /** Column width in characters. */
  width?: number;
  /**
   * 'date' turns yyyy-mm-dd strings into Excel dates shown dd/mm/yyyy, 'datetime' 'yyyy-mm-dd hh:mm[:ss]' into
   * date-times shown dd/mm/yyyy hh:mm, 'time' 'hh:mm[:ss]' into times shown hh:mm; 'money' shows pesos; 'integer';
   * 'minutes' a number of minutes shown '12.5 min'.
   */
  type?: "text" | "date" | "datetime" | "time" | "money" | "integer" | "minutes";
};

const FORMATS = {
  date: "dd/mm/yyyy",
  datetime: "dd/mm/yyyy hh:mm",
  time: "hh:mm",
  money: '"$" #,##0.00',
  integer: "0",
  minutes: '0.0 "min"',
} as const;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * Excel keeps a date as a day with no zone: the calendar date at midnight UTC shows that same day everywhere. An
 * impossible date (2026-02-30) stays the text it is. Plain arithmetic, not a time-zone library: this runs for every
 * date cell of every export (date-fns' parseISO in UTC was a fifth of a 15-column export's time, ADR 060).
 */
function excelDay(v: string): Date | string | null {
  const m = ISO_DAY.exec(v);
  if (!m || v.startsWith("0001")) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const day = new Date(0);
  day.setUTCFullYear(y, mo, d); // unlike Date.UTC, years 0–99 stay themselves
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo && day.getUTCDate() === d ? day : v;
}

const WALL_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A wall-clock 'yyyy-mm-dd hh:mm[:ss]' as the Excel date-time of those figures (no zone, like excelDay). */
function excelDateTime(v: string): Date | string | null {
  const m = WALL_TIME.exec(v);
  if (!m) return v;
  const day = excelDay(m[1]);
  if (!(day instanceof Date)) return day;
  day.setUTCHours(Number(m[2]), Number(m[3]), Number(m[4] ?? 0));
  return day;
}

/** 'hh:mm[:ss]' as Excel's time: the fraction of a day. */
function excelTime(v: string): number | string {
  const m = TIME.exec(v.trim());
  if (!m) return v;
  return (Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0)) / 86400;
}

function cellValue(v: ExcelValue, type: ExcelColumn<unknown>["type"]): ExcelValue {
  if (v == null || v === "") return null;
  if (type === "date" && typeof v === "string") return excelDay(v);
  if (type === "datetime" && typeof v === "string") return excelDateTime(v);
  if (type === "time" && typeof v === "string") return excelTime(v);
  if ((type === "money" || type === "integer" || type === "minutes") && typeof v === "string") {
    const n = Number(v);
    return Number.isFinite(n) ? n : v;
  }
  return v;
}

class DownloadCancelled extends Error {
  constructor() {
    super("descarga cancelada por el cliente");
    this.name = "DownloadCancelled";
  }
}

/** Resolves when `out` can take more or was destroyed (a destroyed stream never emits 'drain'). */
async function drainOrClose(out: Writable): Promise<void> {
  const ac = new AbortController();
  try {
    await Promise.race([once(out, "drain", { signal: ac.signal }), once(out, "close", { signal: ac.signal })]);
  } finally {
    ac.abort(); // removes the listener of the event that did not come
  }
  if (out.destroyed) throw new DownloadCancelled();
}

/** Writes the workbook to `out`; resolves when the file is complete. */
export async function writeXlsx<T>(
  out: Writable,
  sheet: string,
  columns: ExcelColumn<T>[],
  rows: Iterable<T> | AsyncIterable<T>,
): Promise<number> {
  return writeXlsxSheets(out, [{ name: sheet, columns, rows }]);
}

/** One sheet of a workbook: its name, its columns and its rows. */
export type ExcelSheet<T> = { name: string; columns: ExcelColumn<T>[]; rows: Iterable<T> | AsyncIterable<T> };

/**
 * A workbook of several sheets, one after another (a scheduled report's general and per-auditor tables,
 * docs/decisions/058); resolves with the rows written when the file is complete.
 */
export async function writeXlsxSheets(
  out: Writable,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each sheet has its own row type
  sheets: ExcelSheet<any>[],
): Promise<number> {
  // Deflate level 1: the sheet XML is very repetitive, so the file is barely larger (≈ 8 %) than at the default
  // level 6, and the export is about 15 % faster.
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  let n = 0;
  for (const sheet of sheets) n += await writeSheet(wb, out, sheet);
  await wb.commit();
  return n;
}

async function writeSheet<T>(wb: ExcelJS.stream.xlsx.WorkbookWriter, out: Writable, sheet: ExcelSheet<T>) {
  const { columns, rows } = sheet;
  const ws = wb.addWorksheet(sheet.name, { views: [{ state: "frozen", ySplit: 1 }] });
  ws.columns = columns.map((c, i) => ({ key: String(i), width: c.width ?? Math.max(10, c.header.length + 2) }));
  // One style object per column, shared by all its cells, and one shared empty style for the plain cells and
  // the rows: exceljs caches style ids by object identity, and a cell or row without a style object of its own
  // gets a fresh `{}` that it serialises again for every cell (measured: more than half of the export's time).
  const plain = {};
  const styles = columns.map((c) => (c.type && c.type !== "text" ? { numFmt: FORMATS[c.type] } : plain));
  const header = ws.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  let n = 0;
  for await (const row of rows as AsyncIterable<T>) {
    // An empty value is no cell at all (undefined: exceljs makes no Cell, no style lookup, no XML for it); Excel
    // reads the missing cell as empty, as it read the empty styled cell before.
    const values = columns.map((c) => cellValue(c.value(row), c.type) ?? undefined);
    const r = ws.addRow(values);
    for (let i = 0; i < styles.length; i++)
      if (values[i] !== undefined) (r.getCell(i + 1) as { style: unknown }).style = styles[i];
    (r as unknown as { style: unknown }).style = plain;
    r.commit();
    if (++n % 500 === 0) {
      // Let the stream's I/O run (zlib, the socket, a cancel): a source that never waits on I/O would otherwise
      // write the whole file before any byte leaves, unaware of back-pressure or of a closed tab.
      await setImmediate();
      // A cancelled download (the person closed the tab) stops here: the loop's end returns `rows`, whose own
      // `finally` gives its snapshot reader back — instead of writing the rest of the file into nothing.
      if (out.destroyed) throw new DownloadCancelled();
      // Back-pressure: a slow client pauses the rows instead of piling the file up in memory.
      if (out.writableNeedDrain) await drainOrClose(out);
    }
  }
  ws.commit();
  return n;
}

/** A streamed XLSX download response. Errors half way end the stream (the browser shows a failed download). */
export function xlsxResponse<T>(
  filename: string,
  sheet: string,
  columns: ExcelColumn<T>[],
  rows: Iterable<T> | AsyncIterable<T>,
): Response {
  const pass = new PassThrough();
  writeXlsx(pass, sheet, columns, rows).catch((err) =>
    pass.destroy(err instanceof Error ? err : new Error(String(err))),
  );
  return downloadResponse("xlsx", filename, Readable.toWeb(pass) as ReadableStream<Uint8Array>);
}

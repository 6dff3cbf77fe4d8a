// bench:excel's anchor: exceljs's own streaming writer as its documentation shows it — WorkbookWriter, no styles, no
// shared strings, default zip settings, each row's values as the columns give them (no types, no formats), committed
// one by one. The product's writer (reporting/render/excel.ts) is measured beside it on the same rows.
import type { Writable } from "node:stream";
import ExcelJS from "exceljs";
import type { ExcelColumn } from "~reporting/render/excel";

export async function writePlainXlsx(
  out: Writable,
  columns: ExcelColumn<unknown>[],
  rows: AsyncIterable<unknown> | Iterable<unknown>,
): Promise<number> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet("Hoja");
  ws.addRow(columns.map((c) => c.header)).commit();
  let n = 0;
  for await (const row of rows) {
    ws.addRow(columns.map((c) => c.value(row))).commit();
    n++;
  }
  ws.commit();
  await wb.commit();
  return n;
}

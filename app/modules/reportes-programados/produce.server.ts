// The contents of one scheduled report's file (docs/decisions/058): the same module functions the screens use, on
// the current reporting snapshot, written to `out` — XLSX through the one Excel writer (reporting/render/excel.ts)
// with the tables' columns as their screens show them (ADR 072),
// the pre-settlement's CSV through the liquidación's own CSV (DuckDB's writer), PDF through ./pdf.server.
import { once } from "node:events";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { liquidacionRows, type LiquidacionRow } from "~reporting/index";
import { writeXlsxSheets, type ExcelSheet } from "~reporting/render/excel";
import { fromSnapshot, type ReportResult } from "~/modules/reporting/snapshot.server";
import { estadisticasGenerales } from "~/modules/estadisticas/auditoria.server";
import { consumosEfector, rankingConsumos } from "~/modules/estadisticas/consumos.server";
import { PRACTICAS, RANKING } from "~/modules/estadisticas/reports/consumos.columns";
import {
  auditoriaFilas,
  INFO_POR_AUDITOR,
  TABLA_GENERAL,
} from "~/modules/estadisticas/reports/tiempos-auditoria.columns";
import { PRELIQUIDACION } from "~/modules/prestadores/liquidacion.columns";
import { liquidacionCsvBody } from "~/modules/prestadores/liquidacion.server";
import { excelColumns, type ReportTable } from "~/modules/reporting/report-columns";
import { reportePdf } from "./pdf.server";
import type { Formato, PeriodoFechas, Reporte } from "./rules";

/** What a run writes: the report, its format and filters, and the period. */
export type Encargo = {
  id: number;
  reporte: Reporte;
  formato: Formato;
  responsable: string | null;
  efector: string | null;
  periodo: PeriodoFechas;
};

/** A refusal of the report itself (no snapshot yet…): its Spanish message is what the schedule shows. */
export class ReportUnavailableError extends Error {
  constructor(msg: string) {
    super(msg);
    this.name = "ReportUnavailableError";
  }
}

function valueOf<T>(r: ReportResult<T>): T {
  if (!r.ok) throw new ReportUnavailableError(r.msg);
  return r.value;
}

/** A report table's sheet: its columns as the screen shows them (ADR 072), its rows. */
type AnySheet = Parameters<typeof writeXlsxSheets>[1][number];
function sheetOf<T>(table: ReportTable<T>, rows: Iterable<T> | AsyncIterable<T>): AnySheet {
  const sheet: ExcelSheet<T> = { name: table.sheet, columns: excelColumns(table.columns), rows };
  return sheet;
}

const filtro = (e: Encargo) => ({ fecha_desde: e.periodo.desde, fecha_hasta: e.periodo.hasta });

async function tiemposDe(e: Encargo) {
  return valueOf(await estadisticasGenerales({ ...filtro(e), auditor: null }));
}

async function preliquidacionRows(e: Encargo): Promise<LiquidacionRow[]> {
  const f = { desde: e.periodo.desde, hasta: e.periodo.hasta, cuit: e.responsable ?? "" };
  return valueOf(await fromSnapshot((reader) => liquidacionRows(reader, f)));
}

/** The workbook's sheets of a report: the same tables, columns and rows as its screen. */
async function sheetsOf(e: Encargo): Promise<AnySheet[]> {
  if (e.reporte === "tiempos-auditoria") {
    const filas = auditoriaFilas(await tiemposDe(e));
    return [sheetOf(TABLA_GENERAL, filas), sheetOf(INFO_POR_AUDITOR, filas)];
  }
  if (e.reporte === "consumos-prestadores") {
    const rows = valueOf(await consumosEfector({ ...filtro(e), codigo_efector: e.efector ?? "" }));
    return [sheetOf(PRACTICAS, rows)];
  }
  if (e.reporte === "ranking-consumos") {
    return [sheetOf(RANKING, valueOf(await rankingConsumos(filtro(e))))];
  }
  return [sheetOf(PRELIQUIDACION, await preliquidacionRows(e))];
}

async function writeExcel(e: Encargo, out: Writable): Promise<void> {
  await writeXlsxSheets(out, await sheetsOf(e));
}

async function writeCsv(e: Encargo, out: Writable): Promise<void> {
  const f = { desde: e.periodo.desde, hasta: e.periodo.hasta, cuit: e.responsable ?? "" };
  const body = valueOf(await fromSnapshot((reader) => liquidacionCsvBody(reader, f)));
  await pipeline(Readable.fromWeb(body as Parameters<typeof Readable.fromWeb>[0]), out, { end: false });
}

/** Write the file's bytes to `out` (left open: the caller ends and syncs it). */
export async function produceReport(e: Encargo, out: Writable, meta: { impresoPor: string }): Promise<void> {
  if (e.formato === "xlsx") return writeExcel(e, out);
  if (e.formato === "csv") return writeCsv(e, out);
  const bytes = await reportePdf(
    e.reporte,
    { ...filtro(e), responsable: e.responsable ?? "", codigo_efector: e.efector ?? "" },
    meta,
  );
  if (!out.write(bytes)) await once(out, "drain");
}

// What the report PDFs of issue 29 share (docs/decisions/057-statistics-pdfs.md): the data read on the current
// snapshot (no snapshot → SnapshotUnavailableError, as the reporting store raises it), the lines under the title
// (period, 'Datos al …', who printed it and when), the printing (A4 landscape, 10 mm, 'Página X de Y') and what a
// route answers when a PDF cannot be made (503 with a Spanish message).
import type { ReactElement } from "react";
import { SnapshotUnavailableError } from "~reporting/index";
import { listReportHtml } from "~reporting/render/list-report";
import { htmlToPdf, pdfUnavailableMessage } from "~reporting/render/pdf";
import { formatDateAR, formatDateTimeAR } from "~/lib/dates";
import type { ReportResult } from "./snapshot.server";

/** Who printed the report (a person's 'apeynom (usuario)', or the scheduler's text). */
export type ReportMeta = { impresoPor: string };

/** A signed-in user who prints a report (and is the export's audit actor). */
export type Printer = { id: number; usuario: string; apeynom: string };

/** The 'Impreso por' text of a signed-in user. */
export function impresoPor(user: Printer): string {
  return user.apeynom ? `${user.apeynom} (${user.usuario})` : user.usuario;
}

/** A report's answer on the snapshot, or SnapshotUnavailableError when there is none yet (as the store raises it). */
export function required<T>(r: ReportResult<T>): { value: T; datosAl: string } {
  if (!r.ok) throw new SnapshotUnavailableError();
  return { value: r.value, datosAl: r.datos_al };
}

/** The lines under a report's title. */
export function reportDetails(
  periodo: { fecha_desde: string; fecha_hasta: string },
  datosAl: string,
  meta: ReportMeta,
  extra: string[] = [],
): string[] {
  return [
    `Período del ${formatDateAR(periodo.fecha_desde)} al ${formatDateAR(periodo.fecha_hasta)}`,
    ...extra,
    `Datos al ${datosAl}`,
    `Impreso por ${meta.impresoPor} el ${formatDateTimeAR(new Date().toISOString())}`,
  ];
}

/**
 * A report document printed A4 landscape with page numbers, by the shared Chromium; `tagged: false` for the long
 * row lists (the pre-settlement: tagging thousands of rows costs more than printing them; ADR 057).
 */
export function printReport(element: ReactElement, opts: { tagged?: boolean } = {}): Promise<Uint8Array> {
  return htmlToPdf(listReportHtml(element), {
    format: "A4",
    landscape: true,
    margin: "10mm",
    pageNumbers: true,
    tagged: opts.tagged,
  });
}

const MSG_PDF_FALLO = "No fue posible generar el PDF. Intente nuevamente más tarde.";

/** The 503 message of a PDF that could not be made: no snapshot yet, no Chromium, or a failed render. */
export function reportFailureMessage(err: unknown): string {
  if (err instanceof Error && err.name === "SnapshotUnavailableError") return err.message;
  return pdfUnavailableMessage(err) ?? MSG_PDF_FALLO;
}

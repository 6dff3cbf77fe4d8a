// What the report PDFs of issue 29 share (docs/decisions/057-statistics-pdfs.md): the data read on the current
// snapshot (no snapshot → SnapshotUnavailableError, as the reporting store raises it), the lines under the title
// (period, 'Datos al …', who printed it and when), the printing (A4 landscape, 10 mm, 'Página X de Y'), who asks
// for a PDF (the admission's requester, docs/decisions/061-pdf-admission.md) and what a route answers when a PDF is
// refused before it starts (422 too long, 429 printer busy with Retry-After) or cannot be made (503).
import type { ReactElement } from "react";
import { SnapshotUnavailableError } from "~reporting/index";
import { listReportHtml } from "~reporting/render/list-report";
import { htmlPartsToPdf, htmlToPdf, pdfUnavailableMessage } from "~reporting/render/pdf";
import { pdfRefusal, withPdfAdmission, type PdfLane, type PdfRequester } from "~reporting/render/pdf-admission";
import { formatDateAR, formatDateTimeAR } from "~/lib/dates";
import { errorResponse, type ErrorPageOptions } from "~/lib/http.server";
import { isDatabaseOutage } from "~/lib/outage.server";
import { currentContext, noteRetryAfter } from "~/lib/request-context.server";
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

/** How every report PDF is printed: A4 landscape, 10 mm margins, 'Página X de Y'. */
const REPORT_PDF = { format: "A4", landscape: true, margin: "10mm", pageNumbers: true } as const;

/**
 * A report document printed A4 landscape with page numbers, by the shared Chromium; `tagged: false` for the long
 * row lists (the pre-settlement: tagging thousands of rows costs more than printing them; ADR 057).
 */
export function printReport(element: ReactElement, opts: { tagged?: boolean } = {}): Promise<Uint8Array> {
  return htmlToPdf(listReportHtml(element), { ...REPORT_PDF, tagged: opts.tagged });
}

/**
 * A long report document given in parts (complete documents, in order: reporting/render/long-table.ts
 * longTableDocuments), printed as printReport prints one, a part at a time, and joined (ADR 070).
 */
export function printReportParts(parts: Iterable<string>, opts: { tagged?: boolean } = {}): Promise<Uint8Array> {
  return htmlPartsToPdf(parts, { ...REPORT_PDF, tagged: opts.tagged });
}

const MSG_PDF_FALLO = "No fue posible generar el PDF. Intente nuevamente más tarde.";

/** The 503 message of a PDF that could not be made: no snapshot yet, no Chromium, or a failed render. */
function reportFailureMessage(err: unknown, fallback: string): string {
  if (err instanceof Error && err.name === "SnapshotUnavailableError") return err.message;
  return pdfUnavailableMessage(err) ?? fallback;
}

/**
 * Who asks for a PDF: the signed-in user, else the client's address (the public coverage card); `request` gives the
 * signal that takes an abandoned request out of the admission's queue.
 */
export function pdfRequester(user: { id: number } | null, request?: Request): PdfRequester {
  const key = user ? `user:${user.id}` : `address:${currentContext().address}`;
  return { kind: "person", key, signal: request?.signal };
}

/**
 * Runs one PDF of a request (its data read, its audit entry and its printing) inside an admission of `lane` for the
 * request's user (or address): PdfBusyError, answered by pdfFailureResponse, when it may not print now.
 */
export function printingFor<T>(
  user: { id: number } | null,
  request: Request,
  lane: PdfLane,
  work: () => Promise<T>,
): Promise<T> {
  return withPdfAdmission(pdfRequester(user, request), lane, work);
}

/**
 * The answer of a PDF that was refused before it started or could not be made, for the requester (the app's page
 * for a person, JSON { msg } for a program): 422 (it could not be printed in time: the message names the export
 * to use) and 429 with Retry-After (the person's PDFs or the queue are full) as the admission said; otherwise 503
 * with the Spanish reason (no snapshot, no Chromium) or `fallback`, and one log line under `tag`. A database outage is
 * rethrown (the server's wrapper answers it, ADR 045).
 */
export function pdfFailureResponse(
  request: Request,
  err: unknown,
  opts: ErrorPageOptions & { tag: string; fallback?: string },
): Response {
  const { tag, fallback, ...page } = opts;
  if (isDatabaseOutage(err) || err instanceof Response) throw err; // an outage: 503 with Retry-After (ADR 045)
  const refused = pdfRefusal(err);
  if (!refused) {
    console.error(`[${tag}] ${(err instanceof Error ? err.message : String(err)).split("\n")[0]}`);
    return errorResponse(request, 503, reportFailureMessage(err, fallback ?? MSG_PDF_FALLO), page);
  }
  const res = errorResponse(request, refused.status, refused.msg, page);
  if (refused.retryAfterS !== null) {
    noteRetryAfter(refused.retryAfterS * 1000);
    res.headers.set("Retry-After", String(refused.retryAfterS));
  }
  return res;
}

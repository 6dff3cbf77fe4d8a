// 'Exportar a PDF' of Preliquidación (/liquidacion-prestadores; issue 29, docs/decisions/057-statistics-pdfs.md):
// every row of the responsable and period read from the reporting snapshot (voided ones listed and marked), then the
// totals per practice and overall (honorarios, gastos, cantidad; voided authorisations do not add up); 'Datos al …',
// the period and who printed it; A4 landscape, 'Página X de Y', the header row repeated on every page.
// preliquidacionPdf is what the scheduled reports call too (the caller has checked the responsable's scope; no
// audit); exportPreliquidacion is the route's: the scoping rule of ./rules (as the screen and the CSV), the PDF
// and the export's audit entry ('liquidacion.exportar', via 'pdf', as the CSV's). Both count the rows first (a
// COUNT on the snapshot): above PRELIQUIDACION_PDF_MAX_ROWS the PDF is refused (PdfTooLargeError, 422) before any
// row is read or Chromium is asked; then the PDF waits for its turn in the admission's report lane (ADR 061).
import { PRELIQUIDACION } from "~/modules/prestadores/liquidacion.columns";
import { longPrintColumns, rowsAsShown } from "~/modules/reporting/report-columns";
import { liquidacionCount, liquidacionRows, type LiquidacionRow } from "~reporting/index";
import { PdfTooLargeError, withPdfAdmission, type PdfRequester } from "~reporting/render/pdf-admission";
import { listReportHtml, type ListReportColumn } from "~reporting/render/list-report";
import { LONG_TABLE_SLOT, longTableCss, longTableDocument, longTableDocuments } from "~reporting/render/long-table";
import { ReportDocument, ReportTable, type ReportTotalRow } from "~reporting/render/report-document";
import { getDb } from "~db/client.server";
import { audit } from "~/lib/audit.server";
import { formatPesos } from "~/lib/money";
import { formatCount } from "~/lib/numbers";
import {
  impresoPor,
  pdfRequester,
  printReportParts,
  reportDetails,
  required,
  type Printer,
  type ReportMeta,
} from "~/modules/reporting/report-print.server";
import { fromSnapshot } from "~/modules/reporting/snapshot.server";
import { MSG_RESPONSABLE_NO_PERMITIDO } from "./liquidacion.schema";
import {
  canonicalCuit,
  canSeeResponsable,
  msgPreliquidacionPdfDemasiadasFilas,
  PRELIQUIDACION_PDF_MAX_ROWS,
  type UsuarioResponsable,
} from "./rules";

export const PRELIQUIDACION_TITLE = "Preliquidación";
export const PRELIQUIDACION_FILENAME = "preliquidacion.pdf";

export type PreliquidacionFiltro = { fecha_desde: string; fecha_hasta: string; responsable: string };

/** Money as whole cents (exact sums of the decimal strings '1234.50'). */
const cents = (v: string | null) => (v ? Math.round(Number(v) * 100) : 0);
const pesos = (c: number) => formatPesos(c / 100);

/** The detail: the screen's printed columns (ADR 072), their widths the page's shares; long text wraps. */
const DETALLE = longPrintColumns(PRELIQUIDACION.columns);

/**
 * The detail's lighter look (thousands of rows: no zebra background and no border per cell, tighter padding; about a
 * third fewer pages and less to paint per page; docs/benchmarks.md).
 */
const DETALLE_CSS =
  longTableCss(DETALLE) +
  "table.long > tbody > tr > td { padding: 1px 4px; border-bottom: 0; background: none; }\n" +
  "table.long th { padding: 2px 4px; }\ntable.long td.empty { padding: 16px; }\n";

const SIN_FILAS = "No hay autorizaciones para el responsable en el período.";

/** The totals of one practice (practica + subitem), or of the whole period. */
type Totales = { practica: string; subitem: string; descripcion: string; autorizaciones: number } & Sumas;
type Sumas = { cantidad: number; honorarios: number; gastos: number };

const TOTALES: ListReportColumn<Totales>[] = [
  { header: "Práctica", cell: (r) => r.practica },
  { header: "Subitem", cell: (r) => r.subitem },
  { header: "Descripción Práctica", cell: (r) => r.descripcion },
  { header: "Autorizaciones", cell: (r) => formatCount(r.autorizaciones), numeric: true },
  { header: "Cantidad", cell: (r) => formatCount(r.cantidad), numeric: true },
  { header: "Honorarios", cell: (r) => pesos(r.honorarios), numeric: true },
  { header: "Gastos", cell: (r) => pesos(r.gastos), numeric: true },
  { header: "Total", cell: (r) => pesos(r.honorarios + r.gastos), numeric: true },
];

/** Per practice (in practice order) and overall, over the rows that are not voided. */
export function totalesPreliquidacion(rows: readonly LiquidacionRow[]): { porPractica: Totales[]; total: Totales } {
  const by = new Map<string, Totales>();
  const total: Totales = {
    practica: "Total",
    subitem: "",
    descripcion: "",
    autorizaciones: 0,
    cantidad: 0,
    honorarios: 0,
    gastos: 0,
  };
  for (const r of rows) {
    if (r.anulado) continue;
    const key = `${r.practica}\u0000${r.subitem ?? ""}`;
    let t = by.get(key);
    if (!t) {
      t = {
        practica: r.practica,
        subitem: r.subitem ?? "",
        descripcion: r.descpractica ?? "",
        autorizaciones: 0,
        cantidad: 0,
        honorarios: 0,
        gastos: 0,
      };
      by.set(key, t);
    }
    for (const x of [t, total]) {
      x.autorizaciones++;
      x.cantidad += r.cantidad;
      x.honorarios += cents(r.montoauthonorario);
      x.gastos += cents(r.montoautgasto);
    }
  }
  const porPractica = [...by.values()].sort(
    (a, b) => a.practica.localeCompare(b.practica) || a.subitem.localeCompare(b.subitem),
  );
  return { porPractica, total };
}

function totalRow(t: Totales): ReportTotalRow {
  return {
    key: "total",
    className: "total",
    cells: Object.fromEntries(TOTALES.map((c) => [c.header, c.cell(t)])),
  };
}

const filterOf = (f: PreliquidacionFiltro, cuit: string | null) =>
  cuit ? { desde: f.fecha_desde, hasta: f.fecha_hasta, cuit } : null;

/** PdfTooLargeError (422) when the filter selects more rows than a PDF prints within the renderer's time. */
async function checkPrintable(f: PreliquidacionFiltro): Promise<void> {
  const filter = filterOf(f, canonicalCuit(f.responsable));
  if (!filter) return;
  const { value: total } = required(await fromSnapshot((reader) => liquidacionCount(reader, filter)));
  if (total > PRELIQUIDACION_PDF_MAX_ROWS) throw new PdfTooLargeError(msgPreliquidacionPdfDemasiadasFilas(total));
}

/**
 * Rows of the detail per printed part (ADR 070): about 8 A4 pages each; Chromium's memory is that of one part (the
 * bench month: 2.4 GB of the tree's RSS printed whole, under 1 GB in parts), and each part ends on a page of its own
 * (a part's last page is seldom full: about half a page more per part).
 */
const FILAS_POR_PARTE = 500;

/** The report's document with the detail's place (LONG_TABLE_SLOT) and the detail's rows, read on the snapshot. */
async function preliquidacionReport(f: PreliquidacionFiltro, meta: ReportMeta, search: string) {
  const cuit = canonicalCuit(f.responsable);
  const filter = filterOf(f, cuit);
  const { value: all, datosAl } = required(
    await fromSnapshot(async (reader) => (filter ? liquidacionRows(reader, filter) : [])),
  );
  // the detail as the screen's Listado shows it (its order and filter); the totals over those rows
  const rows = rowsAsShown(PRELIQUIDACION, all, search);
  const { porPractica, total } = totalesPreliquidacion(rows);
  const anuladas = rows.length - total.autorizaciones;
  const nombre = rows[0]?.responsable ? `${rows[0].responsable} (${cuit})` : (cuit ?? f.responsable);
  const extra = [`Responsable: ${nombre}`, `${formatCount(rows.length)} autorizaciones`];
  const document = listReportHtml(
    <ReportDocument
      title={PRELIQUIDACION_TITLE}
      details={reportDetails(f, datosAl, meta, extra)}
      fontPx={8}
      extraCss={DETALLE_CSS}
    >
      <h2>Autorizaciones</h2>
      <div dangerouslySetInnerHTML={{ __html: LONG_TABLE_SLOT }} />
      <ReportTable
        title="Totales por práctica"
        columns={TOTALES}
        rows={porPractica}
        rowKey={(r) => `${r.practica}/${r.subitem}`}
        empty={SIN_FILAS}
        totals={[totalRow(total)]}
      />
      <p className="note">
        Los totales no suman las autorizaciones anuladas
        {anuladas > 0 ? ` (${formatCount(anuladas)} en el período, con Anulado SI en el detalle)` : ""}.
      </p>
    </ReportDocument>,
  );
  return { document, rows };
}

/** The PDF's HTML as one document (for the tests and the bench's anchor: the parts printed together). */
export async function preliquidacionHtml(f: PreliquidacionFiltro, meta: ReportMeta, search = ""): Promise<string> {
  const { document, rows } = await preliquidacionReport(f, meta, search);
  return longTableDocument(document, DETALLE, rows, { empty: SIN_FILAS });
}

/**
 * The pre-settlement PDF of a responsable and period for `who` (Request-independent; the caller has checked the
 * scope): counted first (PdfTooLargeError above the limit), then read and printed inside an admission of the
 * report lane (PdfBusyError when `who` may not print now).
 */
export async function preliquidacionPdf(
  f: PreliquidacionFiltro,
  meta: ReportMeta,
  who: PdfRequester,
  search = "",
): Promise<Uint8Array> {
  await checkPrintable(f);
  return withPdfAdmission(who, "report", async () => {
    const { document, rows } = await preliquidacionReport(f, meta, search);
    const parts = longTableDocuments(document, DETALLE, rows, { empty: SIN_FILAS, partRows: FILAS_POR_PARTE });
    return printReportParts(parts, { tagged: false });
  });
}

/**
 * The route's export: the scoping rule (403 for another entity's responsable), the PDF (refusals thrown as
 * preliquidacionPdf throws them) and its audit entry.
 */
export async function exportPreliquidacion(
  user: Printer & UsuarioResponsable,
  f: PreliquidacionFiltro,
  request?: Request,
): Promise<{ ok: true; pdf: Uint8Array } | { ok: false; status: 403; msg: string }> {
  if (!canSeeResponsable(user, f.responsable)) return { ok: false, status: 403, msg: MSG_RESPONSABLE_NO_PERMITIDO };
  const search = request ? new URL(request.url).search : "";
  const pdf = await preliquidacionPdf(f, { impresoPor: impresoPor(user) }, pdfRequester(user, request), search);
  await audit(await getDb(), user, {
    accion: "liquidacion.exportar",
    entidad: "responsable",
    entidadId: f.responsable,
    detalle: { fecha_desde: f.fecha_desde, fecha_hasta: f.fecha_hasta, via: "pdf" },
  });
  return { ok: true, pdf };
}

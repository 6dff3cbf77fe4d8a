// 'Exportar a PDF' of 'OSEP / Tiempos de Auditoria Médica' (issue 29, docs/decisions/057-statistics-pdfs.md): the
// period's general table ('Equipo' first), the per-auditor table (both as the screen shows them: its columns, order
// and filter, ADR 072), the pie 'Autorizaciones por Auditor' drawn on the
// server by the screen's @nivo/pie (the fixed-size Pie, no animation, as SVG) with its legend, 'Datos al …', the
// period and who printed it; A4 landscape, 'Página X de Y', table headers repeated on every page.
// tiemposAuditoriaPdf is what the scheduled reports call too (no request, no audit); exportTiemposAuditoria is the
// route's: the same PDF and the export's audit entry ('tiempos_auditoria.exportar').
import { Pie } from "@nivo/pie";
import { renderToStaticMarkup } from "react-dom/server";
import { listReportHtml } from "~reporting/render/list-report";
import { withPdfAdmission, type PdfRequester } from "~reporting/render/pdf-admission";
import { ReportDocument, ReportTable } from "~reporting/render/report-document";
import { getDb } from "~db/client.server";
import { audit } from "~/lib/audit.server";
import { formatCount } from "~/lib/numbers";
import { estadisticasGenerales } from "~/modules/estadisticas/auditoria.server";
import { pieProps, pieShare, type TortaDato } from "~/modules/estadisticas/components/AuditoriaTorta";
import {
  auditoriaFilas,
  esEquipo,
  INFO_POR_AUDITOR,
  TABLA_GENERAL,
  type AuditoriaFila,
} from "~/modules/estadisticas/reports/tiempos-auditoria.columns";
import { printColumns, rowsAsShown, type ReportTable as TableDef } from "~/modules/reporting/report-columns";
import {
  impresoPor,
  pdfRequester,
  printReport,
  reportDetails,
  required,
  type Printer,
  type ReportMeta,
} from "~/modules/reporting/report-print.server";

export const TIEMPOS_TITLE = "OSEP / Tiempos de Auditoria Médica";
export const TIEMPOS_FILENAME = "tiempos-auditoria.pdf";

type Periodo = { fecha_desde: string; fecha_hasta: string };

const EXTRA_CSS = `
.aud-estado { display: block; }
.aud-estado small { display: block; font-size: 0.9em; }
.aud-estado--ok small { color: #1b5e20; }
.aud-estado--warning small { color: #8a3c00; }
.aud-estado--late small { color: #b71c1c; }
.torta svg { display: block; }
.aud-cell-sub { display: block; font-size: 0.9em; }
`;

/** The pie 'Autorizaciones por Auditor': the screen's @nivo/pie as static SVG, and its legend beside it. */
function Torta({ datos }: { datos: TortaDato[] }) {
  const props = pieProps(datos);
  const total = datos.reduce((s, d) => s + d.value, 0);
  const svg = total > 0 ? renderToStaticMarkup(<Pie {...props} width={360} height={300} isInteractive={false} />) : "";
  return (
    <>
      <h2>Autorizaciones por Auditor</h2>
      <div className="figure torta">
        <div dangerouslySetInnerHTML={{ __html: svg }} />
        <ul className="legend">
          {props.data.map((d) => (
            <li key={d.id}>
              <span className="swatch" style={{ background: d.color }} />
              {d.id}: {formatCount(d.value)} ({pieShare(d.value, total)})
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

/** One of the tables as the screen shows it for `search` (its order and filter), with the screen's columns. */
function Tabla({ table, filas, search }: { table: TableDef<AuditoriaFila>; filas: AuditoriaFila[]; search: string }) {
  return (
    <ReportTable
      title={table.title}
      columns={printColumns(table.columns)}
      rows={rowsAsShown(table, filas, search)}
      rowKey={table.rowKey}
      empty="No hay auditorías en el período."
    />
  );
}

function TiemposReport(props: { filas: AuditoriaFila[]; details: string[]; search: string }) {
  const { filas, search } = props;
  const auditores = filas.filter((f) => !esEquipo(f));
  return (
    <ReportDocument title={TIEMPOS_TITLE} details={props.details} extraCss={EXTRA_CSS}>
      <Tabla table={TABLA_GENERAL} filas={filas} search={search} />
      {auditores.length > 0 && (
        <Torta datos={auditores.map((f) => ({ id: f.auditor, value: f.datos.cantidad_autorizaciones }))} />
      )}
      <Tabla table={INFO_POR_AUDITOR} filas={filas} search={search} />
      <p className="note">
        Tiempos desde la carga hasta la auditoría. Inicio y cierre: primera auditoría más tardía y última más temprana
        de un día del período, frente al turno. «-»: la métrica no existe para esa fila.
      </p>
    </ReportDocument>
  );
}

/** The PDF's HTML (for the tests and the bench's anchor); `search`: the screen's table state (order, filter). */
export async function tiemposAuditoriaHtml(f: Periodo, meta: ReportMeta, search = ""): Promise<string> {
  return listReportHtml(await tiemposReport(f, meta, search));
}

async function tiemposReport(f: Periodo, meta: ReportMeta, search: string) {
  const { value, datosAl } = required(await estadisticasGenerales({ ...f, auditor: null }));
  return <TiemposReport filas={auditoriaFilas(value)} details={reportDetails(f, datosAl, meta)} search={search} />;
}

/**
 * The PDF of the period's audit times (Request-independent: the route and the scheduled reports call it), its
 * tables in the order and with the filter of `search` (the screen's URL; none for a scheduled run).
 */
export async function tiemposAuditoriaPdf(
  f: Periodo,
  meta: ReportMeta,
  who: PdfRequester,
  search = "",
): Promise<Uint8Array> {
  return withPdfAdmission(who, "report", async () => printReport(await tiemposReport(f, meta, search)));
}

/** The route's export: the PDF (in the admission's report lane: PdfBusyError when refused) and its audit entry. */
export async function exportTiemposAuditoria(user: Printer, f: Periodo, request?: Request): Promise<Uint8Array> {
  const search = request ? new URL(request.url).search : "";
  const pdf = await tiemposAuditoriaPdf(f, { impresoPor: impresoPor(user) }, pdfRequester(user, request), search);
  await audit(await getDb(), user, {
    accion: "tiempos_auditoria.exportar",
    entidad: "estadisticas",
    detalle: { ...f, via: "pdf" },
  });
  return pdf;
}

// 'Exportar a PDF' of 'OSEP / Tiempos de Auditoria Médica' (issue 29, docs/decisions/057-statistics-pdfs.md): the
// period's general table ('Equipo' first), the per-auditor table, the pie 'Autorizaciones por Auditor' drawn on the
// server by the screen's @nivo/pie (the fixed-size Pie, no animation, as SVG) with its legend, 'Datos al …', the
// period and who printed it; A4 landscape, 'Página X de Y', table headers repeated on every page.
// tiemposAuditoriaPdf is what the scheduled reports call too (no request, no audit); exportTiemposAuditoria is the
// route's: the same PDF and the export's audit entry ('tiempos_auditoria.exportar').
import { Pie } from "@nivo/pie";
import { renderToStaticMarkup } from "react-dom/server";
import { listReportHtml, type ListReportColumn } from "~reporting/render/list-report";
import { withPdfAdmission, type PdfRequester } from "~reporting/render/pdf-admission";
import { ReportDocument, ReportTable } from "~reporting/render/report-document";
import { getDb } from "~db/client.server";
import { audit } from "~/lib/audit.server";
import { formatCount } from "~/lib/numbers";
import { estadisticasGenerales, type EstadisticasGenerales } from "~/modules/estadisticas/auditoria.server";
import { EQUIPO } from "~/modules/estadisticas/auditoria.schema";
import { pieProps, pieShare, type TortaDato } from "~/modules/estadisticas/components/AuditoriaTorta";
import { TiemposEstado } from "~/modules/estadisticas/components/TiemposEstado";
import {
  formatMetricCount as count,
  formatMetricMinutes as minutes,
  formatShiftTime,
  NO_METRIC,
  type EstadisticaAuditor,
} from "~/modules/estadisticas/rules";
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
type Fila = EstadisticaAuditor & { turno: string };

const nombre = (a: string) => (a === EQUIPO ? "Equipo" : a);
const nroConTiempo = (nro: number | null, t: number | null) => (nro == null ? NO_METRIC : `${nro} (${minutes(t)})`);

const GENERAL: ListReportColumn<Fila>[] = [
  { header: "Auditor", cell: (r) => <strong>{nombre(r.auditor)}</strong> },
  { header: "Autorizaciones", cell: (r) => count(r.datos.cantidad_autorizaciones), numeric: true },
  { header: "Tiempo promedio", cell: (r) => minutes(r.datos.tiempo_promedio), numeric: true },
  {
    header: "Tiempo mínimo",
    cell: (r) => nroConTiempo(r.datos.autorizacion_con_tiempo_min, r.datos.tiempo_minimo),
    numeric: true,
  },
  {
    header: "Tiempo máximo",
    cell: (r) => nroConTiempo(r.datos.autorizacion_con_tiempo_max, r.datos.tiempo_maximo),
    numeric: true,
  },
  { header: "Del día anterior", cell: (r) => count(r.auditoria_dia_anterior), numeric: true },
  { header: "Menos de 2 min", cell: (r) => count(r.cant_autorizaciones_menor_2_minutos), numeric: true },
  { header: "Interrupciones > 15 min", cell: (r) => count(r.interrupciones_mayor_15_min), numeric: true },
];

const POR_AUDITOR: ListReportColumn<Fila>[] = [
  { header: "Auditor", cell: (r) => <strong>{nombre(r.auditor)}</strong> },
  { header: "Turno", cell: (r) => r.turno },
  { header: "Autorizaciones", cell: (r) => count(r.datos.cantidad_autorizaciones), numeric: true },
  { header: "Tiempo promedio", cell: (r) => minutes(r.datos.tiempo_promedio), numeric: true },
  { header: "Tiempo mínimo", cell: (r) => minutes(r.datos.tiempo_minimo), numeric: true },
  { header: "Aut. tiempo mínimo", cell: (r) => r.datos.autorizacion_con_tiempo_min ?? NO_METRIC, numeric: true },
  { header: "Tiempo máximo", cell: (r) => minutes(r.datos.tiempo_maximo), numeric: true },
  { header: "Aut. tiempo máximo", cell: (r) => r.datos.autorizacion_con_tiempo_max ?? NO_METRIC, numeric: true },
  { header: "Tiempo total", cell: (r) => minutes(r.datos.tiempo_total), numeric: true },
  { header: "Inicio de autorizaciones", cell: (r) => estado(r, "inicio") },
  { header: "Cierre de autorizaciones", cell: (r) => estado(r, "fin") },
  { header: "Día anterior", cell: (r) => count(r.auditoria_dia_anterior), numeric: true },
  { header: "Menos de 2 min", cell: (r) => count(r.cant_autorizaciones_menor_2_minutos), numeric: true },
  { header: "Interrupción máxima", cell: (r) => minutes(r.interrupcion_maxima), numeric: true },
  { header: "Interrup. > 15 min", cell: (r) => count(r.interrupciones_mayor_15_min), numeric: true },
  {
    header: "Tiempo muerto máximo",
    cell: (r) => (r.tiempo_muerto_max == null ? "Sin turno" : minutes(r.tiempo_muerto_max)),
    numeric: true,
  },
  { header: "Tiempo total interrupciones", cell: (r) => minutes(r.total_tiempo_interrupciones), numeric: true },
];

function estado(r: Fila, borde: "inicio" | "fin") {
  const e = borde === "inicio" ? r.inicio_autorizaciones : r.cierre_autorizaciones;
  const m =
    borde === "inicio"
      ? r.inicio_autorizaciones?.minutos_desde_inicio_turno
      : r.cierre_autorizaciones?.minutos_antes_fin_turno;
  return <TiemposEstado fechaHora={e?.fecha_hora_auditoria} estado={e?.estado} minutos={m} borde={borde} />;
}

const EXTRA_CSS = `
.aud-estado { display: block; }
.aud-estado small { display: block; font-size: 0.9em; }
.aud-estado--ok small { color: #1b5e20; }
.aud-estado--warning small { color: #8a3c00; }
.aud-estado--late small { color: #b71c1c; }
.torta svg { display: block; }
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

function filasDe(g: EstadisticasGenerales): Fila[] {
  const turnos = new Map(g.horario_auditores.map((h) => [h.auditor, h]));
  return g.estadisticas.map((e) => {
    const t = turnos.get(e.auditor);
    return { ...e, turno: t ? `${formatShiftTime(t.inicio_turno)} a ${formatShiftTime(t.fin_turno)}` : "Sin turno" };
  });
}

function TiemposReport(props: { filas: Fila[]; details: string[] }) {
  const { filas } = props;
  const empty = "No hay auditorías en el período.";
  const auditores = filas.filter((f) => f.auditor !== EQUIPO);
  return (
    <ReportDocument title={TIEMPOS_TITLE} details={props.details} extraCss={EXTRA_CSS}>
      <ReportTable title="Tabla General" columns={GENERAL} rows={filas} rowKey={(r) => r.auditor} empty={empty} />
      {auditores.length > 0 && (
        <Torta datos={auditores.map((f) => ({ id: f.auditor, value: f.datos.cantidad_autorizaciones }))} />
      )}
      <ReportTable
        title="Info por Auditor"
        columns={POR_AUDITOR}
        rows={filas}
        rowKey={(r) => r.auditor}
        empty={empty}
      />
      <p className="note">
        Tiempos desde la carga hasta la auditoría. Inicio y cierre: primera auditoría más tardía y última más temprana
        de un día del período, frente al turno. «-»: la métrica no existe para esa fila.
      </p>
    </ReportDocument>
  );
}

/** The PDF's HTML (for the tests and the bench's anchor). */
export async function tiemposAuditoriaHtml(f: Periodo, meta: ReportMeta): Promise<string> {
  return listReportHtml(await tiemposReport(f, meta));
}

async function tiemposReport(f: Periodo, meta: ReportMeta) {
  const { value, datosAl } = required(await estadisticasGenerales({ ...f, auditor: null }));
  return <TiemposReport filas={filasDe(value)} details={reportDetails(f, datosAl, meta)} />;
}

/** The PDF of the period's audit times (Request-independent: the route and the scheduled reports call it). */
export async function tiemposAuditoriaPdf(f: Periodo, meta: ReportMeta, who: PdfRequester): Promise<Uint8Array> {
  return withPdfAdmission(who, "report", async () => printReport(await tiemposReport(f, meta)));
}

/** The route's export: the PDF (in the admission's report lane: PdfBusyError when refused) and its audit entry. */
export async function exportTiemposAuditoria(user: Printer, f: Periodo, request?: Request): Promise<Uint8Array> {
  const pdf = await tiemposAuditoriaPdf(f, { impresoPor: impresoPor(user) }, pdfRequester(user, request));
  await audit(await getDb(), user, {
    accion: "tiempos_auditoria.exportar",
    entidad: "estadisticas",
    detalle: { ...f, via: "pdf" },
  });
  return pdf;
}

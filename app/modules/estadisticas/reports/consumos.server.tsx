// 'Exportar a PDF' of both tabs of 'OSEP / Consulta de Consumos de Prestadores' (issue 29,
// docs/decisions/057-statistics-pdfs.md): 'Consumos por Efector' (the efector's practices with their counts and a
// total row; with the consumed authorisations of one practice when one is chosen, as on screen) and 'Ranking de
// Consumos'; 'Datos al …', the period and who printed it; A4 landscape, 'Página X de Y', headers on every page.
// consumosEfectorPdf / rankingConsumosPdf are what the scheduled reports call too (no request, no audit); the
// export* functions are the route's: the same PDF and the audit entry ('consumos.exportar').
import { listReportHtml, type ListReportColumn } from "~reporting/render/list-report";
import { withPdfAdmission, type PdfRequester } from "~reporting/render/pdf-admission";
import { ReportDocument, ReportTable } from "~reporting/render/report-document";
import { getDb } from "~db/client.server";
import { audit } from "~/lib/audit.server";
import { formatDateAR } from "~/lib/dates";
import { formatPesos } from "~/lib/money";
import { formatCount } from "~/lib/numbers";
import {
  consumosEfector,
  listadoConsumos,
  rankingConsumos,
  type AutorizacionConsumida,
  type ConsumoPractica,
  type RankingConsumo,
} from "~/modules/estadisticas/consumos.server";
import { efectorByCodigo } from "~/modules/estadisticas/efectores.server";
import { formatCoseguro } from "~/modules/estadisticas/rules";
import {
  impresoPor,
  pdfRequester,
  printReport,
  reportDetails,
  required,
  type Printer,
  type ReportMeta,
} from "~/modules/reporting/report-print.server";

export const CONSUMOS_TITLE = "OSEP / Consulta de Consumos de Prestadores";
export const CONSUMOS_FILENAME = { efector: "consumos-efector.pdf", ranking: "ranking-consumos.pdf" } as const;

type Periodo = { fecha_desde: string; fecha_hasta: string };
/** The 'Consumos por Efector' filter; `practica` (and optionally its `subitem`) adds that practice's authorisations. */
export type ConsumosEfectorFiltro = Periodo & {
  codigo_efector: string;
  practica?: string | null;
  subitem?: string | null;
};

const practicaLabel = (r: { practica: string; subitem: string }) =>
  r.subitem ? `${r.practica} / ${r.subitem}` : r.practica;

const PRACTICAS: ListReportColumn<ConsumoPractica>[] = [
  { header: "Práctica", cell: practicaLabel },
  { header: "Descripción", cell: (r) => r.descpractica },
  { header: "Cantidad", cell: (r) => formatCount(r.cant_practica), numeric: true },
  { header: "Autorizaciones", cell: (r) => formatCount(r.cant_autorizaciones), numeric: true },
];

/** 'YYYY-MM-DD HH:MM:SS' → 'dd/mm/yyyy HH:MM' (as the screen's list). */
function fechaHoraAR(fechahora: string): string {
  const [fecha, hora] = fechahora.split(" ");
  return hora ? `${formatDateAR(fecha)} ${hora.slice(0, 5)}` : formatDateAR(fecha);
}

const AUTORIZACIONES: ListReportColumn<AutorizacionConsumida>[] = [
  { header: "N° Autorización", cell: (r) => r.nroautorizacion, numeric: true },
  { header: "N° Afiliado", cell: (r) => r.nroafiliado ?? "" },
  { header: "Afiliado", cell: (r) => r.nombreafiliado ?? "" },
  { header: "Fecha y Hora", cell: (r) => fechaHoraAR(r.fechahora) },
  { header: "Cantidad", cell: (r) => formatCount(r.cantidad), numeric: true },
  { header: "Coseguro", cell: (r) => formatCoseguro(r.coseguro), numeric: true },
  { header: "Modalidad", cell: (r) => r.modalidad },
  { header: "Entidad", cell: (r) => r.entidad ?? "" },
];

const RANKING: ListReportColumn<RankingConsumo>[] = [
  { header: "Posición", cell: (r) => r.posicion, numeric: true },
  { header: "Código", cell: (r) => r.codigo },
  { header: "Efector", cell: (r) => r.nommedefector ?? "" },
  { header: "Matrícula", cell: (r) => r.matmedefector ?? "" },
  { header: "Prácticas", cell: (r) => formatCount(r.cant_practicas), numeric: true },
  { header: "Autorizaciones", cell: (r) => formatCount(r.cant_autorizaciones), numeric: true },
  { header: "Coseguro", cell: (r) => formatPesos(r.total_coseguro), numeric: true },
  { header: "Importe (honorarios + gastos)", cell: (r) => formatPesos(r.total_importe), numeric: true },
];

const SIN_RESULTADO = "La búsqueda no ha encontrado ningún resultado";

type Listado = { titulo: string; rows: AutorizacionConsumida[]; truncado: boolean };

async function listadoDe(f: ConsumosEfectorFiltro, practicas: ConsumoPractica[]): Promise<Listado | null> {
  if (!f.practica) return null;
  const l = required(await listadoConsumos({ ...f, practica: f.practica, subitem: f.subitem ?? undefined }));
  const row = practicas.find((x) => x.practica === f.practica && (f.subitem == null || x.subitem === f.subitem));
  const titulo = `Autorizaciones - ${f.practica}${f.subitem ? ` / ${f.subitem}` : ""} ${row?.descpractica ?? ""}`;
  return { titulo: titulo.trim(), ...l.value };
}

async function efectorReport(f: ConsumosEfectorFiltro, meta: ReportMeta) {
  const { value: practicas, datosAl } = required(await consumosEfector(f));
  const efector = await efectorByCodigo(f.codigo_efector);
  const listado = await listadoDe(f, practicas);
  const quien = `Efector ${f.codigo_efector}${efector?.nommedefector ? ` - ${efector.nommedefector}` : ""}`;
  const cells = {
    Práctica: "Total",
    Cantidad: formatCount(practicas.reduce((s, r) => s + r.cant_practica, 0)),
    Autorizaciones: formatCount(practicas.reduce((s, r) => s + r.cant_autorizaciones, 0)),
  };
  return (
    <ReportDocument
      title={`${CONSUMOS_TITLE} - Consumos por Efector`}
      details={reportDetails(f, datosAl, meta, [quien])}
    >
      <ReportTable
        title="Prácticas consumidas"
        columns={PRACTICAS}
        rows={practicas}
        rowKey={(r) => `${r.practica}/${r.subitem}`}
        empty={SIN_RESULTADO}
        totals={[{ key: "total", className: "total", cells }]}
      />
      {listado && (
        <>
          <ReportTable
            title={listado.titulo}
            columns={AUTORIZACIONES}
            rows={listado.rows}
            rowKey={(r) => r.nroautorizacion}
            empty={SIN_RESULTADO}
          />
          <p className="note">
            {listado.truncado
              ? `Se muestran las primeras ${formatCount(listado.rows.length)} autorizaciones; acote el período.`
              : `${formatCount(listado.rows.length)} autorizaciones`}
          </p>
        </>
      )}
    </ReportDocument>
  );
}

async function rankingReport(f: Periodo, meta: ReportMeta) {
  const { value: rows, datosAl } = required(await rankingConsumos(f));
  return (
    <ReportDocument title={`${CONSUMOS_TITLE} - Ranking de Consumos`} details={reportDetails(f, datosAl, meta)}>
      <ReportTable
        title="Ranking de consumos por efector"
        columns={RANKING}
        rows={rows}
        rowKey={(r) => r.codigo}
        empty={SIN_RESULTADO}
      />
    </ReportDocument>
  );
}

/** The HTML of either PDF (for the tests). */
export async function consumosHtml(
  tab: "efector" | "ranking",
  f: ConsumosEfectorFiltro,
  meta: ReportMeta,
): Promise<string> {
  return listReportHtml(tab === "efector" ? await efectorReport(f, meta) : await rankingReport(f, meta));
}

/**
 * 'Consumos por Efector' as PDF for `who` (Request-independent: the route and the scheduled reports call it), in the
 * admission's report lane. Bounded by its queries: the efector's practices, and at most MAX_LISTADO_CONSUMOS
 * authorisations of a chosen practice.
 */
export async function consumosEfectorPdf(
  f: ConsumosEfectorFiltro,
  meta: ReportMeta,
  who: PdfRequester,
): Promise<Uint8Array> {
  return withPdfAdmission(who, "report", async () => printReport(await efectorReport(f, meta)));
}

/** 'Ranking de Consumos' as PDF for `who` (at most MAX_RANKING_CONSUMOS rows), in the admission's report lane. */
export async function rankingConsumosPdf(f: Periodo, meta: ReportMeta, who: PdfRequester): Promise<Uint8Array> {
  return withPdfAdmission(who, "report", async () => printReport(await rankingReport(f, meta)));
}

/** The route's export of either tab: the PDF (PdfBusyError when refused) and its audit entry. */
export async function exportConsumos(
  user: Printer,
  tab: "efector" | "ranking",
  f: ConsumosEfectorFiltro | Periodo,
  request?: Request,
): Promise<Uint8Array> {
  const meta = { impresoPor: impresoPor(user) };
  const who = pdfRequester(user, request);
  const pdf =
    tab === "efector"
      ? await consumosEfectorPdf(f as ConsumosEfectorFiltro, meta, who)
      : await rankingConsumosPdf(f, meta, who);
  await audit(await getDb(), user, {
    accion: "consumos.exportar",
    entidad: "estadisticas",
    detalle: { tab, ...f, via: "pdf" },
  });
  return pdf;
}

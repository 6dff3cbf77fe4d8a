// 'Exportar a PDF' of both tabs of 'OSEP / Consulta de Consumos de Prestadores' (issue 29,
// docs/decisions/057-statistics-pdfs.md): 'Consumos por Efector' (the efector's practices with their counts and a
// total row; with the consumed authorisations of one practice when one is chosen, as on screen) and 'Ranking de
// Consumos'; 'Datos al …', the period and who printed it; A4 landscape, 'Página X de Y', headers on every page.
// consumosEfectorPdf / rankingConsumosPdf are what the scheduled reports call too (no request, no audit); the
// export* functions are the route's: the same PDF and the audit entry ('consumos.exportar').
import { listReportHtml } from "~reporting/render/list-report";
import { withPdfAdmission, type PdfRequester } from "~reporting/render/pdf-admission";
import { ReportDocument, ReportTable } from "~reporting/render/report-document";
import { getDb } from "~db/client.server";
import { audit } from "~/lib/audit.server";
import { formatCount } from "~/lib/numbers";
import {
  consumosEfector,
  listadoConsumos,
  rankingConsumos,
  type AutorizacionConsumida,
  type ConsumoPractica,
} from "~/modules/estadisticas/consumos.server";
import { efectorByCodigo } from "~/modules/estadisticas/efectores.server";
import { AUTORIZACIONES, PRACTICAS, RANKING } from "~/modules/estadisticas/reports/consumos.columns";
import { printColumns, rowsAsShown } from "~/modules/reporting/report-columns";
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

const SIN_RESULTADO = "La búsqueda no ha encontrado ningún resultado";

type Listado = { titulo: string; rows: AutorizacionConsumida[]; truncado: boolean };

async function listadoDe(f: ConsumosEfectorFiltro, practicas: ConsumoPractica[]): Promise<Listado | null> {
  if (!f.practica) return null;
  const l = required(await listadoConsumos({ ...f, practica: f.practica, subitem: f.subitem ?? undefined }));
  const row = practicas.find((x) => x.practica === f.practica && (f.subitem == null || x.subitem === f.subitem));
  const titulo = `Autorizaciones - ${f.practica}${f.subitem ? ` / ${f.subitem}` : ""} ${row?.descpractica ?? ""}`;
  return { titulo: titulo.trim(), ...l.value };
}

async function efectorReport(f: ConsumosEfectorFiltro, meta: ReportMeta, search: string) {
  const { value: todas, datosAl } = required(await consumosEfector(f));
  const efector = await efectorByCodigo(f.codigo_efector);
  const listado = await listadoDe(f, todas);
  const practicas = rowsAsShown(PRACTICAS, todas, search);
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
        title={PRACTICAS.title}
        columns={printColumns(PRACTICAS.columns)}
        rows={practicas}
        rowKey={PRACTICAS.rowKey}
        empty={SIN_RESULTADO}
        totals={[{ key: "total", className: "total", cells }]}
      />
      {listado && (
        <>
          <ReportTable
            title={listado.titulo}
            columns={printColumns(AUTORIZACIONES.columns)}
            rows={rowsAsShown(AUTORIZACIONES, listado.rows, search)}
            rowKey={AUTORIZACIONES.rowKey}
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

async function rankingReport(f: Periodo, meta: ReportMeta, search: string) {
  const { value: rows, datosAl } = required(await rankingConsumos(f));
  return (
    <ReportDocument title={`${CONSUMOS_TITLE} - Ranking de Consumos`} details={reportDetails(f, datosAl, meta)}>
      <ReportTable
        title={RANKING.title}
        columns={printColumns(RANKING.columns)}
        rows={rowsAsShown(RANKING, rows, search)}
        rowKey={RANKING.rowKey}
        empty={SIN_RESULTADO}
      />
    </ReportDocument>
  );
}

/** The HTML of either PDF (for the tests); `search`: the screen's table state (order, filter). */
export async function consumosHtml(
  tab: "efector" | "ranking",
  f: ConsumosEfectorFiltro,
  meta: ReportMeta,
  search = "",
): Promise<string> {
  return listReportHtml(
    tab === "efector" ? await efectorReport(f, meta, search) : await rankingReport(f, meta, search),
  );
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
  search = "",
): Promise<Uint8Array> {
  return withPdfAdmission(who, "report", async () => printReport(await efectorReport(f, meta, search)));
}

/** 'Ranking de Consumos' as PDF for `who` (at most MAX_RANKING_CONSUMOS rows), in the admission's report lane. */
export async function rankingConsumosPdf(
  f: Periodo,
  meta: ReportMeta,
  who: PdfRequester,
  search = "",
): Promise<Uint8Array> {
  return withPdfAdmission(who, "report", async () => printReport(await rankingReport(f, meta, search)));
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
  const search = request ? new URL(request.url).search : "";
  const pdf =
    tab === "efector"
      ? await consumosEfectorPdf(f as ConsumosEfectorFiltro, meta, who, search)
      : await rankingConsumosPdf(f, meta, who, search);
  await audit(await getDb(), user, {
    accion: "consumos.exportar",
    entidad: "estadisticas",
    detalle: { tab, ...f, via: "pdf" },
  });
  return pdf;
}

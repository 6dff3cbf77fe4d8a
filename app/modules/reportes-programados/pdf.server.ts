// The PDFs of the scheduled reports: the one dispatch from a report to its PDF function (docs/decisions/058). The
// functions are the statistics screens' own 'Exportar a PDF' (issue 29), written in another branch; until they are
// merged each one below answers Error('PDF pendiente'), which a run records as its error. At the merge the four
// placeholders are replaced by imports of the same names:
//   tiemposAuditoriaPdf            ~/modules/estadisticas/reports/tiempos-auditoria.server
//   consumosEfectorPdf, rankingConsumosPdf   ~/modules/estadisticas/reports/consumos.server
//   preliquidacionPdf              ~/modules/prestadores/preliquidacion-report.server
import type { Reporte } from "./rules";

type PdfMeta = { impresoPor: string };
type Periodo = { fecha_desde: string; fecha_hasta: string };

const pendiente = async (): Promise<Uint8Array> => {
  throw new Error("PDF pendiente");
};
const tiemposAuditoriaPdf: (f: Periodo, meta: PdfMeta) => Promise<Uint8Array> = pendiente;
const consumosEfectorPdf: (
  f: Periodo & { codigo_efector: string; practica?: string },
  meta: PdfMeta,
) => Promise<Uint8Array> = pendiente;
const rankingConsumosPdf: (f: Periodo, meta: PdfMeta) => Promise<Uint8Array> = pendiente;
const preliquidacionPdf: (f: Periodo & { responsable: string }, meta: PdfMeta) => Promise<Uint8Array> = pendiente;

/** The PDF of `reporte` for the period and its filter (the responsable, the efector's code). */
export function reportePdf(
  reporte: Reporte,
  f: Periodo & { responsable: string; codigo_efector: string },
  meta: PdfMeta,
): Promise<Uint8Array> {
  const periodo = { fecha_desde: f.fecha_desde, fecha_hasta: f.fecha_hasta };
  switch (reporte) {
    case "tiempos-auditoria":
      return tiemposAuditoriaPdf(periodo, meta);
    case "consumos-prestadores":
      return consumosEfectorPdf({ ...periodo, codigo_efector: f.codigo_efector }, meta);
    case "ranking-consumos":
      return rankingConsumosPdf(periodo, meta);
    case "preliquidacion":
      return preliquidacionPdf({ ...periodo, responsable: f.responsable }, meta);
  }
}

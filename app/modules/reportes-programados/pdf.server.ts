// The PDFs of the scheduled reports: the one dispatch from a report to its PDF function (docs/decisions/058), the
// statistics screens' own 'Exportar a PDF' (ADR 057). The run has already checked the schedule's filter (the
// responsable, the efector); the file is audited when it is downloaded. A run prints as the system: it waits its
// turn in the PDF admission's report lane, never refused as busy; a pre-settlement too long for a PDF fails with
// its Spanish reason (docs/decisions/061-pdf-admission.md).
import { consumosEfectorPdf, rankingConsumosPdf } from "~/modules/estadisticas/reports/consumos.server";
import { tiemposAuditoriaPdf } from "~/modules/estadisticas/reports/tiempos-auditoria.server";
import { preliquidacionPdf } from "~/modules/prestadores/preliquidacion-report.server";
import { PDF_SYSTEM } from "~reporting/render/pdf-admission";
import type { Reporte } from "./rules";

type PdfMeta = { impresoPor: string };
type Periodo = { fecha_desde: string; fecha_hasta: string };

/** The PDF of `reporte` for the period and its filter (the responsable, the efector's code). */
export function reportePdf(
  reporte: Reporte,
  f: Periodo & { responsable: string; codigo_efector: string },
  meta: PdfMeta,
): Promise<Uint8Array> {
  const periodo = { fecha_desde: f.fecha_desde, fecha_hasta: f.fecha_hasta };
  switch (reporte) {
    case "tiempos-auditoria":
      return tiemposAuditoriaPdf(periodo, meta, PDF_SYSTEM);
    case "consumos-prestadores":
      return consumosEfectorPdf({ ...periodo, codigo_efector: f.codigo_efector }, meta, PDF_SYSTEM);
    case "ranking-consumos":
      return rankingConsumosPdf(periodo, meta, PDF_SYSTEM);
    case "preliquidacion":
      return preliquidacionPdf({ ...periodo, responsable: f.responsable }, meta, PDF_SYSTEM);
  }
}

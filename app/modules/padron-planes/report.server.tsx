// The Padrón de Planes PDF (spec part 1 §2: A3 landscape, report.pdf): the filter, the total, 'Datos al …' of the
// snapshot, and the rows (name, DNI, member number, status, start, end, age, locality, agreement); red text for
// inactive members or ended enrolments; the header row repeats on every page (thead). Static HTML with inline CSS,
// printed by the shared Chromium (the page is reporting's ListReport). Bounded to PDF_MAX_ROWS by the module (planesReportData).
import { ListReport, listReportPdf } from "~reporting/render/list-report";
import { printColumns } from "~/modules/reporting/report-columns";
import { PLANES } from "./planes.columns";
import type { PlanesReportData } from "./padron-planes.server";
import { enrolmentRowIsRed } from "./rules";

export const REPORT_TITLE = "Buscar Afiliados Enrolados";
const REPORT_FILENAME = "report.pdf";

/** Red text for inactive members or ended enrolments (the row class "rojo"). */
const EXTRA_CSS = "tr.rojo td { color: #b00020; }";

function filterText({ filter, cobertura }: PlanesReportData): string {
  const parts = [`Cobertura: ${cobertura}`];
  if (filter.afi_dni) parts.push(`DNI: ${filter.afi_dni}`);
  if (filter.apellido) parts.push(`Apellido: ${filter.apellido}`);
  if (filter.nombre) parts.push(`Nombre: ${filter.nombre}`);
  if (filter.ver_solo_afi_inactivo) parts.push("Afiliados Inactivos");
  if (filter.ver_solo_enrolamiento_vencido) parts.push("Enrolamientos Vencidos");
  if (filter.ver_solo_enrolamiento_activo) parts.push("Enrolamientos Activos");
  if (filter.ver_afiliados_en_convenio) parts.push("Afiliados en Convenio de Reciprocidad");
  return parts.join(" — ");
}

/** The screen's columns and the printed ones besides (ADR 072). */
const COLUMNS = printColumns(PLANES.columns);

function PlanesReport(props: PlanesReportData) {
  const { rows, total, datos_al, generatedAt } = props;
  return (
    <ListReport
      title={REPORT_TITLE}
      extraCss={EXTRA_CSS}
      meta={
        <>
          {filterText(props)} — {total} enrolamientos — Datos al {datos_al} — Emitido: {generatedAt}
        </>
      }
      columns={COLUMNS}
      rows={rows}
      rowKey={(r) => r.idenrolamiento}
      rowClassName={(r) => (enrolmentRowIsRed(r) ? "rojo" : undefined)}
      empty="La búsqueda no ha encontrado ningún resultado"
    />
  );
}

/** The PDF download (report.pdf, A3 landscape, 'Página X de Y' as the other report PDFs). */
export function planesPdf(props: PlanesReportData): Promise<Response> {
  return listReportPdf(<PlanesReport {...props} />, { format: "A3", filename: REPORT_FILENAME, pageNumbers: true });
}

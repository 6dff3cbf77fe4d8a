// 'CAPA Covid' PDF of /listado-capa (spec part 2 §9): A3 landscape, columns name, DNI, age, positive date,
// locality, vaccination scheme, downloaded as report.pdf; the header row repeats on every page (thead). Static
// HTML with inline CSS, printed by the shared Chromium (the page is reporting's ListReport).
import { ListReport, listReportHtml, listReportPdf, type ListReportColumn } from "~reporting/render/list-report";
import { formatDateAR, formatDateTimeAR } from "~/lib/dates";
import type { CapaFilter } from "./capa.schema";
import type { FichaCapaExport } from "./capa.server";

export const REPORT_TITLE = "CAPA Covid";
const REPORT_FILENAME = "report.pdf";

export type CapaReportProps = {
  fichas: FichaCapaExport[];
  filter: CapaFilter;
  total: number;
  limited: boolean;
  generatedAt: string;
};

const COLUMNS: ListReportColumn<FichaCapaExport>[] = [
  { header: "APELLIDO Y NOMBRE", cell: (f) => f.afi_nombre ?? "" },
  { header: "DNI", cell: (f) => f.afi_dni },
  { header: "EDAD", cell: (f) => f.afi_edad ?? "", numeric: true },
  { header: "FECHA POSITIVO", cell: (f) => formatDateAR(f.fecha_positivo) },
  { header: "LOCALIDAD", cell: (f) => f.afi_localidad },
  { header: "ESQUEMA DE VACUNACIÓN", cell: (f) => f.esquema_vacunacion },
];

function CapaReport({ fichas, filter, total, limited, generatedAt }: CapaReportProps) {
  return (
    <ListReport
      title={REPORT_TITLE}
      cssFontSize={11}
      meta={
        <>
          Registros del {formatDateAR(filter.fecha_desde)} al {formatDateAR(filter.fecha_hasta)} — {total} registros
          {limited ? ` (los primeros ${fichas.length})` : ""} — Emitido: {formatDateTimeAR(generatedAt)}
        </>
      }
      columns={COLUMNS}
      rows={fichas}
      rowKey={(f) => f.id}
      empty="La búsqueda no ha encontrado ningún resultado"
    />
  );
}

export function capaReportHtml(props: CapaReportProps): string {
  return listReportHtml(<CapaReport {...props} />);
}

/** The PDF download (report.pdf, A3 landscape). */
export function capaPdf(props: CapaReportProps): Promise<Response> {
  return listReportPdf(<CapaReport {...props} />, { format: "A3", filename: REPORT_FILENAME });
}

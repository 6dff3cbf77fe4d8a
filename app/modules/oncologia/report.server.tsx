// 'Listado de Fichas' PDF (spec part 1 §2 Exportar a PDF, operation 3): A4 landscape, columns name, DNI, organ, case
// number, date, status; the header row repeats on every page (thead). Static HTML with inline CSS, printed by the
// shared Chromium (the page is reporting's ListReport). `fichasReport` gathers the rows and writes the export's audit record.
import { ListReport, listReportHtml, listReportPdf, type ListReportColumn } from "~reporting/render/list-report";
import { formatDateAR, formatDateTimeAR } from "~/lib/dates";
import { getDb } from "~db/client.server";
import { audit, type AuditActor } from "~/lib/audit.server";
import { listOrganos } from "./catalogos.server";
import { FICHAS_LIMIT, searchFichas, type FichaListRow } from "./fichas.server";
import type { FichaFilter } from "./fichas.schema";

const REPORT_TITLE = "Listado de Fichas";
const REPORT_FILENAME = "report.pdf";

export type ReportProps = {
  rows: FichaListRow[];
  filter: FichaFilter;
  organo: string;
  generatedAt: string;
  limited: boolean;
};

/** The report of a Buscar Ficha filter (the same search as the screen), audited as 'fichas.listado.exportar'. */
export async function fichasReport(actor: AuditActor, filter: FichaFilter): Promise<ReportProps> {
  const [rows, organos] = await Promise.all([searchFichas(filter), listOrganos()]);
  const organo =
    filter.organoId === -1
      ? "TODOS"
      : (organos.find((o) => o.id === filter.organoId)?.descripcion ?? String(filter.organoId));
  await audit(await getDb(), actor, {
    accion: "fichas.listado.exportar",
    entidad: "ficha",
    detalle: { ...filter, filas: rows.length },
  });
  return { rows, filter, organo, generatedAt: new Date().toISOString(), limited: rows.length >= FICHAS_LIMIT };
}

function filterText({ filter, organo }: ReportProps): string {
  const parts = [`Estado: ${filter.estado_ficha}`, `Organo: ${organo}`];
  if (filter.afi_dni) parts.push(`DNI: ${filter.afi_dni}`);
  if (filter.fecha_desde) parts.push(`Desde: ${formatDateAR(filter.fecha_desde)}`);
  if (filter.fecha_hasta) parts.push(`Hasta: ${formatDateAR(filter.fecha_hasta)}`);
  return parts.join(" — ");
}

const COLUMNS: ListReportColumn<FichaListRow>[] = [
  { header: "APELLIDO Y NOMBRE", cell: (r) => r.afi_nombre },
  { header: "DNI", cell: (r) => r.afi_dni },
  { header: "ORGANO", cell: (r) => r.organo ?? "" },
  { header: "FICHA", cell: (r) => r.nro_ficha, numeric: true },
  { header: "FECHA", cell: (r) => formatDateAR(r.fecha) },
  { header: "ESTADO", cell: (r) => r.estado_ficha },
];

function ListadoFichasReport(props: ReportProps) {
  const { rows, generatedAt, limited } = props;
  return (
    <ListReport
      title={REPORT_TITLE}
      meta={
        <>
          {filterText(props)} — {rows.length} fichas{limited ? " (primeras; refine los filtros)" : ""} — Emitido:{" "}
          {formatDateTimeAR(generatedAt)}
        </>
      }
      columns={COLUMNS}
      rows={rows}
      rowKey={(r) => r.id}
      empty="La búsqueda no ha encontrado ningún resultado"
    />
  );
}

export function listadoFichasHtml(props: ReportProps): string {
  return listReportHtml(<ListadoFichasReport {...props} />);
}

/** The PDF download (report.pdf, A4 landscape). */
export function listadoFichasPdf(props: ReportProps): Promise<Response> {
  return listReportPdf(<ListadoFichasReport {...props} />, { format: "A4", filename: REPORT_FILENAME });
}

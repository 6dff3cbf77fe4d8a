// 'Listado de Fichas' PDF (spec part 1 §2 Exportar a PDF, operation 3): A4 landscape, columns name, DNI, organ, case
// number, date, status; the header row repeats on every page (thead). Static HTML with inline CSS, printed by the
// shared Chromium. `fichasReport` gathers the rows and writes the export's audit record.
import { renderToStaticMarkup } from "react-dom/server";
import { listReportCss } from "~reporting/render/list-report-css";
import { htmlToPdf, pdfResponse } from "~reporting/render/pdf";
import { formatDateAR, formatDateTimeAR } from "~/lib/dates";
import { getDb } from "~db/client.server";
import { audit, type AuditActor } from "~/modules/audit-log/audit.server";
import { listOrganos } from "./catalogos.server";
import { FICHAS_LIMIT, searchFichas, type FichaListRow } from "./fichas.server";
import type { FichaFilter } from "./fichas.schema";

export const REPORT_TITLE = "Listado de Fichas";
export const REPORT_FILENAME = "report.pdf";

const CSS = listReportCss(10);

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

export function ListadoFichasReport(props: ReportProps) {
  const { rows, generatedAt, limited } = props;
  return (
    <html lang="es-AR">
      <head>
        <meta charSet="utf-8" />
        <title>{REPORT_TITLE}</title>
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
      </head>
      <body>
        <h1>{REPORT_TITLE}</h1>
        <p className="meta">
          {filterText(props)} — {rows.length} fichas{limited ? " (primeras; refine los filtros)" : ""} — Emitido:{" "}
          {formatDateTimeAR(generatedAt)}
        </p>
        <table>
          <thead>
            <tr>
              <th>APELLIDO Y NOMBRE</th>
              <th>DNI</th>
              <th>ORGANO</th>
              <th className="num">FICHA</th>
              <th>FECHA</th>
              <th>ESTADO</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td className="empty" colSpan={6}>
                  La búsqueda no ha encontrado ningún resultado
                </td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.id}>
                  <td>{r.afi_nombre}</td>
                  <td>{r.afi_dni}</td>
                  <td>{r.organo ?? ""}</td>
                  <td className="num">{r.nro_ficha}</td>
                  <td>{formatDateAR(r.fecha)}</td>
                  <td>{r.estado_ficha}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function listadoFichasHtml(props: ReportProps): string {
  return "<!doctype html>" + renderToStaticMarkup(<ListadoFichasReport {...props} />);
}

/** The PDF download (report.pdf, A4 landscape). */
export async function listadoFichasPdf(props: ReportProps): Promise<Response> {
  const pdf = await htmlToPdf(listadoFichasHtml(props), { format: "A4", landscape: true, margin: "10mm" });
  return pdfResponse(pdf, REPORT_FILENAME);
}

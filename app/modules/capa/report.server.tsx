// 'CAPA Covid' PDF of /listado-capa (spec part 2 §9): A3 landscape, columns name, DNI, age, positive date,
// locality, vaccination scheme, downloaded as report.pdf; the header row repeats on every page (thead). Static
// HTML with inline CSS, printed by the shared Chromium.
import { renderToStaticMarkup } from "react-dom/server";
import { listReportCss } from "~reporting/render/list-report-css";
import { htmlToPdf, pdfResponse } from "~reporting/render/pdf";
import { formatDateAR, formatDateTimeAR } from "~/lib/dates";
import type { CapaFilter } from "./capa.schema";
import type { FichaCapaExport } from "./capa.server";

export const REPORT_TITLE = "CAPA Covid";
export const REPORT_FILENAME = "report.pdf";

const CSS = listReportCss(11);

export type CapaReportProps = {
  fichas: FichaCapaExport[];
  filter: CapaFilter;
  total: number;
  limited: boolean;
  generatedAt: string;
};

export function CapaReport({ fichas, filter, total, limited, generatedAt }: CapaReportProps) {
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
          Registros del {formatDateAR(filter.fecha_desde)} al {formatDateAR(filter.fecha_hasta)} — {total} registros
          {limited ? ` (los primeros ${fichas.length})` : ""} — Emitido: {formatDateTimeAR(generatedAt)}
        </p>
        <table>
          <thead>
            <tr>
              <th>APELLIDO Y NOMBRE</th>
              <th>DNI</th>
              <th className="num">EDAD</th>
              <th>FECHA POSITIVO</th>
              <th>LOCALIDAD</th>
              <th>ESQUEMA DE VACUNACIÓN</th>
            </tr>
          </thead>
          <tbody>
            {fichas.length === 0 ? (
              <tr>
                <td className="empty" colSpan={6}>
                  La búsqueda no ha encontrado ningún resultado
                </td>
              </tr>
            ) : (
              fichas.map((f) => (
                <tr key={f.id}>
                  <td>{f.afi_nombre ?? ""}</td>
                  <td>{f.afi_dni}</td>
                  <td className="num">{f.afi_edad ?? ""}</td>
                  <td>{formatDateAR(f.fecha_positivo)}</td>
                  <td>{f.afi_localidad}</td>
                  <td>{f.esquema_vacunacion}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function capaReportHtml(props: CapaReportProps): string {
  return "<!doctype html>" + renderToStaticMarkup(<CapaReport {...props} />);
}

/** The PDF download (report.pdf, A3 landscape). */
export async function capaPdf(props: CapaReportProps): Promise<Response> {
  const pdf = await htmlToPdf(capaReportHtml(props), { format: "A3", landscape: true, margin: "10mm" });
  return pdfResponse(pdf, REPORT_FILENAME);
}

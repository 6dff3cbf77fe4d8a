// 'CAPA Covid' PDF of /listado-capa (spec part 2 §9): A3 landscape, columns name, DNI, age, positive date,
// locality, vaccination scheme, downloaded as report.pdf; the header row repeats on every page (thead). Static
// HTML with inline CSS, printed by the shared Chromium.
import { renderToStaticMarkup } from "react-dom/server";
import { htmlToPdf, pdfResponse } from "~reporting/render/pdf";
import { formatDateAR, formatDateTimeAR } from "~/lib/dates";
import type { CapaFilter } from "./capa.schema";
import type { FichaCapaExport } from "./capa.server";

export const REPORT_TITLE = "CAPA Covid";
export const REPORT_FILENAME = "report.pdf";

const CSS = `
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 11px; color: #1d2733; margin: 0; }
h1 { font-size: 18px; margin: 0 0 4px; }
.meta { margin: 0 0 8px; color: #4f5b66; }
table { width: 100%; border-collapse: collapse; }
thead { display: table-header-group; }
tr { page-break-inside: avoid; break-inside: avoid; }
th { background: #1f4e79; color: #fff; text-align: left; padding: 4px 6px; font-weight: 600; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
td { padding: 3px 6px; border-bottom: 1px solid #d5dbe1; }
tbody tr:nth-child(even) td { background: #f3f6f9; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.num { text-align: right; }
.empty { text-align: center; padding: 16px; color: #4f5b66; }
`;

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

// The Padrón de Planes PDF (spec part 1 §2: A3 landscape, report.pdf): the filter, the total, 'Datos al …' of the
// snapshot, and the rows (name, DNI, member number, status, start, end, age, locality, agreement); red text for
// inactive members or ended enrolments; the header row repeats on every page (thead). Static HTML with inline CSS,
// printed by the shared Chromium. Bounded to PDF_MAX_ROWS by the module (planesReportData).
import { renderToStaticMarkup } from "react-dom/server";
import { listReportCss } from "~reporting/render/list-report-css";
import { htmlToPdf, pdfResponse } from "~reporting/render/pdf";
import { dateOrSinFecha } from "~/modules/afiliados/rules";
import type { PlanesReportData } from "./padron-planes.server";
import { enrolmentRowIsRed, fullName } from "./rules";

export const REPORT_TITLE = "Buscar Afiliados Enrolados";
export const REPORT_FILENAME = "report.pdf";

const CSS = listReportCss(10) + "\ntr.rojo td { color: #b00020; }";

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

export function PlanesReport(props: PlanesReportData) {
  const { rows, total, datos_al, generatedAt } = props;
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
          {filterText(props)} — {total} enrolamientos — Datos al {datos_al} — Emitido: {generatedAt}
        </p>
        <table>
          <thead>
            <tr>
              <th>APELLIDO Y NOMBRE</th>
              <th>DNI</th>
              <th>NRO. AFILIADO</th>
              <th>ESTADO</th>
              <th>INICIO</th>
              <th>FIN</th>
              <th className="num">EDAD</th>
              <th>LOCALIDAD</th>
              <th>CONVENIO</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td className="empty" colSpan={9}>
                  La búsqueda no ha encontrado ningún resultado
                </td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.idenrolamiento} className={enrolmentRowIsRed(r) ? "rojo" : undefined}>
                  <td>{fullName(r)}</td>
                  <td>{r.dni}</td>
                  <td>{r.bagfmnroaf}</td>
                  <td>{r.estado}</td>
                  <td>{dateOrSinFecha(r.enprfecvig)}</td>
                  <td>{dateOrSinFecha(r.enprfecbaj)}</td>
                  <td className="num">{r.edad ?? ""}</td>
                  <td>{r.localidad ?? ""}</td>
                  <td>{r.tipoconvenio ?? ""}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function planesReportHtml(props: PlanesReportData): string {
  return "<!doctype html>" + renderToStaticMarkup(<PlanesReport {...props} />);
}

/** The PDF download (report.pdf, A3 landscape). */
export async function planesPdf(props: PlanesReportData): Promise<Response> {
  const pdf = await htmlToPdf(planesReportHtml(props), { format: "A3", landscape: true, margin: "10mm" });
  return pdfResponse(pdf, REPORT_FILENAME);
}

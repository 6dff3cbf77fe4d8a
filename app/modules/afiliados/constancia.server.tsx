// Member status certificate: data (memberStatus, CUIL, issue date and time in the insurer's time zone) → HTML
// (React, server-side) → A5 landscape PDF through the shared Chromium (reporting/render/pdf.ts), in the PDF
// admission's document lane (docs/decisions/061-pdf-admission.md): never behind the reports.
import { renderToStaticMarkup } from "react-dom/server";
import { htmlToPdf, pdfResponse } from "~reporting/render/pdf";
import { pdfFailureResponse, printingFor } from "~/modules/reporting/report-print.server";
import { formatDateTimeAR, todayISO } from "~/lib/dates";
import { Constancia, type ConstanciaData } from "./components/Constancia";
import { cuilText, memberStatus } from "./rules";
import type { Afiliado } from "./rules";

export const CONSTANCIA_FILENAME = "constancia-estado-afiliado.pdf";

type ConstanciaMember = Pick<
  Afiliado,
  | "apeynom"
  | "numdoc"
  | "nroafi"
  | "cuil_prefijo"
  | "cuil_nrocentral"
  | "cuil_dtoverific"
  | "fechbaja"
  | "fechvto"
  | "motbaja"
>;

export function constanciaData(m: ConstanciaMember, now: Date = new Date()): ConstanciaData {
  const status = memberStatus(m, todayISO(now));
  const [fecha, hora] = formatDateTimeAR(now).split(" ");
  return {
    apeynom: m.apeynom,
    numdoc: m.numdoc,
    cuil: cuilText(m, "short"),
    nroafi: m.nroafi,
    estado: status.estado,
    detalle: status.detalle,
    fecha,
    hora,
  };
}

/** The certificate as a complete HTML document. */
export function constanciaHtml(data: ConstanciaData): string {
  const body = renderToStaticMarkup(<Constancia data={data} />);
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Constancia de estado de afiliación</title></head><body>${body}</body></html>`;
}

function constanciaPdf(data: ConstanciaData): Promise<Uint8Array> {
  return htmlToPdf(constanciaHtml(data), { format: "A5", landscape: true, margin: "10mm" });
}

const CONSTANCIA_UNAVAILABLE = "No fue posible generar la constancia. Intente nuevamente más tarde.";

/**
 * The certificate's download for `user`'s request, or its failure answered for the requester: 429 with Retry-After
 * when the user already has PDF_PER_PERSON PDFs in preparation or the document lane's queue is full, 503 with a
 * Spanish message when the PDF browser fails (missing Chromium: says so; crash).
 */
export async function constanciaResponse(
  request: Request,
  user: { id: number },
  m: ConstanciaMember & { idafi: number },
  now: Date = new Date(),
): Promise<{ ok: true; response: Response } | { ok: false; response: Response }> {
  try {
    const pdf = await printingFor(user, request, "document", () => constanciaPdf(constanciaData(m, now)));
    return { ok: true, response: pdfResponse(pdf, CONSTANCIA_FILENAME) };
  } catch (err) {
    const page = { backHref: `/consultar-padron/${m.idafi}`, tag: "constancia", fallback: CONSTANCIA_UNAVAILABLE };
    return { ok: false, response: pdfFailureResponse(request, err, page) };
  }
}

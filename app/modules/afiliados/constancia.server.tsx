// Member status certificate: data (memberStatus, CUIL, issue date and time in the insurer's time zone) → HTML
// (React, server-side) → A5 landscape PDF through the shared Chromium (reporting/render/pdf.ts).
import { renderToStaticMarkup } from "react-dom/server";
import { htmlToPdf, pdfResponse, pdfUnavailableMessage } from "~reporting/render/pdf";
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

/** The certificate's download, or a Spanish message when the PDF browser fails (missing Chromium: says so; crash). */
export async function constanciaResponse(
  m: ConstanciaMember,
  now: Date = new Date(),
): Promise<{ ok: true; response: Response } | { ok: false; msg: string }> {
  try {
    return { ok: true, response: pdfResponse(await constanciaPdf(constanciaData(m, now)), CONSTANCIA_FILENAME) };
  } catch (err) {
    console.error(`[constancia] ${(err as Error).message.split("\n")[0]}`);
    return { ok: false, msg: pdfUnavailableMessage(err) ?? CONSTANCIA_UNAVAILABLE };
  }
}

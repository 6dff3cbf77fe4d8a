// The coverage card PDF: the card component rendered to static HTML, printed by the shared Chromium.
import { renderToStaticMarkup } from "react-dom/server";
import { htmlToPdf, pdfResponse } from "~reporting/render/pdf";
import { todayISO } from "~/lib/dates";
import { CarnetCobertura } from "./components/CarnetCobertura";
import { consultaPublica, type ConsultaOutcome } from "./publico.server";
import { ERROR_TITLE, type ConsultaResultado } from "./consulta.schema";

export const CARNET_FILENAME = "carnet-cobertura.pdf";
export const CARNET_INACTIVE = "El afiliado no se encuentra activo: no es posible emitir el carnet de cobertura.";

export function carnetHtml(data: ConsultaResultado, issuedOn: string): string {
  return "<!doctype html>" + renderToStaticMarkup(<CarnetCobertura data={data} issuedOn={issuedOn} />);
}

export function carnetPdf(data: ConsultaResultado, issuedOn: string): Promise<Uint8Array> {
  return htmlToPdf(carnetHtml(data, issuedOn), { format: "A5", landscape: true, margin: "8mm" });
}

/** How a refusal or failure answers (status, title, message): by default a small Spanish HTML page. */
export type CarnetError = (status: number, title: string, msg: string) => Response;

/** The coverage card for a DNI from the current client address: the PDF, or `fail` (a small Spanish HTML page). */
export async function carnetResponse(
  raw: { dni?: unknown; website?: unknown },
  fail: CarnetError = messagePage,
): Promise<Response> {
  let outcome: ConsultaOutcome;
  try {
    outcome = await consultaPublica(raw);
  } catch (err) {
    console.error(`[carnet-cobertura] ${(err as Error).message}`);
    return fail(503, ERROR_TITLE, "No fue posible emitir el carnet. Intente nuevamente más tarde.");
  }
  if (!outcome.ok)
    return fail(outcome.status, outcome.status === 404 ? "Carnet de Cobertura" : ERROR_TITLE, outcome.msg);
  if (outcome.resultado.afiliado.estado !== "ACTIVO") return fail(422, "Carnet de Cobertura", CARNET_INACTIVE);
  try {
    return pdfResponse(await carnetPdf(outcome.resultado, todayISO()), CARNET_FILENAME);
  } catch (err) {
    console.error(`[carnet-cobertura] ${(err as Error).message}`);
    return fail(503, ERROR_TITLE, "No fue posible generar el PDF del carnet. Intente nuevamente más tarde.");
  }
}

function messagePage(status: number, title: string, msg: string): Response {
  const html = renderToStaticMarkup(
    <html lang="es-AR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ fontFamily: "Arial, sans-serif", maxWidth: 640, margin: "64px auto", padding: "0 24px" }}>
        <h1 style={{ fontSize: 20 }}>{title}</h1>
        <p role="alert">{msg}</p>
        <p>
          <a href="/consulta-coberturas-esp">Volver</a>
        </p>
      </body>
    </html>,
  );
  return new Response("<!doctype html>" + html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

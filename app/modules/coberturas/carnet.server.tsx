// The coverage card PDF: the card component rendered to static HTML, printed by the shared Chromium in the PDF
// admission's document lane (docs/decisions/061-pdf-admission.md), as the client's address when signed out.
import { isDatabaseOutage } from "~/lib/outage.server";
import { errorSummary } from "~/lib/log-safe.server";
import { renderToStaticMarkup } from "react-dom/server";
import { htmlToPdf, pdfResponse } from "~reporting/render/pdf";
import { pdfFailureResponse, printingFor } from "~/modules/reporting/report-print.server";
import { todayISO } from "~/lib/dates";
import { errorResponse } from "~/lib/http.server";
import { CarnetCobertura } from "./components/CarnetCobertura";
import type { SessionUser } from "~/auth/guards.server";
import { consultaInputOf, consultaPublica, type ConsultaOutcome } from "./publico.server";
import { type ConsultaResultado } from "./consulta.schema";
import { ERROR_TITLE } from "~/lib/messages";

const CARNET_FILENAME = "carnet-cobertura.pdf";
const CARNET_INACTIVE = "El afiliado no se encuentra activo: no es posible emitir el carnet de cobertura.";

export function carnetHtml(data: ConsultaResultado, issuedOn: string): string {
  return "<!doctype html>" + renderToStaticMarkup(<CarnetCobertura data={data} issuedOn={issuedOn} />);
}

export function carnetPdf(data: ConsultaResultado, issuedOn: string): Promise<Uint8Array> {
  return htmlToPdf(carnetHtml(data, issuedOn), { format: "A5", landscape: true, margin: "8mm" });
}

/**
 * The coverage card for the DNI of a request (GET ?dni= or the posted form) from the current client address: the
 * PDF, or a refusal (bad DNI, not found, rate limit, inactive, printer busy: 429, failure) answered for the requester: the app's error
 * page for a browser, JSON { msg } for an API client. The card of a signed-in user whose
 * profile holds a member screen is not counted (ADR 026): `user` is the one the route read (getOptionalUser), or null.
 */
export async function carnetResponse(request: Request, user: SessionUser | null): Promise<Response> {
  const fail = (status: number, title: string, msg: string) =>
    errorResponse(request, status, msg, { title, backHref: "/consulta-coberturas-esp" });
  let outcome: ConsultaOutcome;
  try {
    outcome = await consultaPublica(await consultaInputOf(request), { user });
  } catch (err) {
    if (isDatabaseOutage(err)) throw err; // 503 with Retry-After (ADR 045)
    console.error(`[carnet-cobertura] ${errorSummary(err)}`);
    return fail(503, ERROR_TITLE, "No fue posible emitir el carnet. Intente nuevamente más tarde.");
  }
  if (!outcome.ok)
    return fail(outcome.status, outcome.status === 404 ? "Carnet de Cobertura" : ERROR_TITLE, outcome.msg);
  if (outcome.resultado.afiliado.estado !== "ACTIVO") return fail(422, "Carnet de Cobertura", CARNET_INACTIVE);
  const resultado = outcome.resultado;
  try {
    const pdf = await printingFor(user, request, "document", () => carnetPdf(resultado, todayISO()));
    return pdfResponse(pdf, CARNET_FILENAME);
  } catch (err) {
    return pdfFailureResponse(request, err, {
      title: ERROR_TITLE,
      backHref: "/consulta-coberturas-esp",
      tag: "carnet-cobertura",
      fallback: "No fue posible generar el PDF del carnet. Intente nuevamente más tarde.",
    });
  }
}

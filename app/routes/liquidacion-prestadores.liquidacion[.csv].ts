// The 'Excel' download of /liquidacion-prestadores (spec part 2 §9: a CSV file named liquidacion), streamed
// from the reporting snapshot. Guard: the screen plus operation 33 'Exportar preliquidación'. Bad filters send
// a person back to the screen (which shows why); another entity's responsable → 403; no snapshot → 503. Refusals
// answer a browser with the app's error page, an API client (x-auth-token) with JSON { msg }.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload, type SessionUser } from "~/auth/guards.server";
import { apiError, errorResponse, forRequester, prefersHtml } from "~/lib/http.server";
import { liquidacionCsv } from "~/modules/prestadores/liquidacion.server";
import { LiquidacionQuerySchema, SCREEN_PATH } from "~/modules/prestadores/liquidacion.schema";
import { OP } from "~/auth/operations";
import { parseInput, queryOf } from "~/lib/input";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDownload(request, SCREEN_PATH, OP.EXPORTAR_PRELIQUIDACION);
  return forRequester(request, () => exportLiquidacion(request, user), { backHref: SCREEN_PATH });
}

async function exportLiquidacion(request: Request, user: SessionUser): Promise<Response> {
  const url = new URL(request.url);
  const parsed = parseInput(LiquidacionQuerySchema, queryOf(url));
  if (!parsed.ok) {
    if (prefersHtml(request)) throw redirect(`${SCREEN_PATH}${url.search}`);
    throw apiError(400, parsed.msg, parsed.errors);
  }
  const csv = await liquidacionCsv(user, parsed.data, "csv");
  if (!csv.ok) return errorResponse(request, csv.status, csv.msg, { backHref: `${SCREEN_PATH}${url.search}` });
  return csv.response;
}

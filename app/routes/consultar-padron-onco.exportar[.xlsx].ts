// 'Exportar a Excel' of 'Buscar Afiliados Enrolados': the WHOLE filtered list (no bound) streamed from the
// reporting snapshot as XLSX (sheet 'Padrón de Planes'). Guard: the screen plus operation 4 (browser session or
// x-auth-token). A bad filter sends a person back to the screen (which shows why); an unknown coverage is a 422,
// no snapshot a 503; refusals answer a browser with the app's error page, an API client with JSON { msg }.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, errorResponse, forRequester, prefersHtml } from "~/lib/http.server";
import { parseInput, queryOf } from "~/lib/input";
import { planesXlsx } from "~/modules/padron-planes/padron-planes.server";
import { PlanesFilterSchema } from "~/modules/padron-planes/padron-planes.schema";
import { SCREEN_PATH } from "~/modules/padron-planes/rules";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDownload(request, SCREEN_PATH, OP.EXPORTAR_PADRON_PLANES);
  return forRequester(request, () => exportXlsx(request, user), { backHref: SCREEN_PATH });
}

async function exportXlsx(request: Request, user: SessionUser): Promise<Response> {
  const url = new URL(request.url);
  const parsed = parseInput(PlanesFilterSchema, queryOf(url));
  if (!parsed.ok) {
    if (prefersHtml(request)) throw redirect(`${SCREEN_PATH}${url.search}`);
    throw apiError(400, parsed.msg, parsed.errors);
  }
  const r = await planesXlsx(user, parsed.data);
  if (!r.ok) return errorResponse(request, r.status, r.msg, { backHref: `${SCREEN_PATH}${url.search}` });
  return r.response;
}

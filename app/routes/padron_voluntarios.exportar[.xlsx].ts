// 'Exportar a Excel' of /padron_voluntarios (spec part 2 §2): sheet 'Listado Voluntarios' with the family-member and
// holder columns, streamed from the reporting snapshot. Guard: the screen plus operation 25 'Exportar padrón
// voluntarios' (browser session or x-auth-token). A bad filter sends a person back to the screen (which shows why);
// no snapshot → 503. Refusals answer a browser with the app's error page, an API client with JSON { msg }.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload } from "~/auth/guards.server";
import { apiError, errorResponse, forRequester, prefersHtml } from "~/lib/http.server";
import { parseInput, queryOf } from "~/lib/input";
import { exportVoluntarios } from "~/modules/voluntarios/voluntarios.server";
import { SCREEN_PATH, VoluntariosQuerySchema } from "~/modules/voluntarios/voluntarios.schema";
import { OP } from "~/auth/operations";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDownload(request, SCREEN_PATH, OP.EXPORTAR_PADRON_VOLUNTARIOS);
  return forRequester(
    request,
    async () => {
      const url = new URL(request.url);
      const parsed = parseInput(VoluntariosQuerySchema, queryOf(url));
      if (!parsed.ok) {
        if (prefersHtml(request)) throw redirect(`${SCREEN_PATH}${url.search}`);
        throw apiError(400, parsed.msg, parsed.errors);
      }
      const r = await exportVoluntarios(user, parsed.data);
      if (!r.ok) return errorResponse(request, r.status, r.msg, { backHref: `${SCREEN_PATH}${url.search}` });
      return r.response;
    },
    { backHref: SCREEN_PATH },
  );
}

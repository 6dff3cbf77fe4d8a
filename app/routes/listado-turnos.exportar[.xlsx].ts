// Exportar a Excel of 'Consulta de Turnos': the turnos of the screen's search (buscar=dni|fecha, dni or fecha,
// tipo_tramite), as XLSX (sheet 'Turnos'). Guard: the screen (browser session or x-auth-token). A bad or empty
// search sends a person back to the screen (which shows why); an API client gets 400 { msg, errors }.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload } from "~/auth/guards.server";
import { apiError, forRequester, prefersHtml } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { consultaDeQuery, MSG_SIN_BUSQUEDA } from "~/modules/turnos/listado-consulta";
import { recordExportTurnos, turnosXlsxResponse } from "~/modules/turnos/listado-export.server";

const SCREEN = "/listado-turnos";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDownload(request, SCREEN);
  return forRequester(
    request,
    async () => {
      const parsed = consultaDeQuery(queryOf(request)) ?? { ok: false as const, msg: MSG_SIN_BUSQUEDA, errors: [] };
      if (!parsed.ok) {
        if (prefersHtml(request)) throw redirect(`${SCREEN}${new URL(request.url).search}`);
        throw apiError(400, parsed.msg, parsed.errors);
      }
      await recordExportTurnos(user, parsed.data);
      return turnosXlsxResponse(parsed.data);
    },
    { backHref: SCREEN },
  );
}

// Exportar a Excel of 'Listados de afiliados': the whole filtered list streamed as XLSX (sheet 'Afiliados').
// Guard: the screen plus operation 5 (browser session or x-auth-token). A bad filter sends a person back to the
// screen, which shows the errors; refusals answer a browser with the app's error page, an API client with JSON.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload } from "~/auth/guards.server";
import { apiError, forRequester, prefersHtml } from "~/lib/http.server";
import { parseInput, queryOf } from "~/lib/input";
import { ListadoFilterSchema } from "~/modules/afiliados/listado.schema";
import { listadoXlsxResponse } from "~/modules/afiliados/listado.export.server";
import { recordListadoExport } from "~/modules/afiliados/listado.server";
import { OP } from "~/auth/operations";

const SCREEN = "/listado-afiliados";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDownload(request, SCREEN, OP.EXPORTAR_LISTADO_AFILIADOS);
  return forRequester(
    request,
    async () => {
      const parsed = parseInput(ListadoFilterSchema, queryOf(request));
      if (!parsed.ok) {
        // a person goes back to the screen (which shows the errors); an API client gets the first message
        if (prefersHtml(request)) throw redirect(`${SCREEN}${new URL(request.url).search}`);
        throw apiError(400, parsed.msg, parsed.errors);
      }
      await recordListadoExport(user, parsed.data, "xlsx");
      return listadoXlsxResponse(parsed.data);
    },
    { backHref: SCREEN },
  );
}

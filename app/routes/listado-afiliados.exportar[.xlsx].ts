// Exportar a Excel of 'Listados de afiliados': the whole filtered list streamed as XLSX (sheet 'Afiliados').
// Guard: the screen plus operation 5 (browser session or x-auth-token). A bad filter sends a person back to the
// screen, which shows the errors; refusals answer a browser with the app's error page, an API client with JSON.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload } from "~/auth/guards.server";
import { apiError, forRequester, prefersHtml } from "~/lib/http.server";
import { fieldErrors } from "~/lib/input";
import { ListadoFilterSchema } from "~/modules/afiliados/listado.schema";
import { listadoXlsxResponse } from "~/modules/afiliados/listado.export.server";
import { auditListadoExport } from "~/modules/afiliados/listado.server";
import { OP } from "~db/reference";

export function loader({ request }: LoaderFunctionArgs) {
  return forRequester(request, () => exportListado(request), { backHref: "/listado-afiliados" });
}

async function exportListado(request: Request): Promise<Response> {
  const user = await requireDownload(request, "/listado-afiliados", OP.EXPORTAR_LISTADO_AFILIADOS);
  const url = new URL(request.url);
  const parsed = ListadoFilterSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    // a person goes back to the screen (which shows the errors); an API client gets the first message
    if (prefersHtml(request)) throw redirect(`/listado-afiliados${url.search}`);
    const errors = fieldErrors(parsed.error);
    return apiError(400, errors[0]?.msg ?? "Filtros inválidos", errors);
  }
  await auditListadoExport(user, parsed.data, "xlsx");
  return listadoXlsxResponse(parsed.data);
}

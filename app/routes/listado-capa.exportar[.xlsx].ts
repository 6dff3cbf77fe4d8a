// GET /listado-capa/exportar.xlsx?fecha_desde&fecha_hasta: 'Exportar a Excel' of the CAPA list (every column plus
// one column group per household member). Needs the screen and operation 12 (OP.EXPORTAR_CAPA; browser session or
// x-auth-token). A bad range sends a person back to the list (which shows the errors); an API client gets 400.
// Refusals answer a browser with the app's error page, an API client with JSON. Audited ('capa.exportar').
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, forRequester, prefersHtml } from "~/lib/http.server";
import { parseInput, queryOf } from "~/lib/input";
import { CapaFilterSchema } from "~/modules/capa/capa.schema";
import { exportCapa } from "~/modules/capa/capa.server";
import { capaXlsxResponse } from "~/modules/capa/export.server";

const SCREEN = "/listado-capa";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDownload(request, SCREEN, OP.EXPORTAR_CAPA);
  return forRequester(
    request,
    async () => {
      const raw = queryOf(request);
      const parsed = parseInput(CapaFilterSchema, { fecha_desde: raw.fecha_desde, fecha_hasta: raw.fecha_hasta });
      if (!parsed.ok) {
        if (prefersHtml(request)) throw redirect(`${SCREEN}${new URL(request.url).search}`);
        throw apiError(400, parsed.msg, parsed.errors);
      }
      const { fichas } = await exportCapa(user, parsed.data, "xlsx");
      return capaXlsxResponse(fichas);
    },
    { backHref: SCREEN },
  );
}

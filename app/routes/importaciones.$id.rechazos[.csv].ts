// GET /importaciones/{id}/rechazos.csv: an import's refusal report (issue 37, docs/decisions/068-registry-feed.md),
// CSV with ';' in UTF-8 with BOM (Excel opens it as it is), as an attachment. Guard: the screen plus operation 42
// 'Descargar informes de importación' (browser session or API token). No such import, or one without a report: 404
// in Spanish. Audited. Refusals answer a browser with the app's error page, an API client with JSON { msg }.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { errorResponse, forRequester } from "~/lib/http.server";
import { parseInput } from "~/lib/input";
import { IMPORTACIONES_MSG, InformeParamsSchema, SCREEN_PATH } from "~/modules/feed/importaciones.schema";
import { descargarInforme } from "~/modules/feed/importaciones.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDownload(request, "/importaciones", OP.DESCARGAR_INFORMES_IMPORTACION);
  return forRequester(
    request,
    async () => {
      const parsed = parseInput(InformeParamsSchema, params);
      if (!parsed.ok) return errorResponse(request, 404, IMPORTACIONES_MSG.inexistente, { backHref: SCREEN_PATH });
      const via = request.headers.get("x-auth-token") ? "api" : "pantalla";
      const r = await descargarInforme(user, parsed.data.id, via);
      return r.ok ? r.response : errorResponse(request, r.status, r.msg, { backHref: SCREEN_PATH });
    },
    { backHref: SCREEN_PATH },
  );
}

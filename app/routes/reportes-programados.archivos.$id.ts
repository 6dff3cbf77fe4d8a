// GET /reportes-programados/archivos/{id}: a scheduled report's file (issue 29, docs/decisions/058), the `url` of an
// archivo. Guard: the screen (browser session or API token; anonymous → sign-in page / 401 JSON); the module checks
// the report's export operation and, for the pre-settlement, the responsable. Audited. Refusals answer by who asked.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload } from "~/auth/guards.server";
import { errorResponse, forRequester } from "~/lib/http.server";
import { parseInput } from "~/lib/input";
import { ArchivoParamsSchema } from "~/modules/reportes-programados/reportes-programados.schema";
import { descargarArchivo } from "~/modules/reportes-programados/archivos.server";
import { MSG, SCREEN_PATH } from "~/modules/reportes-programados/rules";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDownload(request, SCREEN_PATH);
  return forRequester(
    request,
    async () => {
      const parsed = parseInput(ArchivoParamsSchema, params);
      if (!parsed.ok) return errorResponse(request, 404, MSG.ARCHIVO_INEXISTENTE, { backHref: SCREEN_PATH });
      const via = request.headers.get("x-auth-token") ? "api" : "pantalla";
      const r = await descargarArchivo(user, parsed.data.id, via);
      return r.ok ? r.response : errorResponse(request, r.status, r.msg, { backHref: SCREEN_PATH });
    },
    { backHref: SCREEN_PATH },
  );
}

// A generated pharmacy roster or its Reg_ file (docs/padron-farmacia.md): text/plain; charset=windows-1252 as an
// attachment, streamed from the roster directory. Guard: the screen plus operation 24 (the files hold personal
// data). Only names that follow the naming rule of spec §9 are served (no paths): anything else, or a file no longer
// kept, is a 404 with a Spanish message (the error page for a person, JSON for a program). Downloads are audited.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { errorResponse, forRequester } from "~/lib/http.server";
import { MSG_ARCHIVO_INEXISTENTE, SCREEN_PATH } from "~/modules/padron-farmacia/padron-farmacia.schema";
import { descargarArchivo } from "~/modules/padron-farmacia/padron-farmacia.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDownload(request, SCREEN_PATH, OP.GENERAR_PADRON_FARMACIA);
  return forRequester(
    request,
    async () => {
      const via = request.headers.get("x-auth-token") ? "api" : "pantalla";
      const res = await descargarArchivo(user, params.nombre ?? "", via);
      return res ?? errorResponse(request, 404, MSG_ARCHIVO_INEXISTENTE, { backHref: SCREEN_PATH });
    },
    { backHref: SCREEN_PATH },
  );
}

// GET /consultar-padron/{idafi}/constancia → constancia-estado-afiliado.pdf (A5 landscape): the member status
// certificate. Screen /consultar-padron plus operation 37 (browser session or x-auth-token); an unknown member
// → 404. Refusals and failures answer a browser with the app's error page, an API client with JSON { msg }.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload } from "~/auth/guards.server";
import { errorResponse, forRequester } from "~/lib/http.server";
import { constanciaResponse } from "~/modules/afiliados/constancia.server";
import { getAfiliado, recordMemberView } from "~/modules/afiliados/detalle.server";
import { parseIdafi } from "~/modules/afiliados/padron.schema";
import { OP } from "~db/reference";

const SCREEN = "/consultar-padron";

export function loader({ request, params }: LoaderFunctionArgs) {
  return forRequester(request, async () => {
    const user = await requireDownload(request, SCREEN, OP.IMPRIMIR_CONSTANCIA);
    const idafi = parseIdafi(params.idafi);
    const afiliado = idafi == null ? null : await getAfiliado(idafi);
    const back = { backHref: SCREEN };
    if (!afiliado) return errorResponse(request, 404, "No existe el afiliado solicitado", back);
    const res = await constanciaResponse(afiliado);
    if (!res.ok) return errorResponse(request, 503, res.msg, { ...back, backHref: `${SCREEN}/${afiliado.idafi}` });
    await recordMemberView(user, afiliado.idafi, { constancia: true }, "afiliado.constancia");
    return res.response;
  });
}

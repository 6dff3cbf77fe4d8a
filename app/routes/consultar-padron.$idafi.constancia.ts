// GET /consultar-padron/{idafi}/constancia → constancia-estado-afiliado.pdf (A5 landscape): the member status
// certificate. Screen /consultar-padron plus operation 37 (browser session or x-auth-token); an unknown member
// → 404; the user's PDFs or the document lane's queue full → 429 with Retry-After (ADR 061). Refusals and failures
// answer a browser with the app's error page, an API client with JSON { msg }.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload } from "~/auth/guards.server";
import { constanciaResponse } from "~/modules/afiliados/constancia.server";
import { recordConstanciaIssued } from "~/modules/afiliados/detalle.server";
import { OP } from "~/auth/operations";
import { memberDownload } from "~/modules/afiliados/member-download.server";

const SCREEN = "/consultar-padron";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDownload(request, SCREEN, OP.IMPRIMIR_CONSTANCIA);
  return memberDownload(request, params.idafi, async (afiliado) => {
    const res = await constanciaResponse(request, user, afiliado);
    if (!res.ok) return res.response;
    await recordConstanciaIssued(user, afiliado.idafi);
    return res.response;
  });
}

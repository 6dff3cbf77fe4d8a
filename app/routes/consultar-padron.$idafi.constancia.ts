// GET /consultar-padron/{idafi}/constancia → constancia-estado-afiliado.pdf (A5 landscape): the member status
// certificate. Screen /consultar-padron plus operation 37; an unknown member → 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireOperation } from "~/auth/guards.server";
import { apiError } from "~/lib/http.server";
import { CONSTANCIA_FILENAME, constanciaData, constanciaPdf } from "~/modules/afiliados/constancia.server";
import { getAfiliado, recordMemberView } from "~/modules/afiliados/detalle.server";
import { parseIdafi } from "~/modules/afiliados/padron.schema";
import { pdfResponse } from "../../reporting/render/pdf";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireOperation(request, "37", "/consultar-padron");
  const idafi = parseIdafi(params.idafi);
  const afiliado = idafi == null ? null : await getAfiliado(idafi);
  if (!afiliado) throw apiError(404, "No existe el afiliado solicitado");
  const pdf = await constanciaPdf(constanciaData(afiliado));
  await recordMemberView(user, afiliado.idafi, { constancia: true }, "afiliado.constancia");
  return pdfResponse(pdf, CONSTANCIA_FILENAME);
}

// GET /api/afiliado/buscarporidafi/{id} → { afiliado, domicilio, autorizaciones, historico_ag, notas_ag, planes,
// familiares } (spec part 1 §7). autorizaciones (latest 50) only with operation 15, notas_ag only with 14;
// historico_ag is always [] (no affiliation-history source: docs/decisions/006-status-certificate.md).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { validate } from "~/lib/http.server";
import { afiliadoDeApi } from "~/modules/afiliados/detalle.server";
import { IdafiParamsSchema } from "~/modules/afiliados/padron.schema";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiScreen(request, "/consultar-padron");
  const { id: idafi } = validate(IdafiParamsSchema, params);
  return json(await afiliadoDeApi(user, idafi), { headers: { "Cache-Control": "no-store" } });
}

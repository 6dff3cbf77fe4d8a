// GET /api/afiliado/buscarporidafi/{id} → { afiliado, domicilio, autorizaciones, historico_ag, notas_ag, planes,
// familiares } (spec part 1 §7). autorizaciones (latest 50) only with operation 15, notas_ag only with 14;
// historico_ag is always [] (no affiliation-history source: docs/decisions/006-status-certificate.md).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { can, requireApiScreen } from "~/auth/guards.server";
import { notFound, validate } from "~/lib/http.server";
import {
  getMemberDetail,
  latestAutorizaciones,
  listNotas,
  MEMBER_NOT_FOUND,
  recordMemberView,
} from "~/modules/afiliados/detalle.server";
import { IdafiParamsSchema } from "~/modules/afiliados/padron.schema";
import { OP } from "~/auth/operations";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiScreen(request, "/consultar-padron");
  const { id: idafi } = validate(IdafiParamsSchema, params);
  const detail = await getMemberDetail(idafi);
  if (!detail) throw notFound(MEMBER_NOT_FOUND);
  const [autorizaciones, notas_ag] = await Promise.all([
    can(user, OP.VER_FICHA_CONSUMO) ? latestAutorizaciones(idafi, 50) : Promise.resolve([]),
    can(user, OP.VER_NOTAS) ? listNotas(idafi) : Promise.resolve([]),
  ]);
  await recordMemberView(user, idafi, { via: "api" });
  return json(
    {
      afiliado: detail.afiliado,
      domicilio: detail.domicilio,
      autorizaciones,
      historico_ag: [],
      notas_ag,
      planes: detail.planes,
      familiares: detail.familiares,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

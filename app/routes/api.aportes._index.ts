// GET /api/aportes/?afi_cuil=<prefix+central+digit>&orderField=fecha&orderType=DESC|ASC → { aportes }
// (spec part 1 §7). Operation 17 (Aportes) on screen /consultar-padron.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation } from "~/auth/guards.server";
import { validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { listAportes } from "~/modules/afiliados/detalle.server";
import { AportesQuerySchema } from "~/modules/afiliados/padron.schema";
import { OP } from "~/auth/operations";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiOperation(request, OP.VER_APORTES, "/consultar-padron");
  const q = validate(AportesQuerySchema, queryOf(request));
  return json({ aportes: await listAportes(q.afi_cuil, q.orderType) }, { headers: { "Cache-Control": "no-store" } });
}

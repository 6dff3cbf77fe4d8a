// GET /api/consumomedicamentos/?dni=&fecha_desde=&fecha_hasta= → { consumo } (dispensing dates; 1900-01-01 is
// the 'Sin info' sentinel and comes back as it is stored). Operation 15.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation } from "~/auth/guards.server";
import { methodNotAllowed, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { ConsumoQuerySchema } from "~/modules/afiliados/autorizaciones.schema";
import { listConsumo, recordConsumoView } from "~/modules/afiliados/consumo.server";
import { OP } from "~/auth/operations";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiOperation(request, OP.VER_FICHA_CONSUMO, "/consultar-padron");
  const q = validate(ConsumoQuerySchema, queryOf(request));
  const consumo = await listConsumo(q);
  await recordConsumoView(user, q);
  return json({ consumo }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiOperation(request, OP.VER_FICHA_CONSUMO, "/consultar-padron");
  throw methodNotAllowed();
}

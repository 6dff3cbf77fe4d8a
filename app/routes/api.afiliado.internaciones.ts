// GET /api/afiliado/internaciones?idafi={id}&cobertura=TODAS → { internaciones } (operation 38).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation } from "~/auth/guards.server";
import { methodNotAllowed, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { InternacionesQuerySchema } from "~/modules/afiliados/autorizaciones.schema";
import { listInternaciones, recordInternacionesView } from "~/modules/afiliados/internaciones.server";
import { OP } from "~/auth/operations";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiOperation(request, OP.VER_INTERNACIONES, "/consultar-padron");
  const q = validate(InternacionesQuerySchema, queryOf(request));
  const internaciones = await listInternaciones(q);
  await recordInternacionesView(user, q.idafi, q.cobertura);
  return json({ internaciones }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiOperation(request, OP.VER_INTERNACIONES, "/consultar-padron");
  throw methodNotAllowed();
}

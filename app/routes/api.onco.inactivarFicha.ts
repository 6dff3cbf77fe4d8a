// POST /api/onco/inactivarFicha { id, afi_dni, organoId } → { msg } (operation 7 on /buscar-ficha): the soft
// delete of an active, editable case. afi_dni and organoId are accepted as the legacy client sends them.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation, requireApiUser } from "~/auth/guards.server";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/http.server";
import { FICHA_MSG, inactivarFicha } from "~/modules/oncologia/fichas.server";
import { OP } from "~/auth/operations";
import { InactivarSchema } from "~/modules/oncologia/fichas.schema";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  throw methodNotAllowed();
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiOperation(request, OP.ELIMINAR_FICHA, "/buscar-ficha");
  if (request.method !== "POST") throw methodNotAllowed();
  const { id } = await parseJsonBody(request, InactivarSchema);
  const r = await inactivarFicha(id, user);
  if (!r.ok) throw apiError(r.status, r.msg);
  return json({ msg: FICHA_MSG.DELETED }, { headers: { "Cache-Control": "no-store" } });
}

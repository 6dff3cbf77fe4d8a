// DELETE /api/mae/{id} (spec part 2 §7) → { id, msg }: the ficha and, with it, its students (ADR 032); unknown → 404.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation, requireApiUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { FichaIdParamsSchema } from "~/modules/mae/mae.schema";
import { eliminarFicha } from "~/modules/mae/mae.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  throw methodNotAllowed();
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiOperation(request, OP.ELIMINAR_MAE, "/regmae");
  if (request.method !== "DELETE") throw methodNotAllowed();
  const { id } = validate(FichaIdParamsSchema, params);
  const r = await eliminarFicha(id, user);
  if (!r.ok) throw apiError(r.status, r.msg, r.errors);
  return json({ id: r.id, msg: r.msg, alumnos_eliminados: r.alumnos }, { headers: { "Cache-Control": "no-store" } });
}

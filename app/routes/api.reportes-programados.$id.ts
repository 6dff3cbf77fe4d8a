// DELETE /api/reportes-programados/{id} (issue 29, docs/decisions/058) → 200 { msg }: the schedule stops and its
// files stay until their history runs out. Operation 40; an unknown (or already deleted) id, or one whose responsable
// is beyond the user's scope → 404.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation, requireApiUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { IdParamsSchema } from "~/modules/reportes-programados/reportes-programados.schema";
import { eliminarProgramacion } from "~/modules/reportes-programados/programaciones.server";
import { MSG, SCREEN_PATH } from "~/modules/reportes-programados/rules";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  throw methodNotAllowed();
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiOperation(request, OP.PROGRAMAR_REPORTES, SCREEN_PATH);
  if (request.method !== "DELETE") throw methodNotAllowed();
  const { id } = validate(IdParamsSchema, params);
  const r = await eliminarProgramacion(id, user);
  if (!r.ok) throw apiError(r.status, r.msg, r.errors);
  return json({ id, msg: MSG.ELIMINADA }, { headers: { "Cache-Control": "no-store" } });
}

// POST /api/perfil-operationes/add-operations/ { usPerfilId, operations: [codes] } (spec part 2 §7; operation 32)
// → { msg, operations: [the records added] } (codes already held are skipped). Unknown profile 404, unknown code
// 422, profile 1 409 (built in). docs/decisions/035-profile-administration.md.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation, requireApiScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/http.server";
import { agregarOperaciones } from "~/modules/perfiles/operaciones.server";
import { OperacionesCambioSchema } from "~/modules/perfiles/perfiles.schema";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/perfiles");
  return methodNotAllowed();
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiOperation(request, OP.ASIGNAR_OPERACIONES, "/perfiles");
  if (request.method !== "POST") return methodNotAllowed();
  const r = await agregarOperaciones(await parseJsonBody(request, OperacionesCambioSchema), user);
  if (!r.ok) return apiError(r.status, r.msg, r.errors);
  return json({ msg: r.msg, operations: r.operations }, { headers: { "Cache-Control": "no-store" } });
}

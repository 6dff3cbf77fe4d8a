// GET /api/perfil-operationes/available-operations/{id} (spec part 2 §7) → { available_operations: [{ id, operacion,
// usPantallaId, pantalla }], perfil_operations: [{ id (the record's), usOperacionId, usPerfilId, operacion,
// usPantallaId, pantalla }] }; `pantalla` (the screen's path) is ours, to label an operation. Unknown profile → 404.
// docs/decisions/035-profile-administration.md.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { operacionesDelPerfil } from "~/modules/perfiles/operaciones.server";
import { PerfilIdParamsSchema } from "~/modules/perfiles/perfiles.schema";
import { PERFIL_MSG } from "~/modules/perfiles/rules";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/perfiles");
  const { id } = validate(PerfilIdParamsSchema, params);
  const r = await operacionesDelPerfil(id);
  if (!r) return apiError(404, PERFIL_MSG.NO_EXISTE);
  return json(r, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, "/perfiles");
  return methodNotAllowed();
}

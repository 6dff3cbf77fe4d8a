// GET /api/perfil-operationes/available-operations/{id} (spec part 2 §7) → { available_operations: [{ id, operacion,
// usPantallaId, pantalla }], perfil_operations: [{ id (the record's), usOperacionId, usPerfilId, operacion,
// usPantallaId, pantalla }] }; `pantalla` (the screen's path) is ours, to label an operation. Unknown profile → 404.
// docs/decisions/035-profile-administration.md.
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { methodNotAllowed } from "~/lib/http.server";
import { OPERACIONES_API } from "~/modules/perfiles/perfiles-api.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/perfiles");
  return OPERACIONES_API.disponibles(params);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, "/perfiles");
  throw methodNotAllowed();
}

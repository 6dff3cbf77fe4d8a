// POST /api/perfil-pantallas/add-screens/ { usPerfilId, screens: [paths] } (ours, the mirror of add-operations;
// operation 32) → { msg, screens: [the records added] } (screens already held are skipped). Unknown profile 404, a
// path that is not a grantable screen 422, profile 1 409 (built in). docs/decisions/035-profile-administration.md.
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation, requireApiScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { methodNotAllowed } from "~/lib/http.server";
import { PANTALLAS_API } from "~/modules/perfiles/perfiles-api.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/perfiles");
  throw methodNotAllowed();
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiOperation(request, OP.ASIGNAR_OPERACIONES, "/perfiles");
  return PANTALLAS_API.agregar(request, user);
}

// DELETE /api/perfil-pantallas/remove-screens/ with params (ours, the mirror of remove-operations; operation 32):
// ?usPerfilId=7&screens=/tramites,/turnos (paths; repeated parameters work too) or ?ids=31,32 (the records' ids of
// perfil_screens, all of one profile) → { msg, screens: [the records removed] }. Unknown profile or record 404, a path
// that is not a grantable screen 422; profile 1, /users or /perfiles taken from the caller's own profile, or no
// administrator left → 409. docs/decisions/035-profile-administration.md.
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
  return PANTALLAS_API.quitar(request, user);
}

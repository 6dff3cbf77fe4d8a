// DELETE /api/perfil-operationes/remove-operations/ with params (spec part 2 §7; operation 32): either
// ?usPerfilId=7&operations=14,15 (codes; repeated parameters work too) or ?ids=31,32 (the records' ids of
// perfil_operations, all of one profile) → { msg, operations: [the records removed] }. Unknown profile or record 404,
// unknown code 422; profile 1, administration taken from the caller's own profile, or no administrator left → 409.
// docs/decisions/035-profile-administration.md.
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation, requireApiScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { methodNotAllowed } from "~/lib/http.server";
import { OPERACIONES_API } from "~/modules/perfiles/perfiles-api.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/perfiles");
  throw methodNotAllowed();
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiOperation(request, OP.ASIGNAR_OPERACIONES, "/perfiles");
  return OPERACIONES_API.quitar(request, user);
}

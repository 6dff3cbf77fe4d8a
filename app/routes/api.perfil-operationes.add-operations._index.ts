// POST /api/perfil-operationes/add-operations/ { usPerfilId, operations: [codes] } (spec part 2 §7; operation 32)
// → { msg, operations: [the records added] } (codes already held are skipped). Unknown profile 404, unknown code
// 422, profile 1 409 (built in). docs/decisions/035-profile-administration.md.
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
  return OPERACIONES_API.agregar(request, user);
}

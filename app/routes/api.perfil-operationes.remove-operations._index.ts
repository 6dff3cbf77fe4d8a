// DELETE /api/perfil-operationes/remove-operations/ with params (spec part 2 §7; operation 32): either
// ?usPerfilId=7&operations=14,15 (codes; repeated parameters work too) or ?ids=31,32 (the records' ids of
// perfil_operations, all of one profile) → { msg, operations: [the records removed] }. Unknown profile or record 404,
// unknown code 422; profile 1, administration taken from the caller's own profile, or no administrator left → 409.
// docs/decisions/035-profile-administration.md.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation, requireApiScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { quitarOperaciones } from "~/modules/perfiles/operaciones.server";
import { OperacionesCambioSchema, quitarQuery, RegistrosSchema } from "~/modules/perfiles/perfiles.schema";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/perfiles");
  return methodNotAllowed();
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiOperation(request, OP.ASIGNAR_OPERACIONES, "/perfiles");
  if (request.method !== "DELETE") return methodNotAllowed();
  const raw = quitarQuery(new URL(request.url).searchParams, "operations");
  const input = raw.ids && !raw.operations ? validate(RegistrosSchema, raw) : validate(OperacionesCambioSchema, raw);
  const r = await quitarOperaciones(input, user);
  if (!r.ok) return apiError(r.status, r.msg, r.errors);
  return json({ msg: r.msg, operations: r.operations }, { headers: { "Cache-Control": "no-store" } });
}

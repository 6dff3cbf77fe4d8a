// DELETE /api/perfil-pantallas/remove-screens/ with params (ours, the mirror of remove-operations; operation 32):
// ?usPerfilId=7&screens=/tramites,/turnos (paths; repeated parameters work too) or ?ids=31,32 (the records' ids of
// perfil_screens, all of one profile) → { msg, screens: [the records removed] }. Unknown profile or record 404, a path
// that is not a grantable screen 422; profile 1, /users or /perfiles taken from the caller's own profile, or no
// administrator left → 409. docs/decisions/035-profile-administration.md.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation, requireApiScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { quitarPantallas } from "~/modules/perfiles/pantallas.server";
import { PantallasCambioSchema, quitarQuery, RegistrosSchema } from "~/modules/perfiles/perfiles.schema";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/perfiles");
  return methodNotAllowed();
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiOperation(request, OP.ASIGNAR_OPERACIONES, "/perfiles");
  if (request.method !== "DELETE") return methodNotAllowed();
  const raw = quitarQuery(new URL(request.url).searchParams, "screens");
  const input = raw.ids && !raw.screens ? validate(RegistrosSchema, raw) : validate(PantallasCambioSchema, raw);
  const r = await quitarPantallas(input, user);
  if (!r.ok) return apiError(r.status, r.msg, r.errors);
  return json({ msg: r.msg, screens: r.screens }, { headers: { "Cache-Control": "no-store" } });
}

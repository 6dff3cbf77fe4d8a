// GET /api/perfiles → { perfiles: [{ id, descripcion, activo }] } (spec part 2 §7), every profile by id; the screen
// /perfiles opens it. POST /api/perfiles { descripcion, activo? } → 201 { msg, perfil } (operation 30); PUT
// /api/perfiles { id, descripcion, activo? } → { msg, perfil } (operation 31). Bad input 400 { msg, errors }, an
// unknown id 404, a repeated description or a guard rail (profile 1, own profile, last administrator) 409.
// docs/decisions/035-profile-administration.md.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation, requireApiScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/http.server";
import { CrearPerfilSchema, ModificarPerfilSchema } from "~/modules/perfiles/perfiles.schema";
import { crearPerfil, modificarPerfil, todosLosPerfiles } from "~/modules/perfiles/perfiles.server";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/perfiles");
  return json({ perfiles: await todosLosPerfiles() }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiOperation(
    request,
    request.method === "PUT" ? OP.MODIFICAR_PERFIL : OP.CREAR_PERFIL,
    "/perfiles",
  );
  if (request.method === "POST") {
    const r = await crearPerfil(await parseJsonBody(request, CrearPerfilSchema), user);
    if (!r.ok) throw apiError(r.status, r.msg, r.errors);
    return json({ msg: r.msg, perfil: r.perfil }, { status: 201, headers: NO_STORE });
  }
  if (request.method === "PUT") {
    const r = await modificarPerfil(await parseJsonBody(request, ModificarPerfilSchema), user);
    if (!r.ok) throw apiError(r.status, r.msg, r.errors);
    return json({ msg: r.msg, perfil: r.perfil }, { headers: NO_STORE });
  }
  throw methodNotAllowed();
}

// GET /api/perfiles/{id} → { perfil: { id, descripcion, activo } } (spec part 2 §7); unknown → 404 { msg }, an id
// that is not one → 400. Other methods 405. docs/decisions/035-profile-administration.md.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { notFound, methodNotAllowed, validate } from "~/lib/http.server";
import { PerfilIdParamsSchema } from "~/modules/perfiles/perfiles.schema";
import { perfilPorId } from "~/modules/perfiles/perfiles.server";
import { PERFIL_MSG } from "~/modules/perfiles/rules";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/perfiles");
  const { id } = validate(PerfilIdParamsSchema, params);
  const perfil = await perfilPorId(id);
  if (!perfil) throw notFound(PERFIL_MSG.NO_EXISTE);
  return json({ perfil }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, "/perfiles");
  throw methodNotAllowed();
}

// GET /api/perfil-pantallas/available-screens/{id} → { available_screens: [{ id, path, titulo }], perfil_screens:
// [{ id (the record's), usPantallaId, usPerfilId, path, titulo }] }: the screen grants of a profile (ours: ADR 001, the
// mirror of available-operations), the grantable screens being GRANTABLE_SCREENS (ADR 029). Unknown profile → 404.
// docs/decisions/035-profile-administration.md.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { pantallasDelPerfil } from "~/modules/perfiles/pantallas.server";
import { PerfilIdParamsSchema } from "~/modules/perfiles/perfiles.schema";
import { PERFIL_MSG } from "~/modules/perfiles/rules";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/perfiles");
  const { id } = validate(PerfilIdParamsSchema, params);
  const r = await pantallasDelPerfil(id);
  if (!r) return apiError(404, PERFIL_MSG.NO_EXISTE);
  return json(r, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, "/perfiles");
  return methodNotAllowed();
}

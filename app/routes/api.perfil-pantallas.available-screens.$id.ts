// GET /api/perfil-pantallas/available-screens/{id} → { available_screens: [{ id, path, titulo }], perfil_screens:
// [{ id (the record's), usPantallaId, usPerfilId, path, titulo }] }: the screen grants of a profile (ours: ADR 001, the
// mirror of available-operations), the grantable screens being GRANTABLE_SCREENS (ADR 029). Unknown profile → 404.
// docs/decisions/035-profile-administration.md.
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { methodNotAllowed } from "~/lib/http.server";
import { PANTALLAS_API } from "~/modules/perfiles/perfiles-api.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/perfiles");
  return PANTALLAS_API.disponibles(params);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, "/perfiles");
  throw methodNotAllowed();
}

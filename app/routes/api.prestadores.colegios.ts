// GET /api/prestadores/colegios (spec part 2 §7) → { colegios: [{ sptpmdescr }] }, by description: the Colegio
// options of the Padrón de Profesionales.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { methodNotAllowed } from "~/lib/http.server";
import { SCREEN_PATH } from "~/modules/prestadores/profesionales.schema";
import { listColegios } from "~/modules/prestadores/profesionales.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  return json({ colegios: await listColegios() }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  throw methodNotAllowed();
}

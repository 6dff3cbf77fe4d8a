// GET /api/padron_farmacia (spec part 2 §7; docs/decisions/038-pharmacy-rosters.md): the generated roster files,
// newest first: { archivos: [{ padron, nombre_padron, archivo, reg, registros, fecha, fecha_ar, url, reg_url }] }.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { methodNotAllowed } from "~/lib/http.server";
import { SCREEN_PATH } from "~/modules/padron-farmacia/padron-farmacia.schema";
import { listPadrones } from "~/modules/padron-farmacia/padron-farmacia.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  return json({ archivos: await listPadrones() }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  throw methodNotAllowed();
}

// JSON for the reciprocity agreement dialog of 'Listados de afiliados' (the screen's JavaScript loads it; without
// JavaScript the screen shows the same block inline with ?convenio=). Same guard as the screen.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireScreen } from "~/auth/guards.server";
import { apiError } from "~/lib/http.server";
import { openConvenio } from "~/modules/afiliados/listado.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireScreen(request, "/listado-afiliados");
  const opened = await openConvenio(user, params.idafi);
  if (!opened.ok) return apiError(opened.status, opened.msg);
  return json({ convenio: opened.convenio }, { headers: { "Cache-Control": "no-store" } });
}

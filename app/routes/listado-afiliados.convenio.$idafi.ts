// JSON for the reciprocity agreement dialog of 'Listados de afiliados' (the screen's JavaScript loads it; without
// JavaScript the screen shows the same block inline with ?convenio=). Same guard as the screen.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireScreen } from "~/auth/guards.server";
import { openConvenio } from "~/modules/afiliados/listado.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireScreen(request, "/listado-afiliados");
  const opened = await openConvenio(user, params.idafi);
  const headers = { "Cache-Control": "no-store" };
  // Data for the screen's dialog (its fetcher shows the msg), not a failure: returned, as a thrown answer would replace
  // the screen with its ErrorBoundary.
  if (!opened.ok) return json({ msg: opened.msg }, { status: opened.status, headers });
  return json({ convenio: opened.convenio }, { headers });
}

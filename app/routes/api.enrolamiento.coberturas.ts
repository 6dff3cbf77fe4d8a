// GET /api/enrolamiento/coberturas (spec part 1 §7; docs/decisions/040-padron-de-planes.md): the coverages of the
// reporting snapshot, by code → { resultado: [{ gravcodgra, gravdesgra, cobcaract, cobsubcaract }] }.
// No snapshot yet → 503 with the store's message.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError, methodNotAllowed } from "~/lib/http.server";
import { listCoberturas } from "~/modules/padron-planes/padron-planes.server";
import { SCREEN_PATH } from "~/modules/padron-planes/rules";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  const r = await listCoberturas();
  if (!r.ok) throw apiError(r.status, r.msg);
  return json({ resultado: r.coberturas }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  throw methodNotAllowed();
}

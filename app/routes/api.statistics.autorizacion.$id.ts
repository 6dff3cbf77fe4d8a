// GET /api/statistics/autorizacion/{id} (spec part 2 §7; docs/decisions/013): an authorisation by number, for the
// dialog of 'OSEP / Tiempos de Auditoria Médica' → { autorizaciones: [...] } (one row per practice); 404 when the
// snapshot does not hold it.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError, notFound, methodNotAllowed, validate } from "~/lib/http.server";
import { MSG_AUTORIZACION_NO_ENCONTRADA } from "~/lib/messages";
import { autorizacionDetalle } from "~/modules/estadisticas/auditoria.server";
import { NroAutorizacionParamsSchema, SCREEN_PATH } from "~/modules/estadisticas/auditoria.schema";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  const { id } = validate(NroAutorizacionParamsSchema, params);
  const result = await autorizacionDetalle(id);
  if (!result.ok) throw apiError(503, result.msg);
  if (result.value.length === 0) throw notFound(MSG_AUTORIZACION_NO_ENCONTRADA);
  return json({ autorizaciones: result.value }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  throw methodNotAllowed();
}

// GET /api/statistics/autorizacion/{id} (spec part 2 §7; docs/decisions/013): an authorisation by number, for the
// dialog of 'OSEP / Tiempos de Auditoria Médica' → { autorizaciones: [...] } (one row per practice); 404 when the
// snapshot does not hold it.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { autorizacionDetalle } from "~/modules/estadisticas/auditoria.server";
import { NroAutorizacionSchema } from "~/modules/estadisticas/auditoria.schema";

export const MSG_NO_ENCONTRADA = "No se encontró la autorización";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/osep-tiempos-auditoria");
  const { id } = validate(NroAutorizacionSchema, { id: params.id ?? "" });
  const result = await autorizacionDetalle(id);
  if (!result.ok) return apiError(503, result.msg);
  if (result.value.length === 0) return apiError(404, MSG_NO_ENCONTRADA);
  return json({ autorizaciones: result.value }, { headers: { "Cache-Control": "no-store" } });
}

export function action() {
  return methodNotAllowed();
}

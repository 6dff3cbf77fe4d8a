// GET /api/statistics/autorizaciones?auditor&fecha_desde&fecha_hasta[&solo_dia_anterior=1] (spec part 2 §7;
// docs/decisions/013): the audited authorisations of an auditor ('equipo' or blank = every auditor) in the period,
// oldest first → { resultado, total, truncado }; at most 5 000 rows (truncado tells when there were more).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { autorizacionesAuditadas } from "~/modules/estadisticas/auditoria.server";
import { AutorizacionesQuerySchema, type AutorizacionesQuery } from "~/modules/estadisticas/auditoria.schema";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/osep-tiempos-auditoria");
  const query = validate(
    AutorizacionesQuerySchema,
    Object.fromEntries(new URL(request.url).searchParams),
  ) as AutorizacionesQuery;
  const result = await autorizacionesAuditadas(query);
  if (!result.ok) return apiError(503, result.msg);
  return json(result.value, { headers: { "Cache-Control": "no-store" } });
}

export function action() {
  return methodNotAllowed();
}

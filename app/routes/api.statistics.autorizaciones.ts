// GET /api/statistics/autorizaciones?auditor&fecha_desde&fecha_hasta[&solo_dia_anterior=1] (spec part 2 §7;
// docs/decisions/013): the audited authorisations of an auditor ('equipo' or blank = every auditor) in the period,
// oldest first → { resultado, total, truncado }; at most 5 000 rows (truncado tells when there were more).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { autorizacionesAuditadas } from "~/modules/estadisticas/auditoria.server";
import { AutorizacionesQuerySchema, SCREEN_PATH } from "~/modules/estadisticas/auditoria.schema";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  const query = validate(AutorizacionesQuerySchema, queryOf(request));
  const result = await autorizacionesAuditadas(query);
  if (!result.ok) throw apiError(503, result.msg);
  return json(result.value, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  throw methodNotAllowed();
}

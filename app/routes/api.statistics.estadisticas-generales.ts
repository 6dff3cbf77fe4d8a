// GET /api/statistics/estadisticas-generales?fecha_desde&fecha_hasta[&auditor] (spec part 2 §7; definitions in
// docs/decisions/013-audit-time-metrics.md) → { estadisticas, horario_auditores, tabla_horario_auditores }.
// Blank auditor (or 'equipo'): the 'equipo' row first, then one row per auditor. No snapshot yet: 503 { msg }.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { estadisticasGenerales } from "~/modules/estadisticas/auditoria.server";
import { EstadisticasQuerySchema, SCREEN_PATH } from "~/modules/estadisticas/auditoria.schema";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  const query = validate(EstadisticasQuerySchema, queryOf(request));
  const result = await estadisticasGenerales(query);
  if (!result.ok) throw apiError(503, result.msg);
  return json(result.value, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  throw methodNotAllowed();
}

// GET /api/prestadores/liquidacion (spec part 2 §7; docs/decisions/015-pre-settlement.md): fecha_desde,
// fecha_hasta, responsable (CUIT), exportExcel → { liquidacion: [...] }, or the CSV (liquidacion.csv) when
// exportExcel=true (operation 33). A responsable the user may not see → 403; no snapshot yet → 503.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { can, FORBIDDEN_OPERATION, requireApiScreen } from "~/auth/guards.server";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { queryLiquidacion, liquidacionCsv } from "~/modules/prestadores/liquidacion.server";
import { API_MAX_ROWS, LiquidacionQuerySchema, SCREEN_PATH } from "~/modules/prestadores/liquidacion.schema";
import { OP } from "~/auth/operations";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiScreen(request, SCREEN_PATH);
  const q = validate(LiquidacionQuerySchema, queryOf(request));
  if (q.exportExcel) {
    if (!can(user, OP.EXPORTAR_PRELIQUIDACION)) throw apiError(403, FORBIDDEN_OPERATION);
    const csv = await liquidacionCsv(user, q, "api");
    if (!csv.ok) throw apiError(csv.status, csv.msg);
    return csv.response;
  }
  const r = await queryLiquidacion(user, q, { refuseAbove: API_MAX_ROWS });
  if (!r.ok) throw apiError(r.status, r.msg);
  return json({ liquidacion: r.rows, datos_al: r.datos_al }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  throw methodNotAllowed();
}

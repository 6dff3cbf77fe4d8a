// GET /api/statistics/consumos/ranking-consumos-por-efector?fecha_desde&fecha_hasta → { resultado: [{ posicion,
// codigo, nommedefector, matmedefector, cant_autorizaciones, cant_practicas, total_coseguro, total_importe }] }
// (spec part 2 §7; the top 100: docs/decisions/014).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { rankingConsumos } from "~/modules/estadisticas/consumos.server";
import { RankingConsumosSchema, SCREEN_PATH } from "~/modules/estadisticas/consumos.schema";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  const filter = validate(RankingConsumosSchema, queryOf(request));
  const result = await rankingConsumos(filter);
  if (!result.ok) throw apiError(503, result.msg);
  return json({ resultado: result.value, datos_al: result.datos_al }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  throw methodNotAllowed();
}

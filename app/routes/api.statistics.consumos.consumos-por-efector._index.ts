// GET /api/statistics/consumos/consumos-por-efector?codigo_efector&fecha_desde&fecha_hasta → { resultado:
// [{ cant_practica, cant_autorizaciones, practica, subitem, descpractica }] } (spec part 2 §7; docs/decisions/014).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { consumosEfector } from "~/modules/estadisticas/consumos.server";
import { ConsumosEfectorSchema, SCREEN_PATH } from "~/modules/estadisticas/consumos.schema";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  const filter = validate(ConsumosEfectorSchema, queryOf(request));
  const result = await consumosEfector(filter);
  if (!result.ok) throw apiError(503, result.msg);
  return json({ resultado: result.value, datos_al: result.datos_al }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  throw methodNotAllowed();
}

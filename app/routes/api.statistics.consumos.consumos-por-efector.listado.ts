// GET /api/statistics/consumos/consumos-por-efector/listado?codigo_efector&fecha_desde&fecha_hasta&practica
// [&subitem] → { resultado: [{ nroautorizacion, nroafiliado, nombreafiliado, fechahora, coseguro, modalidad,
// entidad, cantidad }], truncado } (spec part 2 §7; docs/decisions/014).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { listadoConsumos } from "~/modules/estadisticas/consumos.server";
import { ListadoConsumosSchema, SCREEN_PATH } from "~/modules/estadisticas/consumos.schema";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  const filter = validate(ListadoConsumosSchema, queryOf(request));
  const result = await listadoConsumos(filter);
  if (!result.ok) throw apiError(503, result.msg);
  const { rows, truncado } = result.value;
  return json({ resultado: rows, truncado, datos_al: result.datos_al }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  throw methodNotAllowed();
}

// GET /api/afiliado/listado-afiliados/ (spec part 1 §7): afi_dni, nombre, motivo_de_baja, page, size,
// ver_solo_afi_inactivo, ver_afiliados_en_convenio, for_export, obtener_total → { listado, resultadoCount: [{ cant }] }.
// for_export returns every row of the filter up to API_EXPORT_CAP and needs operation 5 (docs/decisions/007).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { can, FORBIDDEN_OPERATION, requireApiScreen } from "~/auth/guards.server";
import { apiError, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { API_EXPORT_CAP, EXPORT_TOO_BIG, ListadoApiSchema } from "~/modules/afiliados/listado.schema";
import { recordListadoExport, countAfiliados, listAfiliados } from "~/modules/afiliados/listado.server";
import { OP } from "~/auth/operations";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiScreen(request, "/listado-afiliados");
  const q = validate(ListadoApiSchema, queryOf(request));
  const { for_export, obtener_total, page, size, ...filter } = q;
  if (for_export) {
    if (!can(user, OP.EXPORTAR_LISTADO_AFILIADOS)) throw apiError(403, FORBIDDEN_OPERATION);
    const total = await countAfiliados(filter);
    if (total > API_EXPORT_CAP) throw apiError(422, EXPORT_TOO_BIG(total));
    await recordListadoExport(user, filter, "api");
    const { listado } = await listAfiliados({ ...filter, page: 0, size: API_EXPORT_CAP }, { withTotal: false });
    return json({ listado, resultadoCount: [{ cant: total }] }, { headers: { "Cache-Control": "no-store" } });
  }
  const { listado, total } = await listAfiliados({ ...filter, page, size }, { withTotal: obtener_total });
  return json(
    { listado, resultadoCount: total == null ? [] : [{ cant: total }] },
    { headers: { "Cache-Control": "no-store" } },
  );
}

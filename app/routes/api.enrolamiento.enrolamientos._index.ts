// GET /api/enrolamiento/enrolamientos/ (spec part 1 §7; docs/decisions/040-padron-de-planes.md): afi_dni, apellido,
// nombre, cod_padron (default 53), page, size, ver_solo_enrolamiento_vencido, ver_solo_enrolamiento_activo,
// ver_solo_afi_inactivo, ver_afiliados_en_convenio, for_export → { resultado: EnrolmentRow[], resultadoCount, datos_al }.
// for_export returns every row (no paging, at most API_EXPORT_MAX_ROWS) and needs operation 4. Bad input → 400,
// unknown coverage → 422, no snapshot → 503.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { can, FORBIDDEN_OPERATION, requireApiScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { buscarEnrolamientos, recordPlanesExport } from "~/modules/padron-planes/padron-planes.server";
import { PlanesApiSchema } from "~/modules/padron-planes/padron-planes.schema";
import { API_EXPORT_MAX_ROWS, msgApiDemasiadasFilas, SCREEN_PATH } from "~/modules/padron-planes/rules";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiScreen(request, SCREEN_PATH);
  const { for_export, page, size, ...filter } = validate(PlanesApiSchema, queryOf(request));
  if (for_export && !can(user, OP.EXPORTAR_PADRON_PLANES)) throw apiError(403, FORBIDDEN_OPERATION);
  const r = await buscarEnrolamientos(
    filter,
    for_export ? { all: true, refuseAbove: API_EXPORT_MAX_ROWS, tooMany: msgApiDemasiadasFilas } : { page, size },
  );
  if (!r.ok) throw apiError(r.status, r.msg);
  if (for_export) await recordPlanesExport(user, filter, "api", r.total);
  return json(
    { resultado: r.rows, resultadoCount: r.total, datos_al: r.datos_al },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  throw methodNotAllowed();
}

// GET /api/prestadores (spec part 2 §7): matricula, apellido, nombre, colegio (TODOS, a college id or its
// description), for_export, page (from 0), size (5; 1..100) → { prestadores: [{ apellido, nombre, matricula, colegio,
// especialidad, domicilio, localida, telefono }], total_records }. for_export: every matching row, refused (422) above
// EXPORT_CAP. The matching rules: docs/decisions/037-professional-registry.md. An index route, so the sibling
// /api/prestadores/liquidacion and /api/prestadores/colegios keep their own files (no parent layout). No action: a
// POST to /api/prestadores reaches no handler and the app answers 405 { msg } (like GET-only /api/afiliado/).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { MSG_EXPORT_CAP, PadronQuerySchema, SCREEN_PATH } from "~/modules/prestadores/profesionales.schema";
import { exportPrestadores, listPrestadores } from "~/modules/prestadores/profesionales.server";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  const { for_export, page, size, ...filter } = validate(PadronQuerySchema, queryOf(request));
  if (for_export) {
    const all = await exportPrestadores(filter);
    if (!all.ok) throw apiError(422, MSG_EXPORT_CAP(all.total_records));
    return json({ prestadores: all.prestadores, total_records: all.total_records }, { headers: NO_STORE });
  }
  return json(await listPrestadores({ ...filter, page, size }), { headers: NO_STORE });
}

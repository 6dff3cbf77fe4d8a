// /api/capa-covid (spec part 2 §7, ADR 031): GET lists the records registered in fecha_desde..fecha_hasta (default
// today, Catamarca) → { fichas, total_records }, a page (page 0-based, size ≤ 100, default 20) or, with for_export,
// every record up to the export limit with estado_registro (operation 12, audited); POST registers a record
// (operation 10) → 201 { ficha, msg }; PUT modifies one (operation 11; id in the body) → { ficha, msg }, with the
// Deprecation and Warning headers when sent without `version` (ADR 047).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { can, FORBIDDEN_OPERATION, requireApiScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, methodNotAllowed, parseJsonBody, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { CapaListSchema, CapaSchema } from "~/modules/capa/capa.schema";
import { createCapa, exportCapa, listCapa, updateCapa, type SaveResult } from "~/modules/capa/capa.server";
import { CAPA_MSG } from "~/modules/capa/rules";
import { sinVersionHeaders } from "~/lib/version";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiScreen(request, "/listado-capa");
  const { for_export, ...q } = validate(CapaListSchema, queryOf(request));
  if (for_export) {
    if (!can(user, OP.EXPORTAR_CAPA)) throw apiError(403, FORBIDDEN_OPERATION);
    const { fichas, total_records } = await exportCapa(user, q, "api");
    return json({ fichas, total_records }, { headers: NO_STORE });
  }
  return json(await listCapa({ ...q, for_export }), { headers: NO_STORE });
}

function answer(r: SaveResult, status: number, headers: Record<string, string> = {}): Response {
  if (!r.ok) throw apiError(r.status, r.msg, r.errors);
  return json({ ficha: r.ficha, msg: r.msg }, { status, headers: { ...NO_STORE, ...headers } });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiScreen(request, "/regcapa");
  if (request.method === "POST") {
    if (!can(user, OP.REGISTRAR_CAPA)) throw apiError(403, FORBIDDEN_OPERATION);
    const { id: _ignored, ...input } = await parseJsonBody(request, CapaSchema);
    return answer(await createCapa(input, user), 201);
  }
  if (request.method === "PUT") {
    if (!can(user, OP.MODIFICAR_CAPA)) throw apiError(403, FORBIDDEN_OPERATION);
    const input = await parseJsonBody(request, CapaSchema);
    if (input.id == null) throw apiError(400, CAPA_MSG.ID_REQUIRED, [{ param: "id", msg: CAPA_MSG.ID_REQUIRED }]);
    return answer(await updateCapa(input, user), 200, sinVersionHeaders(input.version));
  }
  throw methodNotAllowed();
}

// GET /api/afiliado/?targetField=dni|nombre|nroafi&<that field>=… → { resultado } (spec part 1 §7), plus
// limitado / limite (and aviso when capped): at most 50 rows, and whether there were more (ADR 019).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { ApiSearchSchema, cappedMessage } from "~/modules/afiliados/padron.schema";
import { SEARCH_LIMIT, searchPadron } from "~/modules/afiliados/padron.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/consultar-padron");
  const q = validate(ApiSearchSchema, queryOf(request));
  const result = await searchPadron(q.targetField, q[q.targetField]);
  if (!result.ok) throw apiError(400, result.msg, [{ param: q.targetField, msg: result.msg }]);
  const aviso = result.limitado ? { aviso: cappedMessage(SEARCH_LIMIT) } : {};
  return json(
    { resultado: result.rows, limitado: result.limitado, limite: SEARCH_LIMIT, ...aviso },
    { headers: { "Cache-Control": "no-store" } },
  );
}

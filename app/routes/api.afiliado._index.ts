// GET /api/afiliado/?targetField=dni|nombre|nroafi&<that field>=… → { resultado } (spec part 1 §7).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError, validate } from "~/lib/http.server";
import { ApiSearchSchema } from "~/modules/afiliados/padron.schema";
import { searchPadron } from "~/modules/afiliados/padron.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/consultar-padron");
  const q = validate(ApiSearchSchema, Object.fromEntries(new URL(request.url).searchParams));
  const result = await searchPadron(q.targetField, q[q.targetField]);
  if (!result.ok) return apiError(400, result.msg, [{ param: q.targetField, msg: result.msg }]);
  return json({ resultado: result.rows }, { headers: { "Cache-Control": "no-store" } });
}

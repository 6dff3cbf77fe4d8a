// GET /api/vademecum/ (spec part 2 §7): producto, presentacion, laboratorio, droga, familia, cobertura, plan,
// tamanio, search, page (from 0), size (5) → { resultado, total_records }. Bad input is a 422 { msg, errors }; no
// filter with 3 characters is a 422 with the spec's text and runs no query (ADR 036). Needs /consulta-vademecum.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError } from "~/lib/http.server";
import { parseInput, queryOf } from "~/lib/input";
import { VademecumQuerySchema } from "~/modules/vademecum/vademecum.schema";
import { buscarVademecum } from "~/modules/vademecum/vademecum.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/consulta-vademecum");
  const parsed = parseInput(VademecumQuerySchema, queryOf(request));
  if (!parsed.ok) throw apiError(422, parsed.msg, parsed.errors);
  const result = await buscarVademecum(parsed.data);
  if (!result.ok) throw apiError(result.status, result.msg, result.errors);
  const { resultado, total_records } = result;
  return json({ resultado, total_records }, { headers: { "Cache-Control": "no-store" } });
}

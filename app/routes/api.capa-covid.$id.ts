// GET /api/capa-covid/{id} (spec part 2 §7) → { ficha }: the record with its household members. A non-numeric or
// out-of-range id → 400; an unknown one → 404.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { notFound, validate } from "~/lib/http.server";
import { IdParamsSchema } from "~/modules/capa/capa.schema";
import { getCapa } from "~/modules/capa/capa.server";
import { CAPA_MSG } from "~/modules/capa/rules";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/regcapa");
  const { id } = validate(IdParamsSchema, params);
  const ficha = await getCapa(id);
  if (!ficha) throw notFound(CAPA_MSG.NOT_FOUND);
  return json({ ficha }, { headers: { "Cache-Control": "no-store" } });
}

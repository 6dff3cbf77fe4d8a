// GET /api/onco/buscarporid/{id} → { ficha }: the whole active case with organ and drug rows; 404 when unknown
// or deleted.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { notFound, validate } from "~/lib/http.server";
import { FICHA_MSG, getFicha } from "~/modules/oncologia/fichas.server";
import { IdParamsSchema } from "~/modules/oncologia/fichas.schema";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/buscar-ficha");
  const { id } = validate(IdParamsSchema, params);
  const ficha = await getFicha(id);
  if (!ficha || !ficha.activo) throw notFound(FICHA_MSG.NOT_FOUND);
  return json({ ficha }, { headers: { "Cache-Control": "no-store" } });
}

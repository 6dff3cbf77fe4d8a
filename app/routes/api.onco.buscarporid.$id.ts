// GET /api/onco/buscarporid/{id} → { ficha }: the whole active case with organ and drug rows; 404 when unknown
// or deleted.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError } from "~/lib/http.server";
import { FICHA_MSG, getFicha } from "~/modules/oncologia/fichas.server";

const ID_INVALIDO = "Id de ficha inválido";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/buscar-ficha");
  const raw = (params.id ?? "").trim();
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(id > 0 && id <= 2_147_483_647)) return apiError(400, ID_INVALIDO, [{ param: "id", msg: ID_INVALIDO }]);
  const ficha = await getFicha(id);
  if (!ficha || !ficha.activo) return apiError(404, FICHA_MSG.NOT_FOUND);
  return json({ ficha }, { headers: { "Cache-Control": "no-store" } });
}

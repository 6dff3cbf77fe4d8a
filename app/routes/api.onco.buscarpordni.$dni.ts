// GET /api/onco/buscarpordni/{dni} → { fichas }: the member's active cases, any status, newest first.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError } from "~/lib/http.server";
import { fichasByDni } from "~/modules/oncologia/fichas.server";

const DNI_INVALIDO = "DNI inválido (7 u 8 dígitos)";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/buscar-ficha");
  const dni = (params.dni ?? "").trim();
  if (!/^\d{7,8}$/.test(dni)) return apiError(400, DNI_INVALIDO, [{ param: "dni", msg: DNI_INVALIDO }]);
  return json({ fichas: await fichasByDni(dni) }, { headers: { "Cache-Control": "no-store" } });
}

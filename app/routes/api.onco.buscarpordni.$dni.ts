// GET /api/onco/buscarpordni/{dni} → { fichas }: the member's active cases, any status, newest first.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { validate } from "~/lib/http.server";
import { fichasByDni } from "~/modules/oncologia/fichas.server";
import { DniParamsSchema } from "~/modules/oncologia/fichas.schema";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/buscar-ficha");
  const { dni } = validate(DniParamsSchema, params);
  return json({ fichas: await fichasByDni(dni) }, { headers: { "Cache-Control": "no-store" } });
}

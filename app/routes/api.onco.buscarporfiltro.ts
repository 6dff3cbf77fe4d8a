// POST /api/onco/buscarporfiltro { afi_dni, fecha_desde, fecha_hasta, estado_ficha (INGRESO; TODOS = any), organoId (-1) }
// → { fichas } (spec part 1 §3, §7): active cases, newest first, at most 500.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen, requireApiUser } from "~/auth/guards.server";
import { methodNotAllowed, parseJsonBody } from "~/lib/http.server";
import { searchFichas } from "~/modules/oncologia/fichas.server";
import { FichaFilterSchema } from "~/modules/oncologia/fichas.schema";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  throw methodNotAllowed();
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, "/buscar-ficha");
  if (request.method !== "POST") throw methodNotAllowed();
  const filter = await parseJsonBody(request, FichaFilterSchema);
  return json({ fichas: await searchFichas(filter) }, { headers: { "Cache-Control": "no-store" } });
}

// GET /api/statistics/profesionales/buscar-prof-por-apeynom/?apellido&nombre → { resultado: [{ codigo,
// matriculas, nommedefector, matmedefector }] } (spec part 2 §7): the efectores to pick in 'Consumos por
// Efector' (Postgres; matching rule in docs/decisions/014 and 037, app/modules/prestadores).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { methodNotAllowed, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { SCREEN_PATH } from "~/modules/estadisticas/consumos.schema";
import { BuscarProfSchema } from "~/modules/prestadores/profesionales.schema";
import { searchProfesionales } from "~/modules/prestadores/profesionales.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  const filter = validate(BuscarProfSchema, queryOf(request));
  return json({ resultado: await searchProfesionales(filter) }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  throw methodNotAllowed();
}

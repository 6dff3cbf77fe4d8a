// GET /api/statistics/profesionales/buscar-prof-por-apeynom/?apellido&nombre → { resultado: [{ codigo,
// matriculas, nommedefector, matmedefector }] } (spec part 2 §7): the efectores to pick in 'Consumos por
// Efector' (Postgres; matching rule in docs/decisions/014).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { methodNotAllowed, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { BuscarProfSchema, SCREEN_PATH } from "~/modules/estadisticas/consumos.schema";
import { searchProfesionales } from "~/modules/estadisticas/efectores.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  const filter = validate(BuscarProfSchema, queryOf(request));
  return json({ resultado: await searchProfesionales(filter) }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  return methodNotAllowed();
}

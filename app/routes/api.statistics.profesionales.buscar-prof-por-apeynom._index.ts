// GET /api/statistics/profesionales/buscar-prof-por-apeynom/?apellido&nombre → { resultado: [{ codigo,
// matriculas, nommedefector, matmedefector }] } (spec part 2 §7): the efectores to pick in 'Consumos por
// Efector' (Postgres; matching rule in docs/decisions/014).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { methodNotAllowed, validate } from "~/lib/http.server";
import { BuscarProfSchema } from "~/modules/estadisticas/consumos.schema";
import { buscarProfesionales } from "~/modules/estadisticas/efectores.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/consumos-por-prestador");
  const filter = validate(BuscarProfSchema, Object.fromEntries(new URL(request.url).searchParams));
  return json({ resultado: await buscarProfesionales(filter) }, { headers: { "Cache-Control": "no-store" } });
}

export function action() {
  return methodNotAllowed();
}

// GET /api/tramite (spec part 2 §7): the 'Consulta de Expedientes' filters (tipo_documento, nrotramite, anio, letra,
// dni, fecha_desde, fecha_hasta, iniciador, extracto) with page and size → { tramites, total_records }. Bad input is
// a 422 { msg, errors } (ADR 036). Needs the /tramites screen.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError } from "~/lib/http.server";
import { parseInput, queryOf } from "~/lib/input";
import { TramitesQuerySchema } from "~/modules/tramites/tramites.schema";
import { buscarTramites } from "~/modules/tramites/tramites.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/tramites");
  const parsed = parseInput(TramitesQuerySchema, queryOf(request));
  if (!parsed.ok) throw apiError(422, parsed.msg, parsed.errors);
  return json(await buscarTramites(parsed.data), { headers: { "Cache-Control": "no-store" } });
}

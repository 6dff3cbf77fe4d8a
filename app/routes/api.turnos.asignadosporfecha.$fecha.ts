// GET /api/turnos/asignadosporfecha/{fecha}?tipo_tramite → { turnos } (spec part 2 §7): the appointments of a day
// (every status), by type, time and puesto; tipo_tramite TODOS (default) or one type ('-' refused, unknown → 404).
// Bad input → 422 { msg, errors }.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { consultaParams, turnosPorFecha } from "~/modules/turnos/consulta.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/listado-turnos");
  const q = await consultaParams({ fecha: params.fecha ?? "", tipo_tramite: queryOf(request).tipo_tramite }, "fecha");
  if (!q.ok) throw apiError(q.status, q.msg, q.errors);
  return json(
    { turnos: await turnosPorFecha(q.data.fecha!, q.data.tipo_tramite) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

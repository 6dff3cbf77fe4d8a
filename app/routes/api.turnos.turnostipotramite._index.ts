// GET /api/turnos/turnostipotramite/?tipo_tramite&fecha_turno → { turnos, turnos_config } (spec part 2 §7): every
// slot of the type's day (free ones as VACIO) and the configurations, the requested type's first. Unknown type →
// 404, bad input → 422 { msg, errors }.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { turnosDelDia } from "~/modules/turnos/grilla.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/turnos");
  const q = queryOf(request);
  const r = await turnosDelDia(q.tipo_tramite ?? "", q.fecha_turno ?? "");
  if (!r.ok) throw apiError(r.status, r.msg, r.errors);
  return json({ turnos: r.turnos, turnos_config: r.turnos_config }, { headers: { "Cache-Control": "no-store" } });
}

// GET /api/turnos/turnospordni/{dni}?tipo_tramite → { turnos } (spec part 2 §7): a member's appointments, newest
// first; tipo_tramite TODOS (default) or one type ('-' refused, unknown → 404). Bad input → 422 { msg, errors }.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { consultaParams, turnosPorDni } from "~/modules/turnos/consulta.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/listado-turnos");
  const q = await consultaParams({ dni: params.dni ?? "", tipo_tramite: queryOf(request).tipo_tramite }, "dni");
  if (!q.ok) throw apiError(q.status, q.msg, q.errors);
  return json(
    { turnos: await turnosPorDni(q.data.dni!, q.data.tipo_tramite) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

// PUT /api/turnos/cambiar-estado { id, estado_turno } → { msg, turno } (spec part 2 §4, §7): either turnos screen
// (the grid's status dialog, the lookup's detail dialog); the module checks the requested status against the row's
// current one and the user's operations 20/21/26 (opcionesDeEstado) — ADR 030. Without `version`: accepted, with the
// Deprecation and Warning headers (ADR 047).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen, requireApiUser } from "~/auth/guards.server";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/http.server";
import { JsonObjectSchema } from "~/lib/input";
import { cambiarEstado } from "~/modules/turnos/estado.server";
import { sinVersionHeaders } from "~/lib/version";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  throw methodNotAllowed();
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiScreen(request, ["/turnos", "/listado-turnos"]);
  if (request.method !== "PUT") throw methodNotAllowed();
  const body = await parseJsonBody(request, JsonObjectSchema);
  const r = await cambiarEstado(body, user);
  if (!r.ok) throw apiError(r.status, r.msg, r.errors);
  return json(
    { msg: r.msg, turno: r.turno },
    { headers: { "Cache-Control": "no-store", ...sinVersionHeaders(body.version) } },
  );
}

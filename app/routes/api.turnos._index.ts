// PUT /api/turnos → { msg, turno } (spec part 2 §7): assign a slot (type, date, time, and its nro_turno or puesto) to a
// member, reassign a CANCELADO one, or edit an ASIGNADO one (its id). Operation 20 on /turnos. The module decides
// everything else (agenda, 15-minute window, member, the unique slot): 403/404/409/422 { msg, errors? } — ADR 030. An
// edit (id) without `version` is accepted with the Deprecation and Warning headers (ADR 047).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation, requireApiUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/http.server";
import { JsonObjectSchema } from "~/lib/input";
import { asignarTurno } from "~/modules/turnos/asignar.server";
import { sinVersionHeaders } from "~/lib/version";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  throw methodNotAllowed();
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiOperation(request, OP.ASIGNAR_TURNO, "/turnos");
  if (request.method !== "PUT") throw methodNotAllowed();
  // Any JSON object: the module validates it with asignarTurnoSchema (the form's schema) and answers 422.
  const body = await parseJsonBody(request, JsonObjectSchema);
  const r = await asignarTurno(body, user);
  if (!r.ok) throw apiError(r.status, r.msg, r.errors);
  const headers = { "Cache-Control": "no-store", ...sinVersionHeaders(body.version, body.id != null) };
  return json({ msg: r.msg, turno: r.turno }, { headers });
}

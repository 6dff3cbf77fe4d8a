// PUT /api/mae/modificarAlumno { alumno } (spec part 2 §7) → { alumno, msg }: a saved active student's data (the name
// is the member registry's); unknown → 404, inactive (read-only) → 409. Without `alumno.version`: accepted, with the
// Deprecation and Warning headers (ADR 047).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation, requireApiUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/http.server";
import { ModificarAlumnoSchema } from "~/modules/mae/mae.schema";
import { modificarAlumno } from "~/modules/mae/alumnos.server";
import { sinVersionHeaders } from "~/lib/version";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  throw methodNotAllowed();
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiOperation(request, OP.REGISTRAR_MAE, "/regmae");
  if (request.method !== "PUT") throw methodNotAllowed();
  const input = await parseJsonBody(request, ModificarAlumnoSchema);
  const r = await modificarAlumno(input, user);
  if (!r.ok) throw apiError(r.status, r.msg, r.errors);
  const headers = { "Cache-Control": "no-store", ...sinVersionHeaders(input.alumno.version) };
  return json({ alumno: r.alumno, msg: r.msg }, { headers });
}

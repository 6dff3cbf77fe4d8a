// POST /api/mae/agregarAlumno { id_ficha, alumno } (spec part 2 §7) → 201 { alumno, msg }: a new student, named by the
// member registry; a ficha that does not exist → 404, a DNI without member → 422, the same student twice → 409.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation, requireApiUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/http.server";
import { AgregarAlumnoSchema } from "~/modules/mae/mae.schema";
import { agregarAlumno } from "~/modules/mae/alumnos.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  throw methodNotAllowed();
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiOperation(request, OP.REGISTRAR_MAE, "/regmae");
  if (request.method !== "POST") throw methodNotAllowed();
  const input = await parseJsonBody(request, AgregarAlumnoSchema);
  const r = await agregarAlumno(input, user);
  if (!r.ok) throw apiError(r.status, r.msg, r.errors);
  return json({ alumno: r.alumno, msg: r.msg }, { status: 201, headers: { "Cache-Control": "no-store" } });
}

// DELETE /api/mae/eliminarAlumno/{id} (spec part 2 §7) → { id, msg }: a saved active student; unknown → 404, inactive
// (read-only) → 409.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation, requireApiUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { AlumnoIdParamsSchema } from "~/modules/mae/mae.schema";
import { eliminarAlumno } from "~/modules/mae/alumnos.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  throw methodNotAllowed();
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiOperation(request, OP.REGISTRAR_MAE, "/regmae");
  if (request.method !== "DELETE") throw methodNotAllowed();
  const { id } = validate(AlumnoIdParamsSchema, params);
  const r = await eliminarAlumno(id, user);
  if (!r.ok) throw apiError(r.status, r.msg, r.errors);
  return json({ id: r.id, msg: r.msg }, { headers: { "Cache-Control": "no-store" } });
}

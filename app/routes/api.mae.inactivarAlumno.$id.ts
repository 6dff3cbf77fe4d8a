// PUT /api/mae/inactivarAlumno/{id} (spec part 2 §7) → { alumno, msg }: active → inactive with today's date (the
// insurer's time zone); unknown → 404, already inactive → 409. An optional ?version= (the student's, as read) is the
// stale-edit check: an older one → 409; without it, accepted with the Deprecation and Warning headers (ADR 047).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation, requireApiUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { AlumnoIdParamsSchema, InactivarAlumnoQuerySchema } from "~/modules/mae/mae.schema";
import { inactivarAlumno } from "~/modules/mae/alumnos.server";
import { sinVersionHeaders } from "~/lib/version";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  throw methodNotAllowed();
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiOperation(request, OP.REGISTRAR_MAE, "/regmae");
  if (request.method !== "PUT") throw methodNotAllowed();
  const { id } = validate(AlumnoIdParamsSchema, params);
  const { version } = validate(InactivarAlumnoQuerySchema, queryOf(request));
  const r = await inactivarAlumno(id, user, undefined, version);
  if (!r.ok) throw apiError(r.status, r.msg, r.errors);
  return json(
    { alumno: r.alumno, msg: r.msg },
    { headers: { "Cache-Control": "no-store", ...sinVersionHeaders(version) } },
  );
}

// POST /api/reportes-programados/{id}/ejecutar (issue 29, docs/decisions/058) → 202 { msg }: the run starts in the
// background of this process under the schedule's lock; its outcome shows on the schedule (ultima_ejecucion,
// ultimo_error) and in the files. Operation 40; unknown id (or a responsable beyond the user's scope) → 404; a run
// of it already going (anywhere) → 409; its last run began less than an hour ago → 429 with Retry-After.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation, requireApiUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { IdParamsSchema } from "~/modules/reportes-programados/reportes-programados.schema";
import { ejecutarProgramacion } from "~/modules/reportes-programados/programaciones.server";
import { MSG, SCREEN_PATH } from "~/modules/reportes-programados/rules";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  throw methodNotAllowed();
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiOperation(request, OP.PROGRAMAR_REPORTES, SCREEN_PATH);
  if (request.method !== "POST") throw methodNotAllowed();
  const { id } = validate(IdParamsSchema, params);
  const r = await ejecutarProgramacion(id, user);
  if (!r.ok) {
    const res = apiError(r.status, r.msg, r.errors);
    if ("retryAfterS" in r) res.headers.set("Retry-After", String(r.retryAfterS));
    throw res;
  }
  return json({ id, msg: MSG.INICIADA }, { status: 202, headers: { "Cache-Control": "no-store" } });
}

// GET /api/padron_voluntarios/full-view (spec part 2 §7; docs/decisions/039-voluntary-affiliates.md): estado
// (TODOS, ACTIVO, INACTIVO; TODOS when absent) and search → { listado } with the voluntary affiliate's fields (§3),
// from the reporting snapshot. Bad estado or search → 400 { msg, errors }; no snapshot yet → 503 { msg }.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { voluntariosListado } from "~/modules/voluntarios/voluntarios.server";
import { SCREEN_PATH, VoluntariosQuerySchema } from "~/modules/voluntarios/voluntarios.schema";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  const q = validate(VoluntariosQuerySchema, queryOf(request));
  const r = await voluntariosListado(q);
  if (!r.ok) throw apiError(r.status, r.msg);
  return json({ listado: r.listado }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, SCREEN_PATH);
  throw methodNotAllowed();
}

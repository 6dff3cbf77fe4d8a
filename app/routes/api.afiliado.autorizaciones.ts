// GET /api/afiliado/autorizaciones (nrointernacion, idafi, cobertura, fecha_desde, fecha_hasta, consultaGlobal)
// → { autorizaciones }. Without consultaGlobal a member or a stay is required and fecha_hasta defaults to today
// (not for a stay, whose authorisations are listed whole). At most AUTH_LIST_LIMIT rows, newest first.
// Screen /consultar-padron, then the operation of the listing asked for (ADR 026): a member's list 15, a stay's
// authorisations 38, the cross-member listing (consultaGlobal) 39.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { can, FORBIDDEN_OPERATION, requireApiScreen } from "~/auth/guards.server";
import { todayISO } from "~/lib/dates";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { autorizacionesApiSchema } from "~/modules/afiliados/autorizaciones.schema";
import {
  listAutorizaciones,
  operationForAutorizaciones,
  recordAutorizacionesView,
} from "~/modules/afiliados/autorizaciones.server";

const SCREEN = "/consultar-padron";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiScreen(request, SCREEN);
  const filter = validate(autorizacionesApiSchema(todayISO()), queryOf(request));
  if (!can(user, operationForAutorizaciones(filter))) throw apiError(403, FORBIDDEN_OPERATION);
  const autorizaciones = await listAutorizaciones(filter);
  await recordAutorizacionesView(user, filter, autorizaciones.length);
  return json({ autorizaciones }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, SCREEN);
  throw methodNotAllowed();
}

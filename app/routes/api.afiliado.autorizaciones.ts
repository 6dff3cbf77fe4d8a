// GET /api/afiliado/autorizaciones (nrointernacion, idafi, cobertura, fecha_desde, fecha_hasta, consultaGlobal)
// → { autorizaciones }. Without consultaGlobal a member or a stay is required and fecha_hasta defaults to today
// (not for a stay, whose authorisations are listed whole). At most AUTH_LIST_LIMIT rows, newest first.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation } from "~/auth/guards.server";
import { todayISO } from "~/lib/dates";
import { methodNotAllowed, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { autorizacionesApiSchema } from "~/modules/afiliados/autorizaciones.schema";
import { listAutorizaciones, recordAutorizacionesView } from "~/modules/afiliados/autorizaciones.server";
import { OP } from "~/auth/operations";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiOperation(request, OP.VER_FICHA_CONSUMO, "/consultar-padron");
  const filter = validate(autorizacionesApiSchema(todayISO()), queryOf(request));
  const autorizaciones = await listAutorizaciones(filter);
  await recordAutorizacionesView(user, filter, autorizaciones.length);
  return json({ autorizaciones }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiOperation(request, OP.VER_FICHA_CONSUMO, "/consultar-padron");
  return methodNotAllowed();
}

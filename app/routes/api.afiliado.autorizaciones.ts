// GET /api/afiliado/autorizaciones (nrointernacion, idafi, cobertura, fecha_desde, fecha_hasta, consultaGlobal)
// → { autorizaciones }. Without consultaGlobal a member or a stay is required and fecha_hasta defaults to today
// (not for a stay, whose authorisations are listed whole). At most AUTH_LIST_LIMIT rows, newest first.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~db/client.server";
import { requireApiOperation } from "~/auth/guards.server";
import { todayISO } from "~/lib/dates";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { AutorizacionesQuerySchema, NEED_MEMBER } from "~/modules/afiliados/autorizaciones.schema";
import { listAutorizaciones } from "~/modules/afiliados/autorizaciones.server";
import { audit } from "~/modules/audit-log/audit.server";
import { OP } from "~db/reference";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiOperation(request, OP.VER_FICHA_CONSUMO, "/consultar-padron");
  const q = validate(AutorizacionesQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  if (q.idafi == null && q.nrointernacion == null && !q.consultaGlobal)
    return apiError(400, NEED_MEMBER, [{ param: "idafi", msg: NEED_MEMBER }]);
  const memberView = !q.consultaGlobal && q.nrointernacion == null;
  const filter = { ...q, fecha_hasta: q.fecha_hasta ?? (memberView ? todayISO() : undefined) };
  if (filter.fecha_desde && filter.fecha_hasta && filter.fecha_desde > filter.fecha_hasta) {
    return apiError(400, "La fecha desde no puede ser posterior a la fecha hasta", [
      { param: "fecha_desde", msg: "La fecha desde no puede ser posterior a la fecha hasta" },
    ]);
  }
  const autorizaciones = await listAutorizaciones(filter);
  await audit(await getDb(), user, {
    accion: "afiliado.ver",
    entidad: q.idafi != null ? "afiliado" : undefined,
    entidadId: q.idafi,
    detalle: { tab: "autorizaciones", ...filter, filas: autorizaciones.length },
  });
  return json({ autorizaciones }, { headers: { "Cache-Control": "no-store" } });
}

export const action = () => methodNotAllowed();

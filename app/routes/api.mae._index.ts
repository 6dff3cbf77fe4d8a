// GET /api/mae (spec part 2 §7): one ficha by id (404 when unknown), the ficha of a DNI and school year, or the list
// with its filters and paging → { fichas, total_records }. POST /api/mae creates a ficha (201 { ficha, msg }; the same
// DNI and year twice → 409), PUT /api/mae modifies one ({ ficha, msg }; without `version`, with the Deprecation and
// Warning headers: ADR 047). docs/decisions/032-mae-registry.md.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation, requireApiScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, notFound, methodNotAllowed, parseJsonBody, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { FichaMaeSchema, MaeConsultaSchema } from "~/modules/mae/mae.schema";
import { fichaPorDni, fichaPorId } from "~/modules/mae/mae-data.server";
import { crearFicha, listFichas, MAE_MSG, modificarFicha } from "~/modules/mae/mae.server";
import { sinVersionHeaders } from "~/lib/version";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/listado-mae");
  const { id, dni, ...filtro } = validate(MaeConsultaSchema, queryOf(request));
  if (id != null) {
    const ficha = await fichaPorId(id);
    if (!ficha) throw notFound(MAE_MSG.FICHA_NO_EXISTE);
    return json({ fichas: [ficha], total_records: 1 }, { headers: NO_STORE });
  }
  if (dni != null) {
    const ficha = await fichaPorDni(dni, filtro.anio_lectivo);
    return json({ fichas: ficha ? [ficha] : [], total_records: ficha ? 1 : 0 }, { headers: NO_STORE });
  }
  return json(await listFichas(filtro), { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiOperation(request, OP.REGISTRAR_MAE, "/regmae");
  if (request.method !== "POST" && request.method !== "PUT") throw methodNotAllowed();
  const input = await parseJsonBody(request, FichaMaeSchema);
  if (request.method === "PUT" && input.id == null) {
    throw apiError(400, MAE_MSG.FICHA_ID_OBLIGATORIO, [{ param: "id", msg: MAE_MSG.FICHA_ID_OBLIGATORIO }]);
  }
  const r =
    request.method === "POST" ? await crearFicha({ ...input, id: undefined }, user) : await modificarFicha(input, user);
  if (!r.ok) throw apiError(r.status, r.msg, r.errors);
  const put = request.method === "PUT";
  const headers = { ...NO_STORE, ...sinVersionHeaders(input.version, put) };
  return json({ ficha: r.ficha, msg: r.msg }, { status: put ? 200 : 201, headers });
}

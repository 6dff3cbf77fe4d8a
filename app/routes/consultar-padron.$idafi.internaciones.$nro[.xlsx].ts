// GET /consultar-padron/{idafi}/internaciones/{n}.xlsx: the authorisations of one stay of the member, as the
// dialog 'Listado de autorizaciones - Internación N° {n}' lists them. Screen /consultar-padron + operation 38.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "../../db/client.server";
import { xlsxResponse } from "../../reporting/render/excel";
import { requireOperation } from "~/auth/guards.server";
import { apiError } from "~/lib/http.server";
import { AUTH_SHEET, STAY_EXCEL_COLUMNS } from "~/modules/afiliados/autorizaciones-excel.server";
import { BAD_IDAFI, BAD_NROINTERNACION } from "~/modules/afiliados/autorizaciones.schema";
import { streamAutorizaciones } from "~/modules/afiliados/autorizaciones.server";
import { getInternacion } from "~/modules/afiliados/internaciones.server";
import { audit } from "~/modules/auditoria/audit.server";

const INTERNACIONES = "38";
const id = (v: string | undefined) => {
  const s = (v ?? "").trim().replace(/\.xlsx$/i, "");
  return /^\d{1,9}$/.test(s) && Number(s) > 0 ? Number(s) : null;
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireOperation(request, INTERNACIONES, "/consultar-padron");
  const idafi = id(params.idafi);
  if (idafi == null) return apiError(400, BAD_IDAFI);
  const numero = id(params.nro);
  if (numero == null) return apiError(400, BAD_NROINTERNACION);
  const stay = await getInternacion(numero);
  if (!stay || stay.idafi !== idafi) return apiError(404, `No se encontró la internación N° ${numero} del afiliado`);
  await audit(await getDb(), user, {
    accion: "afiliado.ver",
    entidad: "afiliado",
    entidadId: idafi,
    detalle: { tab: "internaciones", internacion: numero, exportacion: "xlsx" },
  });
  return xlsxResponse(`internacion-${numero}.xlsx`, AUTH_SHEET, STAY_EXCEL_COLUMNS, streamAutorizaciones({ idafi, nrointernacion: numero }));
}

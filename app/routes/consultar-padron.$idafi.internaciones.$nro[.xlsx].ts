// GET /consultar-padron/{idafi}/internaciones/{n}.xlsx: the authorisations of one stay of the member, as the
// dialog 'Listado de autorizaciones - Internación N° {n}' lists them. Screen /consultar-padron + operation 38.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~db/client.server";
import { xlsxResponse } from "~reporting/render/excel";
import { requireDownload } from "~/auth/guards.server";
import { errorResponse, forRequester } from "~/lib/http.server";
import { AUTH_SHEET, STAY_EXCEL_COLUMNS } from "~/modules/afiliados/autorizaciones-excel.server";
import { BAD_IDAFI, BAD_NROINTERNACION } from "~/modules/afiliados/autorizaciones.schema";
import { streamAutorizaciones } from "~/modules/afiliados/autorizaciones.server";
import { getInternacion } from "~/modules/afiliados/internaciones.server";
import { audit } from "~/modules/audit-log/audit.server";
import { OP } from "~db/reference";

const id = (v: string | undefined) => {
  const s = (v ?? "").trim().replace(/\.xlsx$/i, "");
  return /^\d{1,9}$/.test(s) && Number(s) > 0 ? Number(s) : null;
};

export function loader({ request, params }: LoaderFunctionArgs) {
  return forRequester(request, () => exportStay(request, params), { backHref: "/consultar-padron" });
}

async function exportStay(request: Request, params: LoaderFunctionArgs["params"]): Promise<Response> {
  const user = await requireDownload(request, "/consultar-padron", OP.VER_INTERNACIONES);
  const back = { backHref: "/consultar-padron" };
  const idafi = id(params.idafi);
  if (idafi == null) return errorResponse(request, 400, BAD_IDAFI, back);
  const numero = id(params.nro);
  if (numero == null) return errorResponse(request, 400, BAD_NROINTERNACION, back);
  const stay = await getInternacion(numero);
  if (!stay || stay.idafi !== idafi)
    return errorResponse(request, 404, `No se encontró la internación N° ${numero} del afiliado`, back);
  await audit(await getDb(), user, {
    accion: "afiliado.ver",
    entidad: "afiliado",
    entidadId: idafi,
    detalle: { tab: "internaciones", internacion: numero, exportacion: "xlsx" },
  });
  return xlsxResponse(
    `internacion-${numero}.xlsx`,
    AUTH_SHEET,
    STAY_EXCEL_COLUMNS,
    streamAutorizaciones({ idafi, nrointernacion: numero }),
  );
}

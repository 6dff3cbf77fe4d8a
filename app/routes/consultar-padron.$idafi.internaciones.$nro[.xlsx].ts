// GET /consultar-padron/{idafi}/internaciones/{n}.xlsx: the authorisations of one stay of the member, as the
// dialog 'Listado de autorizaciones - Internación N° {n}' lists them. Screen /consultar-padron + operation 38.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { xlsxResponse } from "~reporting/render/excel";
import { requireDownload } from "~/auth/guards.server";
import { errorResponse, forRequester } from "~/lib/http.server";
import { idafiSchema, parseInput } from "~/lib/input";
import { AUTH_SHEET, STAY_EXCEL_COLUMNS } from "~/modules/afiliados/autorizaciones-excel.server";
import { nroInternacionSchema } from "~/modules/afiliados/autorizaciones.schema";
import { streamAutorizaciones } from "~/modules/afiliados/autorizaciones.server";
import { getInternacion, recordInternacionExport } from "~/modules/afiliados/internaciones.server";
import { OP } from "~/auth/operations";

const SCREEN = "/consultar-padron";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDownload(request, SCREEN, OP.VER_INTERNACIONES);
  return forRequester(
    request,
    async () => {
      const back = { backHref: SCREEN };
      const id = parseInput(idafiSchema, params.idafi);
      if (!id.ok) return errorResponse(request, 400, id.msg, back);
      const nro = parseInput(nroInternacionSchema, params.nro);
      if (!nro.ok) return errorResponse(request, 400, nro.msg, back);
      const [idafi, numero] = [id.data, nro.data];
      const stay = await getInternacion(numero);
      if (!stay || stay.idafi !== idafi)
        return errorResponse(request, 404, `No se encontró la internación N° ${numero} del afiliado`, back);
      await recordInternacionExport(user, idafi, numero);
      return xlsxResponse(
        `internacion-${numero}.xlsx`,
        AUTH_SHEET,
        STAY_EXCEL_COLUMNS,
        streamAutorizaciones({ idafi, nrointernacion: numero }),
      );
    },
    { backHref: SCREEN },
  );
}

// GET /consultar-padron/{idafi}/internaciones/{n}.xlsx: the authorisations of one stay of the member, as the
// dialog 'Listado de autorizaciones - Internación N° {n}' lists them. Screen /consultar-padron + operation 38.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { xlsxResponse } from "~reporting/render/excel";
import { requireDownload } from "~/auth/guards.server";
import { errorResponse, forRequester } from "~/lib/http.server";
import { AUTH_SHEET, STAY_EXCEL_COLUMNS } from "~/modules/afiliados/autorizaciones-excel.server";
import { streamAutorizaciones } from "~/modules/afiliados/autorizaciones.server";
import { recordInternacionExport, stayOfUrl } from "~/modules/afiliados/internaciones.server";
import { OP } from "~/auth/operations";

const SCREEN = "/consultar-padron";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDownload(request, SCREEN, OP.VER_INTERNACIONES);
  const back = { backHref: SCREEN };
  return forRequester(
    request,
    async () => {
      const stay = await stayOfUrl(params.idafi, params.nro);
      if (!stay.ok) return errorResponse(request, stay.status, stay.msg, back);
      const { idafi, numero } = stay;
      await recordInternacionExport(user, idafi, numero);
      const rows = streamAutorizaciones({ idafi, nrointernacion: numero });
      return xlsxResponse(`internacion-${numero}.xlsx`, AUTH_SHEET, STAY_EXCEL_COLUMNS, rows);
    },
    back,
  );
}

// GET /consultar-padron/{idafi}/notas.xlsx → the member's 'Notas - Sistema Viejo' as a spreadsheet.
// Operation 14 (the one that shows the Notas tab) is enough: see docs/decisions/006-status-certificate.md.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload } from "~/auth/guards.server";
import { errorResponse, forRequester } from "~/lib/http.server";
import { listNotas, memberOfUrl, recordNotasExport, type Nota } from "~/modules/afiliados/detalle.server";
import { xlsxResponse, type ExcelColumn } from "~reporting/render/excel";
import { OP } from "~db/reference";

const SCREEN = "/consultar-padron";

const COLUMNS: ExcelColumn<Nota>[] = [
  { header: "Fecha", value: (n) => n.fecha_cambio, type: "date", width: 12 },
  { header: "Descripción", value: (n) => n.descripcion_cambio, width: 70 },
  { header: "Usuario", value: (n) => n.nombre_usuario, width: 20 },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDownload(request, SCREEN, OP.VER_NOTAS);
  return forRequester(
    request,
    async () => {
      const member = await memberOfUrl(params.idafi);
      if (!member.ok) return errorResponse(request, member.status, member.msg, { backHref: SCREEN });
      const { afiliado } = member;
      const rows = await listNotas(afiliado.idafi);
      await recordNotasExport(user, afiliado.idafi);
      return xlsxResponse(`notas-afiliado-${afiliado.nroafi}.xlsx`, "Notas", COLUMNS, rows);
    },
    { backHref: SCREEN },
  );
}

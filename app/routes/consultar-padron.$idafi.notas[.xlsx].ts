// GET /consultar-padron/{idafi}/notas.xlsx → the member's 'Notas - Sistema Viejo' as a spreadsheet.
// Operation 14 (the one that shows the Notas tab) is enough: see docs/decisions/006-status-certificate.md.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload } from "~/auth/guards.server";
import { errorResponse, forRequester } from "~/lib/http.server";
import { getAfiliado, listNotas, recordMemberView, type Nota } from "~/modules/afiliados/detalle.server";
import { parseIdafi } from "~/modules/afiliados/padron.schema";
import { xlsxResponse, type ExcelColumn } from "~reporting/render/excel";
import { OP } from "~db/reference";

const COLUMNS: ExcelColumn<Nota>[] = [
  { header: "Fecha", value: (n) => n.fecha_cambio, type: "date", width: 12 },
  { header: "Descripción", value: (n) => n.descripcion_cambio, width: 70 },
  { header: "Usuario", value: (n) => n.nombre_usuario, width: 20 },
];

export function loader({ request, params }: LoaderFunctionArgs) {
  return forRequester(request, () => exportNotas(request, params.idafi), { backHref: "/consultar-padron" });
}

async function exportNotas(request: Request, idafiParam: string | undefined): Promise<Response> {
  const user = await requireDownload(request, "/consultar-padron", OP.VER_NOTAS);
  const idafi = parseIdafi(idafiParam);
  const afiliado = idafi == null ? null : await getAfiliado(idafi);
  if (!afiliado)
    return errorResponse(request, 404, "No existe el afiliado solicitado", { backHref: "/consultar-padron" });
  const rows = await listNotas(afiliado.idafi);
  await recordMemberView(user, afiliado.idafi, { notas: "excel" }, "afiliado.notas.exportar");
  return xlsxResponse(`notas-afiliado-${afiliado.nroafi}.xlsx`, "Notas", COLUMNS, rows);
}

// GET /consultar-padron/{idafi}/notas.xlsx → the member's 'Notas - Sistema Viejo' as a spreadsheet.
// Operation 14 (the one that shows the Notas tab) is enough: see docs/decisions/006-status-certificate.md.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireOperation } from "~/auth/guards.server";
import { apiError } from "~/lib/http.server";
import { getAfiliado, listNotas, recordMemberView, type Nota } from "~/modules/afiliados/detalle.server";
import { parseIdafi } from "~/modules/afiliados/padron.schema";
import { xlsxResponse, type ExcelColumn } from "../../reporting/render/excel";

const COLUMNS: ExcelColumn<Nota>[] = [
  { header: "Fecha", value: (n) => n.fecha_cambio, type: "date", width: 12 },
  { header: "Descripción", value: (n) => n.descripcion_cambio, width: 70 },
  { header: "Usuario", value: (n) => n.nombre_usuario, width: 20 },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireOperation(request, "14", "/consultar-padron");
  const idafi = parseIdafi(params.idafi);
  const afiliado = idafi == null ? null : await getAfiliado(idafi);
  if (!afiliado) throw apiError(404, "No existe el afiliado solicitado");
  const rows = await listNotas(afiliado.idafi);
  await recordMemberView(user, afiliado.idafi, { notas: "excel" }, "afiliado.notas.exportar");
  return xlsxResponse(`notas-afiliado-${afiliado.nroafi}.xlsx`, "Notas", COLUMNS, rows);
}

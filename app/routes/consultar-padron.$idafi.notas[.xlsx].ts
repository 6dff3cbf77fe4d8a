// GET /consultar-padron/{idafi}/notas.xlsx → the member's 'Notas - Sistema Viejo' as a spreadsheet. Screen
// /consultar-padron plus operation 13 'Exportar notas del afiliado' (reading the notes on screen is operation 14;
// exporting them is its own operation, so a profile may read notes without taking them away). Refusals answer a
// browser with the app's error page, an API client with JSON { msg }.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload } from "~/auth/guards.server";
import { listNotas, recordNotasExport } from "~/modules/afiliados/detalle.server";
import { xlsxResponse, type ExcelColumn } from "~reporting/render/excel";
import { OP } from "~/auth/operations";
import { memberDownload } from "~/modules/afiliados/member-download.server";
import type { Nota } from "~/modules/afiliados/rules";

const SCREEN = "/consultar-padron";

const COLUMNS: ExcelColumn<Nota>[] = [
  { header: "Fecha", value: (n) => n.fecha_cambio, type: "date", width: 12 },
  { header: "Descripción", value: (n) => n.descripcion_cambio, width: 70 },
  { header: "Usuario", value: (n) => n.nombre_usuario, width: 20 },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDownload(request, SCREEN, OP.EXPORTAR_NOTAS);
  return memberDownload(request, params.idafi, async (afiliado) => {
    const rows = await listNotas(afiliado.idafi);
    await recordNotasExport(user, afiliado.idafi);
    return xlsxResponse(`notas-afiliado-${afiliado.nroafi}.xlsx`, "Notas", COLUMNS, rows);
  });
}

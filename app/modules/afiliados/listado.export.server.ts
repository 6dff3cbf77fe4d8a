// Excel export of 'Listados de afiliados': the WHOLE filtered list (not one page), streamed from keyset batches
// straight into the XLSX writer, so memory stays flat for 500 000 rows.
import { xlsxResponse, type ExcelColumn } from "~reporting/render/excel";
import { listRowStatus } from "./rules";
import { streamListado, type ListedMember } from "./listado.server";
import type { ListadoFilter } from "./listado.schema";
import { isNullDate } from "~/lib/dates";

const LISTADO_SHEET = "Afiliados";
export const LISTADO_FILENAME = "listado-afiliados.xlsx";

export const LISTADO_COLUMNS: ExcelColumn<ListedMember>[] = [
  { header: "APELLIDO Y NOMBRE", value: (m) => m.apeynom, width: 40 },
  { header: "DNI", value: (m) => m.numdoc, width: 12 },
  { header: "NÚMERO DE AFILIADO", value: (m) => m.nroafi, width: 20 },
  { header: "ESTADO", value: (m) => listRowStatus(m.fechbaja), width: 10 },
  { header: "FECHA DE ALTA", value: (m) => m.fechalta, type: "date", width: 14 },
  { header: "FECHA DE BAJA", value: (m) => m.fechbaja, type: "date", width: 14 },
  { header: "MOTIVO DE BAJA", value: (m) => (isNullDate(m.fechbaja) ? null : m.motbaja), width: 34 },
  { header: "FECHA DE NACIMIENTO", value: (m) => m.baperfenac, type: "date", width: 20 },
];

export function listadoXlsxResponse(filter: ListadoFilter): Response {
  return xlsxResponse(LISTADO_FILENAME, LISTADO_SHEET, LISTADO_COLUMNS, streamListado(filter));
}

// Excel export of 'Consulta de Turnos': the turnos of a search (by DNI or by date, plus the procedure type), the
// same rows as the screen's table, with its audit entry.
import type { AuditActor } from "~/lib/audit.server";
import { audit } from "~/lib/audit.server";
import { getDb } from "~db/client.server";
import { xlsxResponse, type ExcelColumn } from "~reporting/render/excel";
import { turnosPorDni, turnosPorFecha } from "./consulta.server";
import type { Consulta } from "./listado-consulta";
import { nroTurnoTexto, type Turno } from "./rules";

const TURNOS_SHEET = "Turnos";
const TURNOS_FILENAME = "turnos.xlsx";

export const TURNOS_COLUMNS: ExcelColumn<Turno>[] = [
  { header: "TURNO", value: (t) => nroTurnoTexto(t.nro_turno), width: 8 },
  { header: "FECHA", value: (t) => t.fecha_turno, type: "date", width: 12 },
  { header: "HORA", value: (t) => t.hora_turno.slice(0, 5), width: 8 },
  { header: "PUESTO", value: (t) => t.puesto, type: "integer", width: 8 },
  { header: "TIPO DE TRÁMITE", value: (t) => t.tipo_tramite, width: 18 },
  { header: "DNI", value: (t) => t.dni_afiliado, width: 12 },
  { header: "APELLIDO Y NOMBRE", value: (t) => t.apeynom_afiliado, width: 36 },
  { header: "ESTADO", value: (t) => t.estado_turno, width: 12 },
  { header: "OBSERVACIÓN", value: (t) => t.observacion, width: 36 },
  { header: "OPERADOR", value: (t) => t.operador, width: 16 },
];

/** The turnos of a search (no paging: a day or a member has a few dozen). */
export function turnosDeConsulta(c: Consulta): Promise<Turno[]> {
  return c.buscar === "dni" ? turnosPorDni(c.dni, c.tipo_tramite) : turnosPorFecha(c.fecha, c.tipo_tramite);
}

/** The export's audit entry (who exported which search). */
export async function recordExportTurnos(user: AuditActor, c: Consulta): Promise<void> {
  await audit(await getDb(), user, { accion: "turnos.listado.exportar", entidad: "turno", detalle: { ...c } });
}

export async function turnosXlsxResponse(c: Consulta): Promise<Response> {
  return xlsxResponse(TURNOS_FILENAME, TURNOS_SHEET, TURNOS_COLUMNS, await turnosDeConsulta(c));
}

// Excel export of /listado-capa (spec part 2 §9): every column of the record, then one column group (DNI, name,
// age) per household member up to the largest household of the exported records. The rows are read first (at most
// EXPORT_LIMIT): the column count depends on them.
import { xlsxResponse, type ExcelColumn } from "~reporting/render/excel";
import type { FichaCapaExport } from "./capa.server";
import { maxIntegrantes, tipoModuloLabel } from "./rules";

export const XLSX_FILENAME = "capa-covid.xlsx";
export const XLSX_SHEET = "CAPA Covid";

const BASE: ExcelColumn<FichaCapaExport>[] = [
  { header: "N° REGISTRO", value: (f) => f.nro_registro, type: "integer", width: 12 },
  { header: "FECHA REGISTRO", value: (f) => f.fecha_registracion, type: "date", width: 15 },
  { header: "APELLIDO Y NOMBRE", value: (f) => f.afi_nombre, width: 36 },
  { header: "DNI", value: (f) => f.afi_dni, width: 12 },
  { header: "N° AFILIADO", value: (f) => f.afi_nro_afi, width: 16 },
  { header: "PARENTESCO", value: (f) => f.afi_parentesco, width: 14 },
  { header: "EDAD", value: (f) => f.afi_edad, type: "integer", width: 8 },
  { header: "LOCALIDAD", value: (f) => f.afi_localidad, width: 30 },
  { header: "TELÉFONO", value: (f) => f.afi_telefono, width: 16 },
  { header: "TELÉFONO ALTERNATIVO", value: (f) => f.afi_telefono_alternativo, width: 22 },
  { header: "EMAIL", value: (f) => f.afi_email, width: 28 },
  { header: "FECHA POSITIVO", value: (f) => f.fecha_positivo, type: "date", width: 15 },
  { header: "ESQUEMA DE VACUNACIÓN", value: (f) => f.esquema_vacunacion, width: 22 },
  { header: "TIPO DE MÓDULO", value: (f) => tipoModuloLabel(f.tipo_modulo), width: 28 },
  { header: "N° AUTORIZACIÓN SIA", value: (f) => f.nro_autorizacion_sia, width: 20 },
  { header: "CANT. INTEGRANTES", value: (f) => f.cant_integrantes, type: "integer", width: 18 },
  { header: "ESTADO", value: (f) => f.estado_registro, width: 10 },
];

/** The columns of an export: the record's, then DNI / name / age of integrante 1..max. */
export function capaColumns(fichas: readonly FichaCapaExport[]): ExcelColumn<FichaCapaExport>[] {
  const groups: ExcelColumn<FichaCapaExport>[] = [];
  for (let i = 0; i < maxIntegrantes(fichas); i++) {
    const n = i + 1;
    groups.push(
      { header: `DNI INTEGRANTE ${n}`, value: (f) => f.integrantes[i]?.afi_dni_integrante, width: 18 },
      { header: `NOMBRE INTEGRANTE ${n}`, value: (f) => f.integrantes[i]?.afi_nombre_integrante, width: 30 },
      {
        header: `EDAD INTEGRANTE ${n}`,
        value: (f) => f.integrantes[i]?.afi_edad_integrante,
        type: "integer",
        width: 18,
      },
    );
  }
  return [...BASE, ...groups];
}

export function capaXlsxResponse(fichas: FichaCapaExport[]): Response {
  return xlsxResponse(XLSX_FILENAME, XLSX_SHEET, capaColumns(fichas), fichas);
}

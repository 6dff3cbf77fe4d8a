// The CAPA exports' contents (spec part 2 §9): the Excel's column groups, one per household member up to the largest
// household of the export, read back from the file; the PDF's HTML (title and the six columns). No database.
import ExcelJS from "exceljs";
import { describe, expect, test } from "vitest";
import type { FichaCapaExport } from "./capa.server";
import { capaColumns, capaXlsxResponse, XLSX_FILENAME, XLSX_SHEET } from "./export.server";
import { capaReportHtml, REPORT_TITLE } from "./report.server";

const ficha = (n: number, integrantes: FichaCapaExport["integrantes"]): FichaCapaExport => ({
  id: n,
  nro_registro: n,
  fecha_registracion: "2025-03-10",
  afi_dni: `3010010${n}`,
  afi_nro_afi: `01301001${n}00`,
  afi_parentesco: "TITULAR",
  afi_nombre: `PACIENTE ${n}`,
  afi_localidad: "BELÉN",
  afi_edad: 40 + n,
  afi_telefono: "3834123456",
  afi_telefono_alternativo: null,
  afi_email: null,
  fecha_positivo: "2025-03-08",
  esquema_vacunacion: "Completo",
  cant_integrantes: integrantes.length,
  tipo_modulo: integrantes.length ? "modulo3047" : "modulo3046",
  nro_autorizacion_sia: null,
  estado_registro: "ACTIVO",
  version: 1,
  integrantes,
});
const integrante = (dni: string, nombre: string | null, edad: number | null) => ({
  afi_dni_integrante: dni,
  afi_nombre_integrante: nombre,
  afi_edad_integrante: edad,
});

describe("Excel", () => {
  test("no household in the export → no member columns", () => {
    const headers = capaColumns([ficha(1, [])]).map((c) => c.header);
    expect(headers).toContain("ESTADO");
    expect(headers.some((h) => h.includes("INTEGRANTE "))).toBe(false);
  });

  test("one DNI / name / age group per member up to the largest household; the file opens", async () => {
    const fichas = [
      ficha(1, [integrante("45000001", "HIJA UNO", 10)]),
      ficha(2, [integrante("45000002", "A", 1), integrante("45000003", null, null), integrante("45000004", "C", 3)]),
      ficha(3, []),
    ];
    const res = capaXlsxResponse(fichas);
    expect(res.headers.get("Content-Disposition")).toContain(XLSX_FILENAME);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet(XLSX_SHEET)!;
    const row = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    const headers = row(1).map(String);
    expect(headers.slice(-9)).toEqual([
      "DNI INTEGRANTE 1",
      "NOMBRE INTEGRANTE 1",
      "EDAD INTEGRANTE 1",
      "DNI INTEGRANTE 2",
      "NOMBRE INTEGRANTE 2",
      "EDAD INTEGRANTE 2",
      "DNI INTEGRANTE 3",
      "NOMBRE INTEGRANTE 3",
      "EDAD INTEGRANTE 3",
    ]);
    expect(ws.rowCount).toBe(4);
    const second = row(3);
    expect(second[headers.indexOf("APELLIDO Y NOMBRE")]).toBe("PACIENTE 2");
    expect(second[headers.indexOf("TIPO DE MÓDULO")]).toBe("Módulo 3047 - Grupo familiar");
    expect(second[headers.indexOf("DNI INTEGRANTE 3")]).toBe("45000004");
    expect(second[headers.indexOf("EDAD INTEGRANTE 3")]).toBe(3);
    expect(second[headers.indexOf("NOMBRE INTEGRANTE 2")] ?? null).toBeNull();
    expect(row(2)[headers.indexOf("DNI INTEGRANTE 2")] ?? null).toBeNull();
  });
});

test("PDF: 'CAPA Covid' with name, DNI, age, positive date, locality and scheme", () => {
  const html = capaReportHtml({
    fichas: [ficha(1, [])],
    filter: { fecha_desde: "2025-03-01", fecha_hasta: "2025-03-10" },
    total: 1,
    limited: false,
    generatedAt: "2025-03-10T15:00:00Z",
  });
  expect(REPORT_TITLE).toBe("CAPA Covid");
  expect(html).toContain("<h1>CAPA Covid</h1>");
  const headers = [...html.matchAll(/<th[^>]*>([^<]+)<\/th>/g)].map((m) => m[1]);
  expect(headers).toEqual(["APELLIDO Y NOMBRE", "DNI", "EDAD", "FECHA POSITIVO", "LOCALIDAD", "ESQUEMA DE VACUNACIÓN"]);
  expect(html).toContain("PACIENTE 1");
  expect(html).toContain("08/03/2025");
  expect(html).toContain("Registros del 01/03/2025 al 10/03/2025");
});

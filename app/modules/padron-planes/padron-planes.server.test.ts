// Padrón de Planes on a snapshot built from a real test database (hand-built members and enrolments): each filter,
// the mutual exclusion, the 0001-01-01 sentinel, paging and its visibility rule, red rows, the agreement filter,
// the coverage check, the Excel parsed back (GET /api/enrolamiento/*: tests/unit/padron-planes-api.test.ts).
import ExcelJS from "exceljs";
import { describe, expect, test } from "vitest";
import { adminActor, sqlRows } from "~tests/support/db";
import { FILLERS, ids, NONE, TODAY, TOTAL_53, usePlanesSnapshot } from "~tests/support/planes-snapshot";
import { parseInput } from "~/lib/input";
import { dateOrSinFecha } from "~/modules/afiliados/rules";
import {
  buscarEnrolamientos,
  planesReportData,
  planesXlsx,
  XLSX_SHEET,
  type EnrolmentRow,
} from "./padron-planes.server";
import { PlanesApiSchema, PlanesFilterSchema, PlanesQuerySchema, type PlanesFilter } from "./padron-planes.schema";
import {
  enrolmentRowIsRed,
  MSG_VENCIDOS_Y_ACTIVOS,
  msgCoberturaInexistente,
  pagingHidden,
  PDF_MAX_ROWS,
  UNPAGED_MAX_ROWS,
} from "./rules";

usePlanesSnapshot();

function filter(extra: Record<string, string> = {}): PlanesFilter {
  const p = parseInput(PlanesFilterSchema, extra);
  if (!p.ok) throw new Error(p.msg);
  return p.data;
}

async function search(
  extra: Record<string, string> = {},
  paging: Parameters<typeof buscarEnrolamientos>[1] = "unpaged",
) {
  const r = await buscarEnrolamientos(filter(extra), paging, TODAY);
  if (!r.ok) throw new Error(r.msg);
  return r;
}
const surnames = (rows: EnrolmentRow[]) => rows.map((r) => r.baperapell);

describe("the query", () => {
  test("coverage 53 by default, ordered by surname, name, member; the §3 fields of a row", async () => {
    const r = await search();
    expect(r.total).toBe(TOTAL_53);
    expect(surnames(r.rows).slice(0, 7)).toEqual([
      "ÁLVAREZ",
      "BENÍTEZ",
      "CÁCERES",
      "DÍAZ",
      "EZEIZA",
      "EZEIZA",
      "O'NEIL",
    ]);
    expect(r.rows.some((x) => x.baperapell === "ACOSTA")).toBe(false); // coverage 8 only
    const a = r.rows[0];
    expect(a).toMatchObject({
      id: ids.alvarez,
      baperapell: "ÁLVAREZ",
      bapernombr: "MARÍA",
      dni: "30000001",
      bagfmnroaf: "103000000100",
      bagfmfecba: NONE,
      enprfecvig: "2025-06-01",
      enprfecbaj: NONE,
      enprnromie: "00",
      edad: 35, // born 1990-03-11: 36 tomorrow
      sexocodigo: "F",
      localidad: "SAN FERNANDO",
      dpto: "CAPITAL",
      pcia: "CATAMARCA",
      codpostal: "4700",
      domicilio: "SARMIENTO 123",
      telcelular: "3834111111",
      email: "maria@example.com",
      cobcaract: "ESPECIAL",
      cobsubcaract: "EMBARAZO Y PRIMER AÑO DE VIDA",
      tipoconvenio: "RECIPROCIDAD",
      clasificacion_convenio: "TRANSITORIO",
      institucion_convenio: "IOSFA",
      provincia_convenio: "SALTA",
      inicio_convenio: "2025-01-01",
      fin_convenio: "2026-12-31",
      estado: "ACTIVO",
      vencido: false,
    });
    // the open end (the sentinel) reads 'Sin fecha'
    expect(dateOrSinFecha(a.enprfecbaj)).toBe("Sin fecha");
    expect(r.rows[1].domicilio).toBeNull(); // no address row
    expect(r.rows[1].tipoconvenio).toBeNull();
    expect((await search({ cod_padron: "8" })).rows.map((x) => x.baperapell)).toEqual(["ACOSTA"]);
  });

  test("DNI exact; surname and name accent- and case-insensitive, wildcards and SQL-looking text literal", async () => {
    expect(surnames((await search({ afi_dni: "30000002" })).rows)).toEqual(["BENÍTEZ"]);
    expect((await search({ afi_dni: "3000000" })).total).toBe(0); // exact, not a prefix
    expect(surnames((await search({ apellido: "alvarez" })).rows)).toEqual(["ÁLVAREZ"]);
    expect(surnames((await search({ apellido: "CACE" })).rows)).toEqual(["CÁCERES"]);
    expect(surnames((await search({ nombre: "maría" })).rows)).toEqual(["ÁLVAREZ"]);
    expect(surnames((await search({ apellido: "az", nombre: "pedro" })).rows)).toEqual(["DÍAZ"]);
    expect(surnames((await search({ nombre: "0%_" })).rows)).toEqual(["O'NEIL"]);
    expect((await search({ nombre: "%" })).total).toBe(1); // only the name that holds a '%'
    expect((await search({ apellido: "_" })).total).toBe(0);
    expect((await search({ apellido: "' OR 1=1 --" })).total).toBe(0);
    expect(surnames((await search({ apellido: "o'neil" })).rows)).toEqual(["O'NEIL"]);
  });

  test("Afiliados Inactivos: members INACTIVO today (left, or affiliation expired)", async () => {
    const r = await search({ ver_solo_afi_inactivo: "true" });
    expect(surnames(r.rows)).toEqual(["CÁCERES", "DÍAZ"]);
    expect(r.rows.every((x) => x.estado === "INACTIVO")).toBe(true);
  });

  test("Enrolamientos Vencidos: the end is a real date before today (the sentinel and today are not)", async () => {
    const r = await search({ ver_solo_enrolamiento_vencido: "true" });
    expect(r.rows.map((x) => [x.baperapell, x.enprfecbaj])).toEqual([
      ["BENÍTEZ", "2026-01-01"],
      ["EZEIZA", "2024-01-01"],
    ]);
    expect(r.rows.every((x) => x.vencido)).toBe(true);
  });

  test("Enrolamientos Activos: the coverage rule (member not left; end open, today or later)", async () => {
    const r = await search({ ver_solo_enrolamiento_activo: "true" });
    const names = surnames(r.rows);
    expect(names.slice(0, 4)).toEqual(["ÁLVAREZ", "DÍAZ", "EZEIZA", "O'NEIL"]);
    expect(r.total).toBe(4 + FILLERS);
    expect(r.rows.find((x) => x.baperapell === "EZEIZA")!.enprfecbaj).toBe(TODAY);
    expect(names).not.toContain("BENÍTEZ");
    expect(names).not.toContain("CÁCERES");
  });

  test("Vencidos and Activos together are refused with a clear message (screen, downloads and API schemas)", () => {
    const both = { ver_solo_enrolamiento_vencido: "true", ver_solo_enrolamiento_activo: "true" };
    for (const schema of [PlanesFilterSchema, PlanesQuerySchema, PlanesApiSchema]) {
      const p = parseInput(schema, both);
      expect(p.ok).toBe(false);
      if (!p.ok) expect(p.msg).toBe(MSG_VENCIDOS_Y_ACTIVOS);
    }
  });

  test("Afiliados en Convenio de Reciprocidad: members with an agreement", async () => {
    expect(surnames((await search({ ver_afiliados_en_convenio: "true" })).rows)).toEqual(["ÁLVAREZ"]);
  });

  test("red rows: inactive members or ended enrolments", async () => {
    const r = await search();
    const red = r.rows.filter(enrolmentRowIsRed).map((x) => [x.baperapell, x.enprfecbaj]);
    expect(red).toEqual([
      ["BENÍTEZ", "2026-01-01"],
      ["CÁCERES", NONE],
      ["DÍAZ", "2026-12-31"],
      ["EZEIZA", "2024-01-01"],
    ]);
  });

  test("paging by 20, and hidden when inactive-only or expired-only is on", async () => {
    const p0 = await search({}, { page: 0, size: 20 });
    const p1 = await search({}, { page: 1, size: 20 });
    expect(p0.rows).toHaveLength(20);
    expect(p1.rows).toHaveLength(TOTAL_53 - 20);
    expect(p0.total).toBe(TOTAL_53);
    const all = await search();
    expect([...p0.rows, ...p1.rows].map((x) => x.idenrolamiento)).toEqual(all.rows.map((x) => x.idenrolamiento));
    const flags = {
      ver_solo_afi_inactivo: false,
      ver_solo_enrolamiento_vencido: false,
      ver_solo_enrolamiento_activo: false,
    };
    expect(pagingHidden(flags)).toBe(false);
    expect(pagingHidden({ ...flags, ver_solo_enrolamiento_activo: true })).toBe(false);
    expect(pagingHidden({ ...flags, ver_solo_afi_inactivo: true })).toBe(true);
    expect(pagingHidden({ ...flags, ver_solo_enrolamiento_vencido: true })).toBe(true);
    expect(UNPAGED_MAX_ROWS).toBeGreaterThan(20);
  });

  test("an unknown coverage is a 422 with a clear message", async () => {
    const r = await buscarEnrolamientos(filter({ cod_padron: "999" }), { page: 0, size: 20 }, TODAY);
    expect(r).toEqual({ ok: false, status: 422, msg: msgCoberturaInexistente(999) });
  });
});

describe("exports", () => {
  test("Excel: every row of the filter, parsed back", async () => {
    const r = await planesXlsx(await adminActor(), filter(), TODAY);
    if (!r.ok) throw new Error(r.msg);
    expect(r.response.headers.get("Content-Disposition")).toContain("padron-planes.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await r.response.arrayBuffer());
    const ws = wb.getWorksheet(XLSX_SHEET)!;
    expect(ws.actualRowCount).toBe(TOTAL_53 + 1);
    expect(ws.getRow(1).getCell(1).value).toBe("APELLIDO");
    expect(ws.getRow(2).getCell(1).value).toBe("ÁLVAREZ");
    expect(ws.getRow(2).getCell(17).value).toBe("SARMIENTO 123");
    const [audit] = await sqlRows<{ accion: string }>(
      "SELECT accion FROM audit_log WHERE accion = 'padron_planes.exportar' ORDER BY id DESC LIMIT 1",
    );
    expect(audit?.accion).toBe("padron_planes.exportar");
    const bad = await planesXlsx(await adminActor(), filter({ cod_padron: "999" }), TODAY);
    expect(bad).toMatchObject({ ok: false, status: 422 });
  });

  test("PDF data: all rows under the bound", async () => {
    const r = await planesReportData(await adminActor(), filter({ ver_solo_enrolamiento_vencido: "true" }), TODAY);
    if (!r.ok) throw new Error(r.msg);
    expect(r.data.rows).toHaveLength(2);
    expect(r.data.cobertura).toBe("53 - PLAN MATERNO INFANTIL");
    expect(PDF_MAX_ROWS).toBeGreaterThanOrEqual(1000);
  });
});

// The voluntary affiliates module on a hand-built snapshot: the screen's page and total, the grid's full list, the
// API's listado (spec §3 names, CUILs as text), the Excel parsed back (sheet, headers, a row; streamed from the
// snapshot, the export in the audit log), the schema's refusals, and "no snapshot yet" as a 503 message.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminActor, sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { HOY, IDS, seedVoluntarios } from "~tests/support/voluntarios-snapshot";
import { parseInput } from "~/lib/input";
import { CUIL_MISSING_SHORT } from "~/modules/afiliados/rules";
import { exportVoluntarios, voluntariosListado, voluntariosPage, voluntariosTodos } from "./voluntarios.server";
import {
  EXCEL_SHEET,
  MSG_ESTADO,
  MSG_SEARCH_CARACTERES,
  MSG_SEARCH_LARGO,
  VoluntariosQuerySchema,
  VoluntariosScreenSchema,
} from "./voluntarios.schema";
import { filterVoluntarios } from "./rules";
import { sortRows } from "~/components/ui/grid-rules";
import { VOLUNTARIOS_COLUMNS } from "./columns";

let t: TestDb;

beforeAll(async () => {
  t = await useTestDatabase();
  await seedVoluntarios();
}, 120_000);

afterAll(async () => {
  await t?.cleanup();
});

const q = (estado: "TODOS" | "ACTIVO" | "INACTIVO", search = "") => ({ estado, search });

test("the screen's page: the total of the filter and one page of 20 by name", async () => {
  const r = await voluntariosPage(q("INACTIVO"), 0, HOY);
  expect(r.ok && { total: r.total, ids: r.rows.map((x) => x.idafifam) }).toEqual({
    total: 2,
    ids: [IDS.maria, IDS.luis],
  });
  const past = await voluntariosPage(q("TODOS"), 3, HOY);
  expect(past.ok && { total: past.total, rows: past.rows }).toEqual({ total: 5, rows: [] });
  const todos = await voluntariosTodos(q("ACTIVO"), HOY);
  expect(todos.ok && todos.rows.map((x) => x.idafifam)).toEqual([IDS.jose, IDS.pedro, IDS.ana]);
});

test("the API's listado: the spec's fields, the CUILs as text, the holder", async () => {
  const r = await voluntariosListado(q("TODOS", "maría"), HOY);
  expect(r.ok && r.listado).toEqual([
    {
      apeynomfam: "ALVAREZ, MARÍA",
      nroafifam: "21-300001-01",
      dnifam: "30111333",
      cuitfam: "27-30111333-7",
      idafifam: IDS.maria,
      estado: "INACTIVO",
      clasificacion: "VOLUNTARIO",
      sexo: "F",
      fechabaja: "2025-05-01",
      motivobaja: "FALTA DE PAGO (PRUEBA)",
      apeynomtit: "ÁLVAREZ, JOSÉ",
      idafitit: IDS.jose,
      cuittit: "20-30111222-0",
      dnitit: "30111222",
      categoriatit: "VOLUNTARIO GRUPO FAMILIAR",
    },
  ]);
  const ana = await voluntariosListado(q("TODOS", "100%"), HOY);
  expect(ana.ok && ana.listado.map((x) => [x.idafifam, x.cuitfam])).toEqual([[IDS.ana, CUIL_MISSING_SHORT]]);
});

test("the Excel: sheet 'Listado Voluntarios', the family-member and holder headers, a row; the export audited", async () => {
  const user = await adminActor();
  const before = await sqlOne("SELECT count(*) FROM audit_log WHERE accion = 'voluntarios.exportar'");
  const r = await exportVoluntarios(user, q("TODOS"));
  expect(r.ok).toBe(true);
  if (!r.ok) return;
  expect(r.response.headers.get("content-type")).toContain("spreadsheetml");
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await r.response.arrayBuffer()) as unknown as ExcelJS.Buffer);
  expect(wb.worksheets.map((w) => w.name)).toEqual([EXCEL_SHEET]);
  const ws = wb.getWorksheet(EXCEL_SHEET)!;
  const values = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
  expect(values(1)).toEqual([
    "APELLIDO Y NOMBRE",
    "NÚMERO DE AFILIADO",
    "DNI",
    "CUIL",
    "NÚMERO INTERNO",
    "ESTADO",
    "CLASIFICACIÓN",
    "SEXO",
    "FECHA DE BAJA",
    "MOTIVO DE BAJA",
    "APELLIDO Y NOMBRE TITULAR",
    "NÚMERO INTERNO TITULAR",
    "CUIL TITULAR",
    "DNI TITULAR",
    "CATEGORÍA TITULAR",
  ]);
  expect(ws.rowCount).toBe(6);
  // row 3 is María (ÁLVAREZ, JOSÉ sorts first, accents ignored)
  expect(values(3)).toEqual([
    "ALVAREZ, MARÍA",
    "21-300001-01",
    "30111333",
    "27-30111333-7",
    IDS.maria,
    "INACTIVO",
    "VOLUNTARIO",
    "F",
    new Date(Date.UTC(2025, 4, 1)),
    "FALTA DE PAGO (PRUEBA)",
    "ÁLVAREZ, JOSÉ",
    IDS.jose,
    "20-30111222-0",
    "30111222",
    "VOLUNTARIO GRUPO FAMILIAR",
  ]);
  expect(ws.getRow(3).getCell(9).numFmt).toBe("dd/mm/yyyy");
  // not left: the leave date and reason are empty cells (the sentinel never shows)
  const jose = ws.getRow(2);
  expect([jose.getCell(1).value, jose.getCell(9).value, jose.getCell(10).value]).toEqual(["ÁLVAREZ, JOSÉ", null, null]);
  expect(await sqlOne("SELECT count(*) FROM audit_log WHERE accion = 'voluntarios.exportar'")).toBe(before + 1);
  const [entry] = await sqlRows<{ detalle: unknown; usuario: string }>(
    "SELECT detalle, usuario FROM audit_log WHERE accion = 'voluntarios.exportar' ORDER BY id DESC LIMIT 1",
  );
  expect(entry).toEqual({ usuario: "admin", detalle: { estado: "TODOS", search: null, via: "xlsx" } });
});

test("no snapshot yet: the store's message, never an error", async () => {
  const saved = process.env.REPORTING_DIR;
  process.env.REPORTING_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "osep-vol-empty-"));
  try {
    const page = await voluntariosPage(q("TODOS"), 0, HOY);
    expect(page).toEqual({ ok: false, status: 503, msg: expect.stringContaining("todavía no están disponibles") });
    const api = await voluntariosListado(q("TODOS"), HOY);
    expect(api.ok).toBe(false);
    const xlsx = await exportVoluntarios(await adminActor(), q("TODOS"));
    expect(xlsx).toMatchObject({ ok: false, status: 503 });
  } finally {
    fs.rmSync(process.env.REPORTING_DIR, { recursive: true, force: true });
    process.env.REPORTING_DIR = saved;
  }
});

describe("the query schema", () => {
  const parse = (raw: Record<string, string>) => parseInput(VoluntariosQuerySchema, raw);
  test("estado: TODOS by default, any case; anything else refused", () => {
    expect(parse({})).toEqual({ ok: true, data: { estado: "TODOS", search: "" } });
    expect(parse({ estado: "activo", search: "  perez " })).toEqual({
      ok: true,
      data: { estado: "ACTIVO", search: "perez" },
    });
    expect(parse({ estado: "BORRADO" })).toMatchObject({ ok: false, msg: MSG_ESTADO });
    expect(parse({ estado: "' OR 1=1 --" })).toMatchObject({
      ok: false,
      errors: [{ param: "estado", msg: MSG_ESTADO }],
    });
  });
  test("search: names with accents, ' - . % _ allowed; SQL or HTML-looking text and 101 characters refused", () => {
    for (const ok of ["Núñez O'Brien", "PEREZ_100%", "21-300001-00", "30.111.222", "ñandú"])
      expect(parse({ search: ok }).ok, ok).toBe(true);
    for (const bad of ["' OR 1=1 --", "x; DROP TABLE afiliados", "<script>alert(1)</script>", "a\u0000b", 'a"b'])
      expect(parse({ search: bad }), bad).toMatchObject({
        ok: false,
        errors: [{ param: "search", msg: MSG_SEARCH_CARACTERES }],
      });
    expect(parse({ search: "x".repeat(101) })).toMatchObject({ ok: false, msg: MSG_SEARCH_LARGO });
    expect(parse({ search: "x".repeat(100) }).ok).toBe(true);
  });
  test("page: 0 by default, a whole number; -1 refused", () => {
    expect(parseInput(VoluntariosScreenSchema, { estado: "TODOS", page: "2" })).toMatchObject({
      ok: true,
      data: { page: 2 },
    });
    expect(parseInput(VoluntariosScreenSchema, { estado: "TODOS", page: "-1" }).ok).toBe(false);
  });
});

test("the grid's local filter follows the server's rule (name without accents, DNI, affiliate number)", async () => {
  const todos = await voluntariosTodos(q("TODOS"), HOY);
  if (!todos.ok) throw new Error(todos.msg);
  const local = (text: string) => filterVoluntarios(todos.rows, text).map((r) => r.idafifam);
  for (const text of ["alvarez", "ÁLVAREZ", "nunez", "30111333", "21-300001", "%", "_", "  "]) {
    const server = await voluntariosPage(q("TODOS", text.trim()), 0, HOY);
    expect(local(text), text).toEqual(server.ok ? server.rows.map((r) => r.idafifam) : null);
  }
});

test("the server table sorted by a column (ADR 059): every row of the filter sorted by the grid's rules, then paged", async () => {
  const todos = await voluntariosTodos(q("TODOS"), HOY);
  if (!todos.ok) throw new Error(todos.msg);
  for (const sort of [
    { key: "dnifam", dir: "desc" },
    { key: "apeynomfam", dir: "asc" },
    { key: "clasificacion", dir: "asc" },
  ] as const) {
    const grid = sortRows(todos.rows, VOLUNTARIOS_COLUMNS, sort).map((r) => r.idafifam); // what AG Grid is given
    const server = await voluntariosPage(q("TODOS"), 0, HOY, sort);
    expect(server.ok && { total: server.total, ids: server.rows.map((r) => r.idafifam) }, sort.key).toEqual({
      total: todos.rows.length,
      ids: grid.slice(0, 20),
    });
  }
  const dnis = todos.rows.map((r) => r.dnifam);
  const desc = await voluntariosPage(q("TODOS"), 0, HOY, { key: "dnifam", dir: "desc" });
  expect(desc.ok && desc.rows.map((r) => r.dnifam)).toEqual(
    [...dnis].sort((a, b) => Number(b) - Number(a)), // digits compare as numbers
  );
  // the filter first (the spec's search), then the order
  const filtered = await voluntariosPage(q("TODOS", "a"), 0, HOY, { key: "dnifam", dir: "asc" });
  const expected = sortRows(filterVoluntarios(todos.rows, "a"), VOLUNTARIOS_COLUMNS, { key: "dnifam", dir: "asc" });
  expect(filtered.ok && filtered.rows.map((r) => r.idafifam)).toEqual(expected.map((r) => r.idafifam));
});

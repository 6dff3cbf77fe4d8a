// The member-list export streams the whole filtered list as XLSX; parsed back with exceljs it holds the header
// plus one row per member of the filter.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, expect, test } from "vitest";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { getDriver } from "~db/client.server";
import { seedDomain } from "~db/seed/index";
import { countAfiliados } from "./listado.server";
import { ListadoFilterSchema } from "./listado.schema";
import { LISTADO_COLUMNS, LISTADO_FILENAME, listadoXlsxResponse } from "./listado.export.server";

let t: TestDb;

beforeAll(async () => {
  t = await useTestDatabase();
  await seedDomain(t.db, await getDriver(), { scale: "demo", seed: 1, today: "2025-06-15", log: () => {} });
});
afterAll(async () => {
  await t?.cleanup();
});

async function parse(res: Response): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  return wb.getWorksheet("Afiliados")!;
}

test.each([[{}], [{ ver_solo_afi_inactivo: "true" }], [{ nombre: "gonz" }]])(
  "filter %j: sheet 'Afiliados' with header + filtered total rows",
  async (raw) => {
    const filter = ListadoFilterSchema.parse(raw);
    const res = listadoXlsxResponse(filter);
    expect(res.headers.get("Content-Type")).toContain("spreadsheetml");
    expect(res.headers.get("Content-Disposition")).toContain(LISTADO_FILENAME);
    const ws = await parse(res);
    const total = await countAfiliados(filter);
    expect(total).toBeGreaterThan(0);
    expect(ws.actualRowCount).toBe(total + 1);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(LISTADO_COLUMNS.map((c) => c.header));
  },
);

test("cells: status, dates as dates, leave reason only for leavers", async () => {
  const ws = await parse(listadoXlsxResponse(ListadoFilterSchema.parse({ ver_solo_afi_inactivo: "true" })));
  const row = ws.getRow(2).values as unknown[];
  expect(row[4]).toBe("INACTIVO");
  expect(row[6]).toBeInstanceOf(Date);
  expect(typeof row[7]).toBe("string");
  const all = await parse(listadoXlsxResponse(ListadoFilterSchema.parse({})));
  let active = 0;
  all.eachRow((r, n) => {
    if (n === 1) return;
    const v = r.values as unknown[];
    if (v[4] === "ACTIVO") {
      active++;
      expect(v[6] ?? null).toBeNull();
      expect(v[7] ?? null).toBeNull();
    }
  });
  expect(active).toBeGreaterThan(0);
});

// The liquidation query on a hand-built snapshot: period bounds, one CUIT, order, and the CSV records DuckDB writes.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { refreshSnapshot, withSnapshot } from "~reporting/index";
import { copyLiquidacionCsv, LIQUIDACION_FIELDS, liquidacionCount, liquidacionRows } from "./liquidacion";

const CUIT = "30-11111118-5";
const OTHER = "30-22222227-1";
let t: TestDb;

beforeAll(async () => {
  t = await useTestDatabase({ users: false });
  const rows: [number, string, string | null, string][] = [
    [5, "2025-03-02", "10:00:00", CUIT],
    [4, "2025-03-02", "09:00:00", CUIT],
    [3, "2025-03-02", "09:00:00", CUIT],
    [2, "2025-03-01", null, CUIT],
    [1, "2025-03-01", "00:00:00", CUIT],
    [6, "2025-03-03", "08:00:00", CUIT],
    [7, "2025-03-04", "08:00:00", CUIT],
    [8, "2025-03-02", "08:00:00", OTHER],
  ];
  for (const [nro, fecha, hora, cuit] of rows) {
    await sqlRows(
      `insert into autorizaciones (nroautorizacion, practica, autorizo, modalidad, fecha, hora, cuit_responsable, montoauthonorario)
       values ($1, '420101', 'AUTORIZADA', 'CONSUMO', $2, $3, $4, '10.50')`,
      [nro, fecha, hora, cuit],
    );
  }
  await sqlRows("insert into responsables (nombre, cuit) values ('A', $1)", [CUIT]);
  await refreshSnapshot();
}, 120_000);

afterAll(async () => {
  await t?.cleanup();
});

const f = { desde: "2025-03-01", hasta: "2025-03-03", cuit: CUIT };

test("rows of one CUIT in the period (both ends inclusive), ordered by fecha, hora (NULL last), nroautorizacion", async () => {
  await withSnapshot(async (reader) => {
    const rows = await liquidacionRows(reader, f);
    expect(rows.map((r) => r.nroautorizacion)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Object.keys(rows[0])).toEqual([...LIQUIDACION_FIELDS]);
    expect(rows[0]).toMatchObject({
      fecha: "2025-03-01",
      hora: "00:00:00",
      montoauthonorario: "10.50",
      anulado: false,
    });
    expect(await liquidacionCount(reader, f)).toBe(6);
    expect((await liquidacionRows(reader, f, 2)).map((r) => r.nroautorizacion)).toEqual([1, 2]);
    expect(await liquidacionRows(reader, { ...f, cuit: "' OR 1=1 --" })).toEqual([]);
  });
});

test("the CSV records written by DuckDB: the same rows in the same order, one CRLF record each, no header", async () => {
  const file = path.join(t.reportingDir, "liquidacion-test.csv");
  await withSnapshot(async (reader) => {
    expect(await copyLiquidacionCsv(reader, f, file)).toBe(6);
  });
  const text = fs.readFileSync(file, "utf8");
  fs.rmSync(file);
  const records = text.split("\r\n");
  expect(records.pop()).toBe("");
  expect(records.map((r) => r.split(";")[0])).toEqual(["1", "2", "3", "4", "5", "6"]);
  expect(records[0]).toBe("1;01/03/2025;420101;;10,50;;;;;;;1;;;;;CONSUMO;00:00:00;AUTORIZADA;;;NO;");
});

// The efector picked by its code in 'Consumos por Efector' (exact code, trimmed; blank or unknown → null). The
// search by name is tested with the professional registry (app/modules/prestadores/profesionales-nombre.server.test.ts).
import { afterAll, beforeAll, expect, test } from "vitest";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { efectorByCodigo } from "./efectores.server";

let t: TestDb;

beforeAll(async () => {
  t = await useTestDatabase({ users: false });
  await sqlRows("insert into efectores (codigo, matriculas, nommedefector, matmedefector) values ($1, $2, $3, $4)", [
    "80003",
    "3333",
    "PEREYRA LUIS",
    "3333",
  ]);
});
afterAll(() => t?.cleanup());

test("efector by code", async () => {
  expect(await efectorByCodigo(" 80003 ")).toEqual({
    codigo: "80003",
    matriculas: "3333",
    nommedefector: "PEREYRA LUIS",
    matmedefector: "3333",
  });
  expect(await efectorByCodigo("nope")).toBeNull();
  expect(await efectorByCodigo("")).toBeNull();
  expect(await efectorByCodigo("8".repeat(31))).toBeNull();
});

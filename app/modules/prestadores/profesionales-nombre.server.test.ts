// The statistics screens' professional (efector) search by apellido/nombre (docs/decisions/014, moved here by 037):
// word starts in any order, case- and accent-insensitive, the apellido's start first, wildcards and quotes inert,
// at most MAX_EFECTORES rows.
import { afterAll, beforeAll, expect, test } from "vitest";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { BuscarProfSchema } from "./profesionales.schema";
import { searchProfesionales, MAX_EFECTORES } from "./profesionales.server";

let t: TestDb;
const codes = async (apellido: string, nombre = "") =>
  (await searchProfesionales(BuscarProfSchema.parse({ apellido, nombre }))).map((e) => e.codigo);

beforeAll(async () => {
  t = await useTestDatabase({ users: false });
  const rows: [string, string, string][] = [
    ["80001", "PÉREZ JUAN CARLOS", "1111"],
    ["80002", "GÓMEZ PÉREZ ANA", "2222"],
    ["80003", "PEREYRA LUIS", "3333"],
    ["80004", "CLINICA SAN JUAN SRL", "444"],
    ["80005", "MUÑOZ MARÍA_JOSÉ", "5555"],
    ["80006", "O'BRIEN PATRICIO", "6666"],
  ];
  for (const [codigo, nom, mat] of rows) {
    await sqlRows("insert into efectores (codigo, matriculas, nommedefector, matmedefector) values ($1, $2, $3, $4)", [
      codigo,
      mat,
      nom,
      mat,
    ]);
  }
  for (let i = 0; i < MAX_EFECTORES + 5; i++) {
    await sqlRows("insert into efectores (codigo, nommedefector, matmedefector) values ($1, $2, $3)", [
      `81${String(i).padStart(3, "0")}`,
      `ZAPATA ${i}`,
      "1",
    ]);
  }
});
afterAll(() => t?.cleanup());

test("case- and accent-insensitive word starts; names starting with the apellido first", async () => {
  expect(await codes("perez")).toEqual(["80001", "80002"]);
  expect(await codes("PÉR")).toEqual(["80003", "80001", "80002"]);
  expect(await codes("gomez")).toEqual(["80002"]);
});

test("apellido and nombre together: every word must start a word of the name, in any order", async () => {
  expect(await codes("perez", "juan")).toEqual(["80001"]);
  expect(await codes("perez", "ana")).toEqual(["80002"]);
  expect(await codes("", "juan")).toEqual(["80004", "80001"]);
  expect(await codes("perez", "luis")).toEqual([]);
  expect(await codes("muñoz", "maria jose")).toEqual(["80005"]);
  expect(await codes("obrien")).toEqual([]); // "O'BRIEN" is the words "o" and "brien"
  expect(await codes("o brien")).toEqual(["80006"]);
});

test("wildcards and SQL-looking text are plain text", async () => {
  expect(await codes("%")).toEqual([]);
  expect(await codes("_")).toEqual([]);
  expect(await codes("' OR 1=1 --")).toEqual([]);
  expect(await codes("perez'; drop table efectores; --")).toEqual([]);
  expect(await codes("perez")).toEqual(["80001", "80002"]);
});

test(`at most ${MAX_EFECTORES} rows, in name order; the returned fields`, async () => {
  const many = await searchProfesionales(BuscarProfSchema.parse({ apellido: "zapata" }));
  expect(many.length).toBe(MAX_EFECTORES);
  expect(Object.keys(many[0]).sort()).toEqual(["codigo", "matmedefector", "matriculas", "nommedefector"]);
  const [perez] = await searchProfesionales(BuscarProfSchema.parse({ apellido: "perez", nombre: "juan" }));
  expect(perez).toEqual({
    codigo: "80001",
    matriculas: "1111",
    nommedefector: "PÉREZ JUAN CARLOS",
    matmedefector: "1111",
  });
});

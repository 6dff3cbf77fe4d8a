// The Padrón de Profesionales on a real database (docs/decisions/037): apellido and nombre by word starts, case- and
// accent-insensitive; matricula by prefix with wildcards literal; colegio by id or description (unknown → nothing);
// paging and total; the for_export cap; the colleges in order; the screen's calm answers.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { PadronQuerySchema, type PadronFilter } from "./profesionales.schema";
import {
  countPrestadores,
  exportPrestadores,
  listColegios,
  listPrestadores,
  loosePattern,
  MSG_PADRON_NO_DISPONIBLE,
  padronPantalla,
} from "./profesionales.server";

let t: TestDb;

const filter = (raw: Record<string, string>): PadronFilter => {
  const { page: _p, size: _s, for_export: _e, ...f } = PadronQuerySchema.parse(raw);
  return f;
};
const matriculas = async (raw: Record<string, string>) =>
  (await listPrestadores({ ...filter(raw), page: 0, size: 100 })).prestadores.map((p) => p.matricula);

beforeAll(async () => {
  t = await useTestDatabase({ users: false });
  await sqlRows("insert into colegios (id, sptpmdescr) values (1, 'COLEGIO MEDICO'), (2, 'COLEGIO ODONTOLOGICO')");
  const rows: [string, string, string, number | null][] = [
    ["PÉREZ", "JUAN CARLOS", "1001", 1],
    ["GÓMEZ PÉREZ", "ANA MARÍA", "1002", 1],
    ["PEREYRA", "LUIS", "1003", 2],
    ["MUÑOZ", "JOSÉ_LUIS", "2001", 2],
    ["O'BRIEN", "PATRICIO", "2%01", null],
    ["ZÁRATE", "INÉS", "10045", 1],
  ];
  for (const [apellido, nombre, matricula, colegio] of rows) {
    await sqlRows(
      `insert into prestadores (apellido, nombre, matricula, colegio_id, especialidad, domicilio, localida, telefono)
       values ($1, $2, $3, $4, 'CLINICA MEDICA', 'SARMIENTO 123', 'CAPITAL', '3834-000000')`,
      [apellido, nombre, matricula, colegio],
    );
  }
  // 12 more of one college for paging.
  await sqlRows(
    `insert into prestadores (apellido, nombre, matricula, colegio_id)
     select 'ZAPATA', 'NOMBRE ' || lpad(g::text, 2, '0'), (5000 + g)::text, 2 from generate_series(1, 12) g`,
  );
});
afterAll(() => t?.cleanup());

describe("apellido and nombre: every word starts a word of the column, case- and accent-insensitive", () => {
  test("apellido", async () => {
    expect(await matriculas({ apellido: "perez" })).toEqual(["1002", "1001"]);
    expect(await matriculas({ apellido: "PÉR" })).toEqual(["1002", "1003", "1001"]);
    expect(await matriculas({ apellido: "gomez perez" })).toEqual(["1002"]);
    expect(await matriculas({ apellido: "rez" })).toEqual([]); // not a contains search
    expect(await matriculas({ apellido: "zarate" })).toEqual(["10045"]);
  });
  test("nombre, and both together", async () => {
    expect(await matriculas({ nombre: "maria" })).toEqual(["1002"]);
    expect(await matriculas({ nombre: "ines" })).toEqual(["10045"]);
    expect(await matriculas({ nombre: "luis" })).toEqual(["2001", "1003"]);
    expect(await matriculas({ apellido: "perez", nombre: "juan" })).toEqual(["1001"]);
    expect(await matriculas({ apellido: "perez", nombre: "luis" })).toEqual([]);
  });
});

test("the prefilter pattern lets every accented spelling through (a e i o u n as '_')", async () => {
  expect(loosePattern("perez")).toBe("%p_r_z%");
  expect(loosePattern("munoz")).toBe("%m___z%");
  expect(await matriculas({ apellido: "MUÑOZ", nombre: "jose" })).toEqual(["2001"]);
  expect(await matriculas({ apellido: "munoz", nombre: "JOSÉ LUIS" })).toEqual(["2001"]);
});

test("wildcards and SQL-looking text are plain text", async () => {
  expect(await matriculas({ apellido: "%" })).toEqual([]);
  expect(await matriculas({ apellido: "_" })).toEqual([]);
  expect(await matriculas({ nombre: "%" })).toEqual([]);
  expect(await matriculas({ apellido: "' OR 1=1 --" })).toEqual([]);
  expect(await matriculas({ apellido: "perez'; drop table prestadores; --" })).toEqual([]);
  expect(await matriculas({ matricula: "%" })).toEqual([]);
  expect(await matriculas({ matricula: "_001" })).toEqual([]);
  expect(await matriculas({ matricula: "2%" })).toEqual(["2%01"]); // the % typed is a literal %
  expect(await countPrestadores(filter({}))).toBe(18);
});

test("matricula: the licence or its start", async () => {
  expect(await matriculas({ matricula: "1001" })).toEqual(["1001"]);
  expect(await matriculas({ matricula: "100" })).toEqual(["1002", "1003", "1001", "10045"]);
  expect(await matriculas({ matricula: " 1004 " })).toEqual(["10045"]);
  expect(await matriculas({ matricula: "999" })).toEqual([]);
});

test("colegio: TODOS, an id or a description (any case); an unknown one matches nothing", async () => {
  expect(await countPrestadores(filter({ colegio: "TODOS" }))).toBe(18);
  expect(await countPrestadores(filter({ colegio: "" }))).toBe(18);
  expect(await matriculas({ colegio: "COLEGIO MEDICO" })).toEqual(["1002", "1001", "10045"]);
  expect(await matriculas({ colegio: "colegio medico" })).toEqual(["1002", "1001", "10045"]);
  expect(await matriculas({ colegio: "1" })).toEqual(["1002", "1001", "10045"]);
  expect(await countPrestadores(filter({ colegio: "COLEGIO ODONTOLOGICO" }))).toBe(14);
  expect(await countPrestadores(filter({ colegio: "COLEGIO INEXISTENTE" }))).toBe(0);
  expect(await countPrestadores(filter({ colegio: "999" }))).toBe(0);
  expect(await matriculas({ apellido: "perez", colegio: "COLEGIO ODONTOLOGICO" })).toEqual([]);
});

test("paging: 5 a page from page 0, by apellido and nombre; the total of every page; past the end empty", async () => {
  const f = filter({ apellido: "zapata" });
  const p0 = await listPrestadores({ ...f, page: 0, size: 5 });
  const p2 = await listPrestadores({ ...f, page: 2, size: 5 });
  const p3 = await listPrestadores({ ...f, page: 3, size: 5 });
  expect(p0.total_records).toBe(12);
  expect(p0.prestadores.map((p) => p.nombre)).toEqual([
    "NOMBRE 01",
    "NOMBRE 02",
    "NOMBRE 03",
    "NOMBRE 04",
    "NOMBRE 05",
  ]);
  expect(p2.prestadores.map((p) => p.nombre)).toEqual(["NOMBRE 11", "NOMBRE 12"]);
  expect(p2.total_records).toBe(12);
  expect(p3).toEqual({ prestadores: [], total_records: 12 });
});

test("the answer's fields (spec §3): colegio is the college's description", async () => {
  const { prestadores } = await listPrestadores({ ...filter({ matricula: "1001" }), page: 0, size: 5 });
  expect(prestadores).toEqual([
    {
      apellido: "PÉREZ",
      nombre: "JUAN CARLOS",
      matricula: "1001",
      colegio: "COLEGIO MEDICO",
      especialidad: "CLINICA MEDICA",
      domicilio: "SARMIENTO 123",
      localida: "CAPITAL",
      telefono: "3834-000000",
    },
  ]);
  const [sin] = (await listPrestadores({ ...filter({ matricula: "2%01" }), page: 0, size: 5 })).prestadores;
  expect(sin.colegio).toBeNull();
});

test("for_export: every matching row up to the cap; above it, refused with the total", async () => {
  const all = await exportPrestadores(filter({ apellido: "zapata" }), 12);
  expect(all.ok && all.prestadores.length).toBe(12);
  expect(await exportPrestadores(filter({ apellido: "zapata" }), 11)).toEqual({ ok: false, total_records: 12 });
});

test("the colleges, by description", async () => {
  expect(await listColegios()).toEqual([{ sptpmdescr: "COLEGIO MEDICO" }, { sptpmdescr: "COLEGIO ODONTOLOGICO" }]);
});

describe("the screen's data (spec §8: failures calm, never thrown)", () => {
  const screen = (q: string) => padronPantalla(new URLSearchParams(q));
  test("before the first search: the colleges, no search", async () => {
    const s = await screen("");
    expect(s.searched).toBe(false);
    expect(s.colegios).toHaveLength(2);
    expect(s.values.colegio).toBe("TODOS");
  });
  test("a search: 5 a page, the total, the filter of the links; size in the URL is ignored", async () => {
    const s = await screen("nombre=&apellido=zapata&matricula=&colegio=TODOS&page=1&size=50");
    expect(s.prestadores.map((p) => p.nombre)).toEqual([
      "NOMBRE 06",
      "NOMBRE 07",
      "NOMBRE 08",
      "NOMBRE 09",
      "NOMBRE 10",
    ]);
    expect(s).toMatchObject({ searched: true, total: 12, page: 1, query: "apellido=zapata", aviso: null });
  });
  test("bad paging and 10 000 characters: an empty table with a message", async () => {
    const bad = await screen("apellido=zapata&page=-1");
    expect(bad).toMatchObject({ searched: true, prestadores: [], total: 0, aviso: expect.stringMatching(/página/) });
    const long = await screen(`apellido=${"a".repeat(10_000)}`);
    expect(long.aviso).toMatch(/apellido admite hasta/);
    expect(long.values.apellido).toHaveLength(60);
  });
  test("a database failure: an empty table and the calm message", async () => {
    await sqlRows("alter table prestadores rename to prestadores_x");
    try {
      const s = await screen("apellido=zapata");
      expect(s).toMatchObject({ searched: true, prestadores: [], total: 0, aviso: MSG_PADRON_NO_DISPONIBLE });
    } finally {
      await sqlRows("alter table prestadores_x rename to prestadores");
    }
  });
});

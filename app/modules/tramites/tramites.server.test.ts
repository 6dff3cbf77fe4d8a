// buscarTramites on a real database with documents of our own: exact number/year/letter/DNI/type, the start-date
// range, accent- and case-insensitive contains on initiator and extract with % and _ literal, newest first, paging.
import { afterAll, beforeAll, expect, test } from "vitest";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { tramites } from "~db/schema/tramites";
import { parseInput } from "~/lib/input";
import { TramitesQuerySchema } from "./tramites.schema";
import { buscarTramites } from "./tramites.server";

let t: TestDb;

type Doc = typeof tramites.$inferInsert;
const doc = (id: number, more: Partial<Doc> = {}): Doc => ({
  id,
  tipo_documento: "EXPEDIENTE",
  nrotramite: id,
  anio: 2024,
  letra: "O",
  extracto: "SOLICITA REINTEGRO DE GASTOS MEDICOS",
  iniciador: "GOMEZ, JUAN",
  fecini: "2024-03-01",
  area: "MESA DE ENTRADAS",
  dni: null,
  ...more,
});

beforeAll(async () => {
  t = await useTestDatabase({ users: false });
  await t.db
    .insert(tramites)
    .values([
      doc(1, { iniciador: "MUÑOZ, JOSÉ", extracto: "SOLICITA COBERTURA DE MEDICACIÓN ONCOLÓGICA", dni: "30111222" }),
      doc(2, { iniciador: "Munoz, Jose", fecini: "2024-05-10", tipo_documento: "NOTA", letra: "a" }),
      doc(3, { extracto: "DESCUENTO 100% EN PLUS", fecini: "2023-12-31", anio: 2023, nrotramite: 1 }),
      doc(4, { extracto: "DESCUENTO 1000 EN PLUS", fecini: "2024-01-01", dni: "30111222" }),
      doc(5, { iniciador: "CLINICA_SUR", fecini: null }),
      doc(6, { iniciador: "CLINICAXSUR", fecini: "2024-03-01" }),
      ...Array.from({ length: 25 }, (_, i) => doc(100 + i, { tipo_documento: "SOBRE", fecini: "2022-06-15" })),
    ]);
});
afterAll(async () => {
  await t?.cleanup();
});

async function search(raw: Record<string, string>) {
  const parsed = parseInput(TramitesQuerySchema, raw);
  if (!parsed.ok) throw new Error(parsed.msg);
  return buscarTramites(parsed.data);
}
const ids = async (raw: Record<string, string>) => (await search(raw)).tramites.map((r) => r.id);

test("initiator and extract: contains, accents and case ignored", async () => {
  expect(await ids({ iniciador: "muñoz jose".replace(" ", ", ") })).toEqual([2, 1]);
  expect(await ids({ iniciador: "MUNOZ" })).toEqual([2, 1]);
  expect(await ids({ extracto: "medicacion oncologica" })).toEqual([1]);
  expect(await ids({ iniciador: "josé", extracto: "oncológ" })).toEqual([1]);
});

test("% and _ match only themselves; SQL-looking text is just text", async () => {
  expect(await ids({ extracto: "100%" })).toEqual([3]);
  expect(await ids({ iniciador: "clinica_sur" })).toEqual([5]);
  expect(await ids({ iniciador: "' OR 1=1 --" })).toEqual([]);
});

test("number, year, letter, DNI and type are exact", async () => {
  expect(await ids({ nrotramite: "1" })).toEqual([1, 3]);
  expect(await ids({ nrotramite: "1", anio: "2023" })).toEqual([3]);
  expect(await ids({ dni: "30111222" })).toEqual([1, 4]);
  expect(await ids({ letra: "A" })).toEqual([2]);
  expect(await ids({ tipo_documento: "NOTA" })).toEqual([2]);
});

test("start-date range, both ends included", async () => {
  expect(await ids({ fecha_desde: "2024-01-01", fecha_hasta: "2024-03-01" })).toEqual([1, 6, 4]);
  expect(await ids({ fecha_hasta: "2023-12-31", tipo_documento: "EXPEDIENTE" })).toEqual([3]);
});

test("no filter: every document, newest first (no date last), paged with the total", async () => {
  const first = await search({ size: "5" });
  expect(first.total_records).toBe(31);
  expect(first.tramites.map((r) => r.id)).toEqual([2, 1, 6, 4, 3]);
  expect(first.tramites[0]).toEqual({
    id: 2,
    tipo_documento: "NOTA",
    nrotramite: 2,
    anio: 2024,
    letra: "a",
    extracto: "SOLICITA REINTEGRO DE GASTOS MEDICOS",
    iniciador: "Munoz, Jose",
    fecini: "2024-05-10",
    area: "MESA DE ENTRADAS",
  });
  const sobres = await search({ tipo_documento: "SOBRE", page: "1" });
  expect(sobres.total_records).toBe(25);
  expect(sobres.tramites.map((r) => r.id)).toEqual([120, 121, 122, 123, 124]);
  expect((await search({ size: "5", page: "6" })).tramites.map((r) => r.id)).toEqual([5]);
  expect(await search({ page: "99" })).toEqual({ tramites: [], total_records: 31 });
});

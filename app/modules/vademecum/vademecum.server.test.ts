// buscarVademecum on a real database with rows of our own: accent- and case-insensitive contains on every filter
// (AND), % and _ literal, order, paging with the total, and the 3-character rule (a 422, no rows).
import { afterAll, beforeAll, expect, test } from "vitest";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { vademecum } from "~db/schema/vademecum";
import { parseInput } from "~/lib/input";
import { FILTROS_VACIOS_TEXTO } from "./rules";
import { VademecumQuerySchema } from "./vademecum.schema";
import { buscarVademecum } from "./vademecum.server";

let t: TestDb;

const row = (producto: string, presentacion: string, more: Partial<typeof vademecum.$inferInsert> = {}) => ({
  producto,
  presentacion,
  laboratorio: "BAGO",
  droga: "ACIDO FOLICO",
  familia: "VITAMINAS",
  cobertura: "100%",
  plan: "MATERNO INFANTIL",
  tamanio: "30",
  ...more,
});

beforeAll(async () => {
  t = await useTestDatabase({ users: false });
  await t.db
    .insert(vademecum)
    .values([
      row("FOLITRI", "1 MG COMP X 30", { droga: "ÁCIDO FÓLICO" }),
      row("FOLIMAX", "5 MG COMP X 20"),
      row("ANTIBIO", "500 MG COMP X 16", { droga: "AMOXICILINA", familia: "ANTIBIÓTICOS", cobertura: "40%" }),
      row("AMOXVAL", "875 MG COMP X 14", { droga: "AMOXICILINA", familia: "ANTIBIOTICOS", cobertura: "40%" }),
      row("CIEN_POR", "X 10", { droga: "GUION_BAJO", cobertura: "100%" }),
      row("CIENXPOR", "X 10", { droga: "GUIONXBAJO", cobertura: "1000" }),
      ...Array.from({ length: 12 }, (_, i) =>
        row(`PAGINA${String(i).padStart(2, "0")}`, "COMP", { droga: "PAGINADA" }),
      ),
    ]);
});
afterAll(async () => {
  await t?.cleanup();
});

async function search(raw: Record<string, string>) {
  const parsed = parseInput(VademecumQuerySchema, raw);
  if (!parsed.ok) throw new Error(parsed.msg);
  const r = await buscarVademecum(parsed.data);
  if (!r.ok) throw new Error(`${r.status} ${r.msg}`);
  return r;
}

test("accents and case are ignored on both sides", async () => {
  const folico = await search({ droga: "acido folico" });
  expect(folico.total_records).toBe(2);
  expect(folico.resultado.map((r) => [r.producto, r.droga])).toEqual([
    ["FOLIMAX", "ACIDO FOLICO"],
    ["FOLITRI", "ÁCIDO FÓLICO"],
  ]);
  expect((await search({ droga: "ÁCIDO fólico" })).total_records).toBe(2);
  const anti = await search({ familia: "antibióticos" });
  expect(anti.resultado.map((r) => r.producto)).toEqual(["AMOXVAL", "ANTIBIO"]);
});

test("every given filter must match (AND); rows carry the spec's fields ordered by producto, presentacion", async () => {
  const r = await search({ droga: "amoxi", presentacion: "875" });
  expect(r).toEqual({
    ok: true,
    total_records: 1,
    resultado: [
      {
        producto: "AMOXVAL",
        presentacion: "875 MG COMP X 14",
        laboratorio: "BAGO",
        droga: "AMOXICILINA",
        familia: "ANTIBIOTICOS",
        cobertura: "40%",
        plan: "MATERNO INFANTIL",
      },
    ],
  });
  expect((await search({ droga: "amoxi", laboratorio: "roemmers" })).total_records).toBe(0);
});

test("% and _ typed by the user match only themselves", async () => {
  expect((await search({ droga: "guion_bajo" })).resultado.map((r) => r.producto)).toEqual(["CIEN_POR"]);
  expect((await search({ producto: "n_p" })).resultado.map((r) => r.producto)).toEqual(["CIEN_POR"]);
  expect((await search({ cobertura: "00%", producto: "cien" })).resultado.map((r) => r.producto)).toEqual(["CIEN_POR"]);
  expect((await search({ producto: "%%%" })).total_records).toBe(0);
  expect((await search({ producto: "___" })).total_records).toBe(0);
  expect((await search({ producto: "' OR 1=1 --" })).total_records).toBe(0);
});

test("paging: 5 a page from page 0, the total of the filter, an empty page past the end", async () => {
  const first = await search({ droga: "paginada" });
  expect(first.total_records).toBe(12);
  expect(first.resultado.map((r) => r.producto)).toEqual(["PAGINA00", "PAGINA01", "PAGINA02", "PAGINA03", "PAGINA04"]);
  const last = await search({ droga: "paginada", page: "2" });
  expect(last.resultado.map((r) => r.producto)).toEqual(["PAGINA10", "PAGINA11"]);
  expect(await search({ droga: "paginada", page: "3" })).toEqual({ ok: true, resultado: [], total_records: 12 });
  expect((await search({ droga: "paginada", size: "12" })).resultado).toHaveLength(12);
});

test("no filter with 3 characters: 422 with the spec's text, no rows", async () => {
  for (const raw of [{}, { producto: "am" }, { producto: "am", droga: "  ib  ", plan: "x" }]) {
    const parsed = parseInput(VademecumQuerySchema, raw);
    if (!parsed.ok) throw new Error(parsed.msg);
    expect(await buscarVademecum(parsed.data)).toEqual({
      ok: false,
      status: 422,
      msg: FILTROS_VACIOS_TEXTO,
      code: "invalid",
    });
  }
});

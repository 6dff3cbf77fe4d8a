// The vademecum's pure rules: the 3-character rule (spec part 2 §5); the schema's bounds.
import { describe, expect, test } from "vitest";
import { parseInput } from "~/lib/input";
import {
  FILTROS_VACIOS_TEXTO,
  FILTROS_VACIOS_TITULO,
  filtrosSuficientes,
  MIN_CHARS,
  PAGE_SIZE,
  VADEMECUM_MSG,
} from "./rules";
import { VademecumQuerySchema } from "./vademecum.schema";

test("the spec's constants and texts", () => {
  expect([PAGE_SIZE, MIN_CHARS]).toEqual([5, 3]);
  expect(FILTROS_VACIOS_TITULO).toBe("Los filtros no pueden estar vacios");
  expect(FILTROS_VACIOS_TEXTO).toBe("Es necesario completar al menos un campo con al menos 3 caracteres");
});

test.each([
  [{}, false],
  [{ producto: "" }, false],
  [{ producto: "am" }, false],
  [{ producto: "  am  " }, false],
  [{ producto: "am", droga: "ib", plan: "pm" }, false],
  [{ producto: null, tamanio: undefined }, false],
  [{ producto: "amo" }, true],
  [{ tamanio: "100" }, true],
  [{ familia: " áci " }, true],
  [{ producto: "a", cobertura: "100%" }, true],
])("filtrosSuficientes(%o) → %s", (filters, expected) => {
  expect(filtrosSuficientes(filters)).toBe(expected);
});

describe("VademecumQuerySchema", () => {
  test("defaults: page 0, size 5, filters trimmed", () => {
    const r = parseInput(VademecumQuerySchema, { producto: "  amox ", search: "true" });
    expect(r).toMatchObject({ ok: true, data: { producto: "amox", droga: "", page: 0, size: 5, search: "true" } });
  });
  test.each([
    [{ page: "-1" }, "page", VADEMECUM_MSG.page],
    [{ page: "1.5" }, "page", VADEMECUM_MSG.page],
    [{ page: "9999999999" }, "page", VADEMECUM_MSG.page],
    [{ size: "0" }, "size", VADEMECUM_MSG.size],
    [{ size: "10000" }, "size", VADEMECUM_MSG.size],
    [{ size: "abc" }, "size", VADEMECUM_MSG.size],
    [{ droga: "x".repeat(10_000) }, "droga", "El campo Droga no puede superar los 100 caracteres"],
    [{ search: "x".repeat(11) }, "search", VADEMECUM_MSG.search],
  ])("%o is refused on %s", (raw, param, msg) => {
    const r = parseInput(VademecumQuerySchema, { producto: "amox", ...raw });
    expect(r).toEqual({ ok: false, msg, errors: [{ param, msg }] });
  });
});

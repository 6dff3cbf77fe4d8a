// The professional searches' schemas (spec part 2 §5, §9; docs/decisions/037): the statistics search needs an
// apellido or a nombre; the registry's filter needs nothing, bounds every text and refuses bad paging in Spanish.
import { describe, expect, test } from "vitest";
import { parseInput } from "~/lib/input";
import { MSG_PAGE, MSG_SIZE } from "~/lib/table-state";
import {
  BuscarProfSchema,
  isSearch,
  MSG_APELLIDO_O_NOMBRE,
  MSG_COLEGIO_INVALIDO,
  padronParams,
  PadronQuerySchema,
} from "./profesionales.schema";

const msg = (raw: Record<string, string>) => {
  const r = parseInput(PadronQuerySchema, raw);
  return r.ok ? null : r.msg;
};

test("statistics search: an apellido or a nombre (spec §5)", () => {
  expect(parseInput(BuscarProfSchema, {})).toMatchObject({ ok: false, msg: MSG_APELLIDO_O_NOMBRE });
  expect(parseInput(BuscarProfSchema, { apellido: " ", nombre: "" })).toMatchObject({ msg: MSG_APELLIDO_O_NOMBRE });
  expect(BuscarProfSchema.parse({ apellido: " Pérez " })).toEqual({ apellido: "Pérez", nombre: "" });
});

describe("registry filter", () => {
  test("nothing is required; defaults page 0, size 5, TODOS", () => {
    expect(PadronQuerySchema.parse({})).toEqual({
      nombre: "",
      apellido: "",
      matricula: "",
      colegio: null,
      page: 0,
      size: 5,
      for_export: false,
    });
    expect(PadronQuerySchema.parse({ colegio: "todos" }).colegio).toBeNull();
    expect(PadronQuerySchema.parse({ colegio: " 3 " }).colegio).toEqual({ id: 3 });
    expect(PadronQuerySchema.parse({ colegio: "COLEGIO MEDICO DE CATAMARCA" }).colegio).toEqual({
      descripcion: "COLEGIO MEDICO DE CATAMARCA",
    });
    expect(PadronQuerySchema.parse({ for_export: "true", page: "3", size: "100" })).toMatchObject({
      for_export: true,
      page: 3,
      size: 100,
    });
  });
  test.each([
    [{ page: "-1" }, MSG_PAGE],
    [{ page: "1.5" }, MSG_PAGE],
    [{ page: "abc" }, MSG_PAGE],
    [{ page: "9999999999" }, MSG_PAGE],
    [{ size: "0" }, MSG_SIZE],
    [{ size: "10000" }, MSG_SIZE],
    [{ size: "-5" }, MSG_SIZE],
    [{ apellido: "a".repeat(10_000) }, "El apellido admite hasta 60 caracteres"],
    [{ nombre: "a".repeat(61) }, "El nombre admite hasta 60 caracteres"],
    [{ matricula: "1".repeat(21) }, "La matrícula admite hasta 20 caracteres"],
    [{ colegio: "C".repeat(101) }, MSG_COLEGIO_INVALIDO],
    [{ for_export: "maybe" }, "El valor debe ser true o false"],
  ])("%o is refused in Spanish", (raw, expected) => {
    expect(msg(raw as Record<string, string>)).toBe(expected);
  });
  test("SQL-looking text, % and _ pass validation (they are matched as plain text)", () => {
    expect(msg({ apellido: "' OR 1=1 --", nombre: "%", matricula: "_" })).toBeNull();
  });
  test("the pager's links keep the filter", () => {
    const f = PadronQuerySchema.parse({ apellido: "perez", colegio: "COLEGIO MEDICO", page: "2" });
    expect(padronParams(f).toString()).toBe("apellido=perez&colegio=COLEGIO+MEDICO");
    expect(padronParams(PadronQuerySchema.parse({ colegio: "TODOS" })).toString()).toBe("");
  });
  test("a search once the form was sent", () => {
    expect(isSearch(new URLSearchParams(""))).toBe(false);
    expect(isSearch(new URLSearchParams("apellido="))).toBe(true);
    expect(isSearch(new URLSearchParams("colegio=TODOS"))).toBe(true);
  });
});

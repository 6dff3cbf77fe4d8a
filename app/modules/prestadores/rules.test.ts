import { describe, expect, test } from "vitest";
import { cuitDigits, canSeeResponsable, visibleResponsables } from "./rules";

const user = (perfil: number, usuario: string) => ({ usuario, profile: { id: perfil } });
const TODOS = [
  { nombre: "CLÍNICA A S.A.", cuit: "30-11111111-1" },
  { nombre: "SANATORIO B S.R.L.", cuit: "30-22222222-2" },
  { nombre: "CENTRO C", cuit: "33-33333333-9" },
];

describe("responsable scoping (spec part 2 §5/§6)", () => {
  test.each([
    [1, "admin", "30-22222222-2", true],
    [10, "auditor", "30-22222222-2", true],
    [10, "auditor", "'; drop table x; --", true], // privileged: any text is just no match in the query
    [2, "consulta", "30-22222222-2", false],
    [20, "30-22222222-2", "30-22222222-2", true],
    [20, "30222222222", "30-22222222-2", true], // the same CUIT without dashes
    [20, "30-22222222-2", "30222222222", true],
    [20, "30-22222222-2", "30-11111111-1", false],
    [20, "30-22222222-2", "", false],
    [20, "30-22222222-2", "30-22222222-2' OR '1'='1", false],
    [20, "admin", "admin", false], // not a CUIT: never matches
    [0, "30-11111111-1", "30-11111111-1", true],
  ])("perfil %i, usuario %s, responsable %s → %s", (perfil, usuario, cuit, expected) => {
    expect(canSeeResponsable(user(perfil, usuario), cuit)).toBe(expected);
  });

  test.each([
    [1, "admin", ["30-11111111-1", "30-22222222-2", "33-33333333-9"]],
    [10, "x", ["30-11111111-1", "30-22222222-2", "33-33333333-9"]],
    [2, "consulta", []],
    [20, "33-33333333-9", ["33-33333333-9"]],
    [20, "33333333339", ["33-33333333-9"]],
    [20, "30-99999999-9", []],
  ])("perfil %i, usuario %s sees %j", (perfil, usuario, cuits) => {
    expect(visibleResponsables(user(perfil, usuario), TODOS).map((r) => r.cuit)).toEqual(cuits);
  });

  test.each([
    ["30-12345678-9", "30123456789"],
    [" 30123456789 ", "30123456789"],
    ["30 12345678 9", "30123456789"],
    ["3012345678", null],
    ["30-12345678-9x", null],
    ["admin", null],
    ["", null],
  ])("cuitDigits(%j) = %j", (input, out) => {
    expect(cuitDigits(input)).toBe(out);
  });
});

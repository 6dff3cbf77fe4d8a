import { describe, expect, test } from "vitest";
import {
  alcanceDelPerfil,
  alcanceDentroDe,
  alcanceResponsables,
  cuitDigits,
  canSeeResponsable,
  visibleResponsables,
} from "./rules";

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

describe("the scope of responsables is a grant (issue 35, ADR 046)", () => {
  test.each([
    [1, "admin", { todos: true, cuit: null }],
    [10, "auditor", { todos: true, cuit: null }],
    [10, "30-22222222-2", { todos: true, cuit: "30222222222" }],
    [2, "consulta", { todos: false, cuit: null }],
    [20, "30-22222222-2", { todos: false, cuit: "30222222222" }],
    [27, "30222222222", { todos: false, cuit: "30222222222" }], // any profile: the usuario's CUIT is the scope
    [20, "admin", { todos: false, cuit: null }],
  ])("perfil %i, usuario %s sees %j", (perfil, usuario, alcance) => {
    expect(alcanceResponsables(user(perfil, usuario))).toEqual(alcance);
  });

  test.each([
    [1, { todos: true, cuit: null }],
    [10, { todos: true, cuit: null }],
    [20, { todos: false, cuit: null }],
    [2, { todos: false, cuit: null }],
  ])("profile %i alone gives %j", (perfil, alcance) => {
    expect(alcanceDelPerfil(perfil)).toEqual(alcance);
  });

  // [actor: perfil, usuario] may give [target: perfil, usuario]?
  test.each([
    [[1, "admin"], [10, "auditor"], true],
    [[10, "auditor"], [20, "30-22222222-2"], true],
    [[10, "auditor"], [1, "otro"], true], // the scope alone: profile 1's screens are another grant
    [[27, "delegado"], [10, "auditor"], false],
    [[27, "delegado"], [20, "30-22222222-2"], false],
    [[27, "delegado"], [20, "prestador"], true], // no CUIT: sees nothing, gives nothing
    [[27, "delegado"], [2, "consulta"], true],
    [[20, "30-22222222-2"], [20, "30222222222"], true], // the same CUIT written otherwise
    [[20, "30-22222222-2"], [20, "30-11111111-1"], false],
    [[20, "30-22222222-2"], [10, "auditor"], false],
    [[20, "30-22222222-2"], [2, "consulta"], true],
  ] as const)("%j gives %j → %s", ([pa, ua], [pb, ub], expected) => {
    expect(alcanceDentroDe(alcanceResponsables(user(pa, ua)), alcanceResponsables(user(pb, ub)))).toBe(expected);
  });

  test("the pre-settlement's scoping is the same rule: whoever sees a CUIT's rows holds that scope", () => {
    for (const [perfil, usuario] of [
      [1, "admin"],
      [20, "30-22222222-2"],
      [2, "consulta"],
    ] as const) {
      const alcance = alcanceResponsables(user(perfil, usuario));
      for (const r of TODOS) {
        const otro = alcanceResponsables(user(20, r.cuit));
        expect(canSeeResponsable(user(perfil, usuario), r.cuit)).toBe(alcanceDentroDe(alcance, otro));
      }
    }
  });
});

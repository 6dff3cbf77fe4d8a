// The transfer lists' moves and the schemas of profile administration (docs/decisions/035).
import { describe, expect, test } from "vitest";
import { parseInput } from "~/lib/input";
import {
  CrearPerfilSchema,
  ModificarPerfilSchema,
  OperacionesCambioSchema,
  PantallasCambioSchema,
  quitarQuery,
  TransferenciaSchema,
} from "./perfiles.schema";
import {
  byCode,
  dentroDe,
  etiquetaOperacion,
  excede,
  etiquetaPantalla,
  masAllaDe,
  moveItems,
  PERFIL_MSG,
  transferDiff,
} from "./rules";

const state = { disponibles: ["1", "2", "3"], agregadas: ["10", "20"] };

describe("moveItems", () => {
  test.each([
    ["agregar", ["3", "1", "20"], { disponibles: ["2"], agregadas: ["10", "20", "1", "3"] }, ["1", "3"], []],
    ["agregar-todas", [], { disponibles: [], agregadas: ["10", "20", "1", "2", "3"] }, ["1", "2", "3"], []],
    ["quitar", ["20", "2"], { disponibles: ["1", "2", "3", "20"], agregadas: ["10"] }, [], ["20"]],
    ["quitar-todas", [], { disponibles: ["1", "2", "3", "10", "20"], agregadas: [] }, [], ["10", "20"]],
  ] as const)("%s %j", (move, sel, next, agregar, quitar) => {
    expect(moveItems(state, move, sel)).toEqual({ state: next, agregar, quitar });
  });
  test("a selection from the other side (stale or forged) moves nothing", () => {
    expect(moveItems(state, "agregar", ["10", "99"])).toEqual({ state, agregar: [], quitar: [] });
    expect(moveItems(state, "quitar", ["1"])).toEqual({ state, agregar: [], quitar: [] });
  });
  test("transferDiff and byCode", () => {
    expect(transferDiff(["1", "2"], ["2", "3"])).toEqual({ agregar: ["3"], quitar: ["1"] });
    expect(["10", "2", "1"].sort(byCode)).toEqual(["1", "2", "10"]);
  });
});

describe("schemas", () => {
  test("create: description required ('La descripcion es obligatoria'), trimmed, bounded; active by default", () => {
    expect(parseInput(CrearPerfilSchema, { descripcion: "  MESA  " })).toEqual({
      ok: true,
      data: { descripcion: "MESA", activo: true },
    });
    for (const descripcion of [undefined, "", "   "]) {
      expect(parseInput(CrearPerfilSchema, { descripcion })).toMatchObject({
        ok: false,
        msg: PERFIL_MSG.DESCRIPCION_OBLIGATORIA,
        errors: [{ param: "descripcion" }],
      });
    }
    expect(parseInput(CrearPerfilSchema, { descripcion: "x".repeat(10_000) })).toMatchObject({
      ok: false,
      errors: [{ param: "descripcion", msg: "Máximo 60 caracteres" }],
    });
    expect(parseInput(CrearPerfilSchema, { descripcion: "A", activo: "INACTIVO" })).toMatchObject({
      data: { activo: false },
    });
    expect(parseInput(CrearPerfilSchema, { descripcion: "A", activo: "quizas" })).toMatchObject({ ok: false });
  });
  test("update: 'El id es obligatorio'; ids as digits or numbers; bad ids refused", () => {
    expect(parseInput(ModificarPerfilSchema, { descripcion: "A" })).toMatchObject({
      ok: false,
      errors: [{ param: "id", msg: "El id es obligatorio" }],
    });
    expect(parseInput(ModificarPerfilSchema, { id: "7", descripcion: "A", activo: "ACTIVO" })).toEqual({
      ok: true,
      data: { id: 7, descripcion: "A", activo: true },
    });
    for (const id of [0, -1, 1.5, 2 ** 31, "1e3", "abc"]) {
      expect(parseInput(ModificarPerfilSchema, { id, descripcion: "A" })).toMatchObject({
        ok: false,
        errors: [{ param: "id", msg: PERFIL_MSG.ID_INVALIDO }],
      });
    }
  });
  test("operations and screens: one or many, de-duplicated, at least one, bounded", () => {
    expect(parseInput(OperacionesCambioSchema, { usPerfilId: 3, operations: "14" })).toEqual({
      ok: true,
      data: { usPerfilId: 3, operations: ["14"] },
    });
    expect(parseInput(OperacionesCambioSchema, { usPerfilId: 3, operations: ["14", "14", "15"] })).toMatchObject({
      data: { operations: ["14", "15"] },
    });
    expect(parseInput(OperacionesCambioSchema, { usPerfilId: 3, operations: [] })).toMatchObject({
      ok: false,
      msg: PERFIL_MSG.SIN_OPERACIONES,
    });
    expect(parseInput(OperacionesCambioSchema, { usPerfilId: 3, operations: ["x".repeat(10_000)] })).toMatchObject({
      ok: false,
    });
    expect(parseInput(PantallasCambioSchema, { usPerfilId: 3, screens: Array(101).fill("/a") })).toMatchObject({
      ok: false,
    });
  });
  test("the remove query: repeated and comma-separated values", () => {
    const q = new URLSearchParams("usPerfilId=4&operations=14,15&operations=16&ids=");
    expect(quitarQuery(q, "operations")).toEqual({ usPerfilId: "4", operations: ["14", "15", "16"], ids: undefined });
  });
  test("the transfer form: a move and the selections", () => {
    expect(parseInput(TransferenciaSchema, { usPerfilId: "5", mover: "agregar", disponibles: "14" })).toEqual({
      ok: true,
      data: { usPerfilId: 5, mover: "agregar", disponibles: ["14"] },
    });
    expect(parseInput(TransferenciaSchema, { usPerfilId: "5", mover: "borrar" })).toMatchObject({ ok: false });
  });
});

describe("masAllaDe / dentroDe (ADR 046)", () => {
  const tiene = { screens: ["/users", "/perfiles"], operations: ["27", "28"] };
  test.each([
    [
      { screens: ["/users"], operations: ["27"] },
      { screens: [], operations: [] },
    ],
    [{}, { screens: [], operations: [] }],
    [{ screens: ["/users", "/consultar-padron"] }, { screens: ["/consultar-padron"], operations: [] }],
    [{ operations: ["27", "39", "14"] }, { screens: [], operations: ["39", "14"] }],
  ])("%j beyond %j", (otorga, beyond) => {
    expect(masAllaDe(tiene, otorga)).toEqual(beyond);
    expect(dentroDe(tiene, otorga)).toBe(beyond.screens.length + beyond.operations.length === 0);
  });
  test("holding nothing, only nothing is within", () => {
    expect(dentroDe({ screens: [], operations: [] }, {})).toBe(true);
    expect(dentroDe({ screens: [], operations: [] }, { operations: ["14"] })).toBe(false);
  });
});

describe("excede: screens and operations first, then the responsables seen (issue 35)", () => {
  const nada = { todos: false, cuit: null };
  const delegado = { screens: ["/users"], operations: ["27"], responsables: nada };
  const prestador = { screens: ["/users"], operations: ["27"], responsables: { todos: false, cuit: "30222222222" } };
  const auditor = { screens: ["/users"], operations: ["27"], responsables: { todos: true, cuit: null } };
  test.each([
    ["a profile alone (no CUIT)", delegado, { operations: ["27"], responsables: nada }, null],
    ["a grant beyond", delegado, { operations: ["39"], responsables: { todos: true, cuit: null } }, "grants"],
    ["every responsable", delegado, { responsables: { todos: true, cuit: null } }, "responsables"],
    ["a provider's CUIT", delegado, { responsables: { todos: false, cuit: "30222222222" } }, "responsables"],
    ["its own CUIT", prestador, { responsables: { todos: false, cuit: "30222222222" } }, null],
    ["another CUIT", prestador, { responsables: { todos: false, cuit: "30111111111" } }, "responsables"],
    ["any CUIT, seeing all", auditor, { responsables: { todos: false, cuit: "30111111111" } }, null],
    ["no scope named: only grants count", delegado, { screens: ["/users"] }, null],
  ] as const)("%s → %s", (_what, tiene, otorga, exceso) => {
    expect(excede(tiene, otorga)).toBe(exceso);
  });
});

describe("the transfer lists' labels (issue 28)", () => {
  test.each([
    ["/turnos", "Asignacion de Turnos", "Turnos · /turnos"],
    ["/users", "Administracion de usuario", "ABM Usuarios · /users"],
    ["/listado-capa", "Listado CAPA", "Listados · /listado-capa"],
    // a screen without a drawer entry keeps its title
    ["/tramites", "Consulta de Expedientes", "Consulta de Expedientes · /tramites"],
  ])("screen %s (%s) → %s", (path, titulo, label) => {
    expect(etiquetaPantalla({ path, titulo })).toBe(label);
  });

  test("an operation: its code, then its name", () => {
    expect(etiquetaOperacion({ id: "20", operacion: "Asignar turno" })).toBe("20 · Asignar turno");
  });
});

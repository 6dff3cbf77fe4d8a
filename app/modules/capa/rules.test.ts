// Table tests of the CAPA rules (spec part 2 §4, §8, §9; ADR 031).
import { describe, expect, test } from "vitest";
import {
  CAPA_MSG,
  edadAl,
  ESQUEMA_DEFAULT,
  ESQUEMAS_VACUNACION,
  fechaPositivoProblem,
  filasConDniRepetido,
  MAX_INTEGRANTES,
  maxIntegrantes,
  PAGE_SIZE,
  SUCCESS_TITLE,
  tipoModuloLabel,
  TIPOS_MODULO,
  ultimoRegistroText,
} from "./rules";

describe("constants of the spec", () => {
  test("schemes Completo/Incompleto, default Incompleto; module types; page size 20", () => {
    expect(ESQUEMAS_VACUNACION).toEqual(["Completo", "Incompleto"]);
    expect(ESQUEMA_DEFAULT).toBe("Incompleto");
    expect(TIPOS_MODULO).toEqual(["modulo3046", "modulo3047"]);
    expect(PAGE_SIZE).toBe(20);
    expect(MAX_INTEGRANTES).toBeGreaterThanOrEqual(10);
  });

  test("the messages of §8", () => {
    expect(CAPA_MSG).toMatchObject({
      CREATED: "Ficha registrada con éxito",
      UPDATED: "Ficha modificada con éxito",
      SAVE_ERROR: "Error al registrar ficha",
      LIST_ERROR: "Error al obtener fichas",
      GET_ERROR: "Error al obtener ficha",
    });
    expect(SUCCESS_TITLE).toBe("Operacion Exitosa");
  });

  test("the last registration's number, kept above the restarted form (ADR 054)", () => {
    expect(ultimoRegistroText(1234)).toBe("Último registro: N° 1234");
  });
});

describe("tipoModuloLabel", () => {
  test.each([
    ["modulo3046", "Módulo 3046 - Individual"],
    ["modulo3047", "Módulo 3047 - Grupo familiar"],
    [null, ""],
    ["", ""],
    ["otro", "otro"],
  ] as const)("%j → %j", (tipo, label) => {
    expect(tipoModuloLabel(tipo)).toBe(label);
  });
});

describe("fechaPositivoProblem (today 2025-03-10)", () => {
  const today = "2025-03-10";
  test.each([
    ["2025-03-10", null],
    ["2025-03-09", null],
    ["2020-01-01", null],
    ["2019-12-31", "La fecha de positivo no puede ser anterior al 01/01/2020"],
    ["0001-01-01", "La fecha de positivo no puede ser anterior al 01/01/2020"],
    ["2025-03-11", "La fecha de positivo no puede ser posterior a hoy"],
    ["9999-12-31", "La fecha de positivo no puede ser posterior a hoy"],
  ] as const)("%s → %j", (iso, problem) => {
    expect(fechaPositivoProblem(iso, today)).toBe(problem);
  });
});

describe("edadAl", () => {
  test.each([
    ["1980-05-10", "2025-05-09", 44],
    ["1980-05-10", "2025-05-10", 45],
    ["2000-02-29", "2025-02-28", 24],
    ["2000-02-29", "2025-03-01", 25],
    ["2025-01-01", "2025-06-01", 0],
    [null, "2025-06-01", null],
    ["0001-01-01", "2025-06-01", null],
    ["1800-01-01", "2025-06-01", null],
    ["2030-01-01", "2025-06-01", null],
  ] as const)("born %j, on %s → %j", (born, on, age) => {
    expect(edadAl(born, on)).toBe(age);
  });
});

describe("filasConDniRepetido", () => {
  test.each([
    ["30111222", [], []],
    ["30111222", ["30111223", "30111224"], []],
    ["30111222", ["30111222"], [0]],
    ["30111222", ["30111223", "30111223", "30111223"], [1, 2]],
    ["30111222", [" 30111223", "30111223 "], [1]],
  ] as const)("%s with %j → rows %j", (dni, rows, repeated) => {
    expect(filasConDniRepetido(dni, rows)).toEqual(repeated);
  });
});

test("maxIntegrantes: the largest household (0 without records)", () => {
  expect(maxIntegrantes([])).toBe(0);
  expect(maxIntegrantes([{ integrantes: [1] }, { integrantes: [] }, { integrantes: [1, 2, 3] }])).toBe(3);
});

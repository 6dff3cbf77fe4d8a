// The reporting period of every report: both dates required (each screen's message), from ≤ to, real calendar dates
// only, and one of two limits: a listing of rows at most 366 days (a whole year, leap years included), an
// aggregation on the snapshot at most 10 years; each message says its limit.
import { describe, expect, test } from "vitest";
import {
  agregadoPeriodSchema,
  listadoPeriodSchema,
  MSG_FECHA_INVALIDA,
  MSG_PERIODO_AGREGADO_LARGO,
  MSG_PERIODO_INVERTIDO,
  MSG_PERIODO_LARGO,
  PERIODO_AGREGADO,
  PERIODO_LISTADO,
  periodProblem,
} from "./period";

const listado = listadoPeriodSchema("desde", "hasta", "Todos los campos son obligatorios");
const agregado = agregadoPeriodSchema("desde", "hasta", "Todos los campos son obligatorios");
const issues = (schema: typeof listado, v: Record<string, unknown>) => {
  const r = schema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join("."), i.message]);
};

test("each message says its limit", () => {
  expect(MSG_PERIODO_LARGO).toBe("El período no puede superar 366 días");
  expect(MSG_PERIODO_AGREGADO_LARGO).toBe("El período no puede superar los 10 años");
});

describe("periodProblem", () => {
  test.each([
    ["2026-03-01", "2026-03-01", null],
    ["2026-03-02", "2026-03-01", MSG_PERIODO_INVERTIDO],
    ["2025-01-01", "2025-12-31", null], // 365 days
    ["2024-01-01", "2024-12-31", null], // 366 days (leap year)
    ["2025-11-23", "2026-11-23", null], // 366 days
    ["2025-11-22", "2026-11-23", MSG_PERIODO_LARGO], // 367 days
    ["2016-01-01", "2025-12-31", MSG_PERIODO_LARGO],
  ])("listing %s → %s: %s", (a, b, expected) => {
    expect(periodProblem(a, b, PERIODO_LISTADO)).toBe(expected);
  });

  test.each([
    ["2026-03-01", "2026-03-01", null],
    ["2026-03-02", "2026-03-01", MSG_PERIODO_INVERTIDO],
    ["2024-01-01", "2025-12-31", null], // two years: the comparison managers make
    ["2016-01-01", "2025-12-31", null], // exactly 10 years
    ["2016-01-01", "2026-01-01", MSG_PERIODO_AGREGADO_LARGO], // 10 years and a day
    ["2016-02-29", "2026-02-27", null], // from a 29 February: 10 years end on 28 February
    ["2016-02-29", "2026-02-28", MSG_PERIODO_AGREGADO_LARGO],
    ["1900-01-01", "2026-01-01", MSG_PERIODO_AGREGADO_LARGO],
  ])("aggregation %s → %s: %s", (a, b, expected) => {
    expect(periodProblem(a, b, PERIODO_AGREGADO)).toBe(expected);
  });
});

describe("period schemas", () => {
  test("a valid period passes as is", () => {
    for (const schema of [listado, agregado]) {
      expect(schema.parse({ desde: "2026-01-01", hasta: "2026-01-31" })).toEqual({
        desde: "2026-01-01",
        hasta: "2026-01-31",
      });
    }
  });

  test.each([
    [
      {},
      [
        ["desde", "Todos los campos son obligatorios"],
        ["hasta", "Todos los campos son obligatorios"],
      ],
    ],
    [{ desde: "  ", hasta: "2026-01-31" }, [["desde", "Todos los campos son obligatorios"]]],
    [{ desde: "2026-02-30", hasta: "2026-03-01" }, [["desde", MSG_FECHA_INVALIDA]]],
    [{ desde: "2026-01-01", hasta: "2026-02-30" }, [["hasta", MSG_FECHA_INVALIDA]]],
    [{ desde: "2025-02-29", hasta: "2026-03-01" }, [["desde", MSG_FECHA_INVALIDA]]],
    [{ desde: "01/02/2026", hasta: "2026-03-01" }, [["desde", MSG_FECHA_INVALIDA]]],
    [{ desde: "' OR 1=1 --", hasta: "2026-03-01" }, [["desde", MSG_FECHA_INVALIDA]]],
    [{ desde: "2026-03-02", hasta: "2026-03-01" }, [["hasta", MSG_PERIODO_INVERTIDO]]],
  ])("both: %j → %j", (input, expected) => {
    expect(issues(listado, input)).toEqual(expected);
    expect(issues(agregado, input)).toEqual(expected);
  });

  test("two years: too long for a listing, fine for an aggregation; eleven years too long for both", () => {
    const dosAnios = { desde: "2024-01-01", hasta: "2025-12-31" };
    expect(issues(listado, dosAnios)).toEqual([["hasta", MSG_PERIODO_LARGO]]);
    expect(issues(agregado, dosAnios)).toEqual([]);
    const onceAnios = { desde: "2015-01-01", hasta: "2025-12-31" };
    expect(issues(listado, onceAnios)).toEqual([["hasta", MSG_PERIODO_LARGO]]);
    expect(issues(agregado, onceAnios)).toEqual([["hasta", MSG_PERIODO_AGREGADO_LARGO]]);
  });
});

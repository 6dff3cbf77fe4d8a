// The reporting period shared by the three reports: both dates required (each screen's message), from ≤ to, at most
// 366 days (a whole year, leap years included), real calendar dates only.
import { describe, expect, test } from "vitest";
import { MSG_FECHA_INVALIDA, MSG_PERIODO_INVERTIDO, MSG_PERIODO_LARGO, periodProblem, periodSchema } from "./period";

const schema = periodSchema("desde", "hasta", "Todos los campos son obligatorios");
const issues = (v: Record<string, unknown>) => {
  const r = schema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join("."), i.message]);
};

describe("periodProblem", () => {
  test.each([
    ["2026-03-01", "2026-03-01", null],
    ["2026-03-02", "2026-03-01", MSG_PERIODO_INVERTIDO],
    ["2025-01-01", "2025-12-31", null], // 365 days
    ["2024-01-01", "2024-12-31", null], // 366 days (leap year)
    ["2025-11-23", "2026-11-23", null], // 366 days
    ["2025-11-22", "2026-11-23", MSG_PERIODO_LARGO], // 367 days
  ])("%s → %s: %s", (a, b, expected) => {
    expect(periodProblem(a, b)).toBe(expected);
  });
});

describe("periodSchema", () => {
  test("a valid period passes as is", () => {
    expect(schema.parse({ desde: "2026-01-01", hasta: "2026-01-31" })).toEqual({
      desde: "2026-01-01",
      hasta: "2026-01-31",
    });
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
    [{ desde: "01/02/2026", hasta: "2026-03-01" }, [["desde", MSG_FECHA_INVALIDA]]],
    [{ desde: "' OR 1=1 --", hasta: "2026-03-01" }, [["desde", MSG_FECHA_INVALIDA]]],
    [{ desde: "2026-03-02", hasta: "2026-03-01" }, [["hasta", MSG_PERIODO_INVERTIDO]]],
    [{ desde: "2024-01-01", hasta: "2026-01-01" }, [["hasta", MSG_PERIODO_LARGO]]],
  ])("%j → %j", (input, expected) => {
    expect(issues(input)).toEqual(expected);
  });
});

// The oncology schemas read their kinds of value the app's one way (app/lib/input.ts): calendar-valid dates, the
// 7–8 digit DNI of a case, positive ids; the Buscar Ficha filter keeps its own DNI rule (digits, up to 8) for the
// screen, its PDF and the API alike.
import { describe, expect, test } from "vitest";
import { MSG_DNI_INVALIDO, MSG_FECHA_INVALIDA } from "~/lib/input";
import { MSG_PERIODO_INVERTIDO } from "~/lib/period";
import { fichaBody } from "~tests/support/ficha-fixture";
import {
  DniParamsSchema,
  fichaIdSchema,
  FichaFilterSchema,
  FichaSchema,
  IdParamsSchema,
  MSG_DNI_FILTRO,
  MSG_ID_FICHA,
  REQUIRED,
} from "./fichas.schema";

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : (r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

describe("FichaSchema", () => {
  test("the fixture is a valid case", () => {
    expect(FichaSchema.safeParse(fichaBody()).success).toBe(true);
  });

  test.each([
    ["fecha", undefined, REQUIRED],
    ["fecha", "2024-02-30", MSG_FECHA_INVALIDA], // not a calendar date (a format check let it through)
    ["fecha", "10/05/2024", MSG_FECHA_INVALIDA],
    ["fecha_diagnostico", undefined, REQUIRED],
    ["fecha_diagnostico", "2023-02-29", MSG_FECHA_INVALIDA],
    ["fecha_diagnostico", "2024-05-11", "La fecha de diagnóstico no puede ser posterior a la fecha de la ficha"],
    ["fecha_cirugia", "2024-04-31", MSG_FECHA_INVALIDA],
    ["fecha_quimioterapia", "", MSG_FECHA_INVALIDA],
    ["afi_dni", undefined, REQUIRED],
    ["afi_dni", "123456", MSG_DNI_INVALIDO],
    ["afi_dni", "30.111.222", MSG_DNI_INVALIDO],
    ["afi_dni", "' OR 1=1 --", MSG_DNI_INVALIDO],
  ])("%s = %j → %s", (key, value, msg) => {
    const r = FichaSchema.safeParse({ ...fichaBody(), [key]: value });
    expect(issues(r)).toEqual([[key, msg]]);
  });

  test("leap days, optional dates left out, and a DNI with surrounding spaces are fine", () => {
    const r = FichaSchema.parse({
      ...fichaBody({ fecha: "2024-02-29", fecha_diagnostico: "2024-02-01", afi_dni: " 7123456 " }),
      fecha_cirugia: undefined,
    });
    expect(r).toMatchObject({ fecha: "2024-02-29", afi_dni: "7123456", fecha_cirugia: undefined });
  });
});

describe("FichaFilterSchema (Buscar Ficha, its PDF, POST /api/onco/buscarporfiltro)", () => {
  test("blank filters: any DNI and date, INGRESO, every organ", () => {
    expect(FichaFilterSchema.parse({ afi_dni: "", fecha_desde: " ", fecha_hasta: "" })).toEqual({
      afi_dni: undefined,
      fecha_desde: undefined,
      fecha_hasta: undefined,
      estado_ficha: "INGRESO",
      organoId: -1,
    });
  });

  test.each([
    [{ afi_dni: "12ab" }, [["afi_dni", MSG_DNI_FILTRO]]],
    [{ afi_dni: "123456789" }, [["afi_dni", MSG_DNI_FILTRO]]],
    [{ afi_dni: 30111222 }, [["afi_dni", MSG_DNI_FILTRO]]],
    [{ fecha_desde: "2025-02-30" }, [["fecha_desde", MSG_FECHA_INVALIDA]]],
    [{ fecha_hasta: "' OR 1=1 --" }, [["fecha_hasta", MSG_FECHA_INVALIDA]]],
    [{ fecha_desde: "2025-05-01", fecha_hasta: "2025-01-01" }, [["fecha_hasta", MSG_PERIODO_INVERTIDO]]],
    [{ fecha_desde: "2025-05-32", fecha_hasta: "2025-01-01" }, [["fecha_desde", MSG_FECHA_INVALIDA]]], // no order check
  ])("%j → %j", (raw, expected) => {
    expect(issues(FichaFilterSchema.safeParse(raw))).toEqual(expected);
  });

  test("a short DNI is a filter (exact match); the dates have no length limit", () => {
    expect(FichaFilterSchema.parse({ afi_dni: " 123 " }).afi_dni).toBe("123");
    expect(FichaFilterSchema.parse({ fecha_desde: "2000-01-01", fecha_hasta: "2026-01-01" })).toMatchObject({
      fecha_desde: "2000-01-01",
      fecha_hasta: "2026-01-01",
    });
  });
});

describe("ids and route params", () => {
  test.each(["0", "-1", "1.5", "abc", "", "2147483648", "1e3"])("id %j is refused", (raw) => {
    expect(issues(fichaIdSchema.safeParse(raw))).toEqual([["", MSG_ID_FICHA]]);
  });

  test("ids and DNIs of the URL", () => {
    expect(fichaIdSchema.parse(" 42 ")).toBe(42);
    expect(IdParamsSchema.parse({ id: "2147483647" })).toEqual({ id: 2147483647 });
    expect(DniParamsSchema.parse({ dni: "30111222" })).toEqual({ dni: "30111222" });
    expect(issues(DniParamsSchema.safeParse({ dni: "9".repeat(10_000) }))).toEqual([["dni", MSG_DNI_INVALIDO]]);
  });
});

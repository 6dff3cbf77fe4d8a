// The oncology schemas read their kinds of value the app's one way (app/lib/input.ts): calendar-valid dates, the
// 7–8 digit DNI of a case, positive ids; the Buscar Ficha filter keeps its own DNI rule (digits, up to 8) for the
// screen, its PDF and the API alike. Decision 027: drugs optional (a wholly blank row dropped), each date within its
// range, every JSON id bounded to the integer columns.
import { describe, expect, test } from "vitest";
import { todayISO } from "~/lib/dates";
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
  MSG_ORGANO_FILTRO,
  MSG_VERSION_FICHA,
  REQUIRED,
} from "./fichas.schema";
import { FICHA_MSG } from "./fichas.messages";
import { addDaysISO } from "~/lib/dates";

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

  const today = todayISO();
  test.each([
    ["fecha", "0000-01-01", MSG_FECHA_INVALIDA], // no year 0 in Postgres: was a database error (500)
    ["fecha", "0001-01-01", "La fecha no puede ser anterior al 01/01/1900"],
    ["fecha", "1899-12-31", "La fecha no puede ser anterior al 01/01/1900"],
    ["fecha", addDaysISO(today, 1), "La fecha no puede ser posterior a hoy"],
    ["fecha_diagnostico", "0001-01-01", "La fecha no puede ser anterior al 01/01/1900"],
    ["fecha_quimioterapia", "1850-06-01", "La fecha no puede ser anterior al 01/01/1900"],
    [
      "fecha_quimioterapia",
      addDaysISO(today, 181),
      `La fecha no puede ser posterior al ${addDaysISO(today, 180).split("-").reverse().join("/")}`,
    ],
    ["id", 99_999_999_999, MSG_ID_FICHA],
    ["id", 0, MSG_ID_FICHA],
    ["version", 2_147_483_648, MSG_VERSION_FICHA],
    ["version", 1.5, MSG_VERSION_FICHA],
    ["organoId", 99_999_999_999, FICHA_MSG.ORGANO_NOT_FOUND],
    ["organoId", -1, REQUIRED],
    ["monodrogas", "DOCETAXEL", "Las drogas deben ser una lista"],
  ])("%s = %j → %s (decision 027)", (key, value, msg) => {
    const r = FichaSchema.safeParse({ ...fichaBody(), [key]: value });
    expect(issues(r)).toEqual([[key, msg]]);
  });

  test("dates in range: today, a treatment scheduled up to 180 days ahead, an unchecked treatment's date ignored", () => {
    const r = FichaSchema.safeParse(
      fichaBody({
        fecha: today,
        fecha_diagnostico: "1900-01-01",
        fecha_quimioterapia: addDaysISO(today, 180),
        cirugia: false,
        fecha_cirugia: "1001-01-01", // not saved (the box is unchecked): no range error for a hidden field
        id: 2_147_483_647,
        version: 2_147_483_647,
      }),
    );
    expect(issues(r)).toEqual([]);
  });

  test("drugs are optional: absent or empty → none; a wholly blank row is dropped; a half-filled one errors in place", () => {
    const { monodrogas: _m, ...noDrugs } = fichaBody();
    expect(FichaSchema.parse(noDrugs).monodrogas).toEqual([]);
    expect(FichaSchema.parse(fichaBody({ monodrogas: [] })).monodrogas).toEqual([]);
    // the form's first row, left empty (conform sends its boxes as '')
    const blank = { droga: "", mgrs_protocolo: "", presentacion: "", frecuencia: " " };
    expect(FichaSchema.parse(fichaBody({ monodrogas: [blank, {}] })).monodrogas).toEqual([]);
    const [one] = fichaBody().monodrogas as Record<string, unknown>[];
    expect(FichaSchema.parse(fichaBody({ monodrogas: [blank, one] })).monodrogas).toHaveLength(1);
    const half = FichaSchema.safeParse(fichaBody({ monodrogas: [blank, { droga: "CISPLATINO" }] }));
    expect(issues(half).map(([p]) => p)).toContain("monodrogas.1.mgrs_protocolo");
    expect(issues(half).some(([p]) => p.startsWith("monodrogas.0"))).toBe(false);
    expect(issues(FichaSchema.safeParse(fichaBody({ monodrogas: Array(31).fill(one) })))).toEqual([
      ["monodrogas", "Máximo 30 drogas"],
    ]);
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
    [{ fecha_desde: "0000-01-01" }, [["fecha_desde", MSG_FECHA_INVALIDA]]], // was a database error (500)
    [{ organoId: 99_999_999_999 }, [["organoId", MSG_ORGANO_FILTRO]]], // was a database error (500)
    [{ organoId: "99999999999" }, [["organoId", MSG_ORGANO_FILTRO]]],
    [{ organoId: 0 }, [["organoId", MSG_ORGANO_FILTRO]]],
    [{ organoId: "abc" }, [["organoId", MSG_ORGANO_FILTRO]]],
    [{ organoId: 1e300 }, [["organoId", MSG_ORGANO_FILTRO]]],
  ])("%j → %j", (raw, expected) => {
    expect(issues(FichaFilterSchema.safeParse(raw))).toEqual(expected);
  });

  test("organ: -1 (TODOS) when blank or absent, a number or digits otherwise", () => {
    expect(FichaFilterSchema.parse({}).organoId).toBe(-1);
    expect(FichaFilterSchema.parse({ organoId: "" }).organoId).toBe(-1);
    expect(FichaFilterSchema.parse({ organoId: null }).organoId).toBe(-1);
    expect(FichaFilterSchema.parse({ organoId: "-1" }).organoId).toBe(-1);
    expect(FichaFilterSchema.parse({ organoId: " 7 " }).organoId).toBe(7);
    expect(FichaFilterSchema.parse({ organoId: 2_147_483_647 }).organoId).toBe(2_147_483_647);
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

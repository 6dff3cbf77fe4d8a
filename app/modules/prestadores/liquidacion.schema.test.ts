// The pre-settlement query's input (spec part 2 §2, §7): one zod schema read with parseInput by the screen, the CSV
// route and the API.
import { describe, expect, test } from "vitest";
import { MSG_FECHA_INVALIDA, parseInput } from "~/lib/input";
import { MSG_PERIODO_INVERTIDO, MSG_PERIODO_LARGO } from "~/lib/period";
import {
  LiquidacionQuerySchema,
  MSG_EXPORT_EXCEL,
  MSG_FECHAS_REQUERIDAS,
  MSG_RESPONSABLE_REQUERIDO,
} from "./liquidacion.schema";

const CUIT = "30-11111118-5";
const ok = { fecha_desde: "2025-03-01", fecha_hasta: "2025-03-31", responsable: CUIT };

describe("LiquidacionQuerySchema", () => {
  test.each([
    [
      {},
      [
        ["fecha_desde", MSG_FECHAS_REQUERIDAS],
        ["fecha_hasta", MSG_FECHAS_REQUERIDAS],
        ["responsable", MSG_RESPONSABLE_REQUERIDO],
      ],
    ],
    [
      { ...ok, fecha_desde: " ", fecha_hasta: "" },
      [
        ["fecha_desde", MSG_FECHAS_REQUERIDAS],
        ["fecha_hasta", MSG_FECHAS_REQUERIDAS],
      ],
    ],
    [{ ...ok, responsable: " \t" }, [["responsable", MSG_RESPONSABLE_REQUERIDO]]],
    [{ ...ok, responsable: "x".repeat(65) }, [["responsable", "Responsable inválido"]]],
    [{ ...ok, fecha_desde: "2025-03-31", fecha_hasta: "2025-03-01" }, [["fecha_hasta", MSG_PERIODO_INVERTIDO]]],
    [{ ...ok, fecha_desde: "2024-01-01", fecha_hasta: "2025-03-01" }, [["fecha_hasta", MSG_PERIODO_LARGO]]],
    [{ ...ok, fecha_desde: "2025-02-29" }, [["fecha_desde", MSG_FECHA_INVALIDA]]],
    [{ ...ok, fecha_hasta: "31/03/2025" }, [["fecha_hasta", MSG_FECHA_INVALIDA]]],
    [{ ...ok, exportExcel: "quizas" }, [["exportExcel", MSG_EXPORT_EXCEL]]],
    [
      { fecha_desde: "2025-03-31", fecha_hasta: "2025-03-01", exportExcel: "2" },
      [
        ["fecha_hasta", MSG_PERIODO_INVERTIDO],
        ["responsable", MSG_RESPONSABLE_REQUERIDO],
        ["exportExcel", MSG_EXPORT_EXCEL],
      ],
    ],
  ])("%j → %j", (raw, expected) => {
    const r = parseInput(LiquidacionQuerySchema, raw);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => [e.param, e.msg])).toEqual(expected);
    expect(r.msg).toBe(expected[0][1]);
  });

  test.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["0", false],
    [" TRUE ", true],
    ["1", true],
  ])("exportExcel %j → %j", (exportExcel, expected) => {
    expect(parseInput(LiquidacionQuerySchema, { ...ok, responsable: ` ${CUIT} `, exportExcel })).toEqual({
      ok: true,
      data: { ...ok, exportExcel: expected },
    });
  });
});

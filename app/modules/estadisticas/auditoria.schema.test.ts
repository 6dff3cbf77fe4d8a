// The audit-time query's input (spec part 2 §2 'Tiempos de Auditoria'; docs/decisions/013): Spanish messages for a
// missing, inverted or too long period and a malformed auditor or authorisation number.
import { describe, expect, test } from "vitest";
import { parseInput, MSG_NROAUTORIZACION_INVALIDO, nroAutorizacionSchema } from "~/lib/input";
import { MSG_FECHA_INVALIDA, MSG_PERIODO_AGREGADO_LARGO, MSG_PERIODO_INVERTIDO, MSG_PERIODO_LARGO } from "~/lib/period";
import {
  AutorizacionesQuerySchema,
  EstadisticasQuerySchema,
  MSG_AUDITOR_INVALIDO,
  MSG_PERIODO_REQUERIDO,
  NroAutorizacionParamsSchema,
} from "./auditoria.schema";

const everyone = { fecha_desde: "2025-03-10", fecha_hasta: "2025-03-11", auditor: null };

describe("input", () => {
  const msg = (raw: Record<string, unknown>) => {
    const r = parseInput(EstadisticasQuerySchema, raw);
    return r.ok ? null : r.msg;
  };
  test("period required, ordered and at most 10 years (the list: 366 days); auditor code; 'equipo' and blank mean everyone", () => {
    expect(msg({})).toBe(MSG_PERIODO_REQUERIDO);
    expect(msg({ fecha_desde: "2025-03-10" })).toBe(MSG_PERIODO_REQUERIDO);
    expect(msg({ fecha_desde: "2025-03-11", fecha_hasta: "2025-03-10" })).toBe(MSG_PERIODO_INVERTIDO);
    expect(msg({ fecha_desde: "2024-01-01", fecha_hasta: "2025-03-10" })).toBeNull();
    expect(msg({ fecha_desde: "2014-01-01", fecha_hasta: "2025-03-10" })).toBe(MSG_PERIODO_AGREGADO_LARGO);
    const list = parseInput(AutorizacionesQuerySchema, { fecha_desde: "2024-01-01", fecha_hasta: "2025-03-10" });
    expect(list).toMatchObject({ ok: false, msg: MSG_PERIODO_LARGO });
    expect(msg({ fecha_desde: "2025-02-29", fecha_hasta: "2025-03-10" })).toBe(MSG_FECHA_INVALIDA);
    expect(msg({ fecha_desde: "2025-03-10", fecha_hasta: "2025-03-11", auditor: "' OR 1=1 --" })).toBe(
      MSG_AUDITOR_INVALIDO,
    );
    expect(
      EstadisticasQuerySchema.parse({ fecha_desde: "2025-03-10", fecha_hasta: "2025-03-11", auditor: "equipo" }),
    ).toEqual(everyone);
    expect(
      EstadisticasQuerySchema.parse({ fecha_desde: "2025-03-10", fecha_hasta: "2025-03-11", auditor: " " }),
    ).toEqual(everyone);
  });

  test("authorisation number: a positive whole number of up to 15 digits (a BIGINT), nothing else", () => {
    const nro = (raw: unknown) => parseInput(nroAutorizacionSchema, raw);
    for (const bad of ["12a", "", " ", "0", "000", "-5", "1.5", "1e3", "1234567890123456", "1 or 1=1", undefined, 7]) {
      expect(nro(bad)).toMatchObject({ ok: false, msg: MSG_NROAUTORIZACION_INVALIDO });
    }
    expect(nro(" 30000001 ")).toEqual({ ok: true, data: 30_000_001 });
    // Beyond a Postgres integer: nroautorizacion is a BIGINT, so these stay valid.
    expect(nro("3000000000")).toEqual({ ok: true, data: 3_000_000_000 });
    expect(nro("999999999999999")).toEqual({ ok: true, data: 999_999_999_999_999 });
    expect(parseInput(NroAutorizacionParamsSchema, {})).toEqual({
      ok: false,
      msg: MSG_NROAUTORIZACION_INVALIDO,
      errors: [{ param: "id", msg: MSG_NROAUTORIZACION_INVALIDO }],
    });
  });
});

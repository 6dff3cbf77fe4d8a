// The audit-time query's input (spec part 2 §2 'Tiempos de Auditoria'; docs/decisions/013): Spanish messages for a
// missing, inverted or too long period and a malformed auditor or authorisation number.
import { describe, expect, test } from "vitest";
import { MSG_PERIODO_INVERTIDO, MSG_PERIODO_LARGO } from "~/lib/period";
import {
  EstadisticasQuerySchema,
  MSG_AUDITOR_INVALIDO,
  MSG_NRO_INVALIDO,
  MSG_PERIODO_REQUERIDO,
  NroAutorizacionSchema,
} from "./auditoria.schema";

const everyone = { fecha_desde: "2025-03-10", fecha_hasta: "2025-03-11", auditor: null };

describe("input", () => {
  const msg = (raw: Record<string, unknown>) => EstadisticasQuerySchema.safeParse(raw).error?.issues[0]?.message;
  test("period required, ordered and at most 366 days; auditor code; 'equipo' and blank mean everyone", () => {
    expect(msg({})).toBe(MSG_PERIODO_REQUERIDO);
    expect(msg({ fecha_desde: "2025-03-10" })).toBe(MSG_PERIODO_REQUERIDO);
    expect(msg({ fecha_desde: "2025-03-11", fecha_hasta: "2025-03-10" })).toBe(MSG_PERIODO_INVERTIDO);
    expect(msg({ fecha_desde: "2024-01-01", fecha_hasta: "2025-03-10" })).toBe(MSG_PERIODO_LARGO);
    expect(msg({ fecha_desde: "2025-03-10", fecha_hasta: "2025-03-11", auditor: "' OR 1=1 --" })).toBe(
      MSG_AUDITOR_INVALIDO,
    );
    expect(
      EstadisticasQuerySchema.parse({ fecha_desde: "2025-03-10", fecha_hasta: "2025-03-11", auditor: "equipo" }),
    ).toEqual(everyone);
    expect(
      EstadisticasQuerySchema.parse({ fecha_desde: "2025-03-10", fecha_hasta: "2025-03-11", auditor: " " }),
    ).toEqual(everyone);
    expect(NroAutorizacionSchema.safeParse({ id: "12a" }).error?.issues[0]?.message).toBe(MSG_NRO_INVALIDO);
  });
});

// Issue 10: a period of one day (0, 1 and many audits) must not break any metric of docs/decisions/013; the
// metrics that may not exist are null, never NaN or a crash. On the hand-built dataset.
import { describe, expect, test } from "vitest";
import { estadisticasOf, periodQuery, useAuditoriaSnapshot } from "~tests/support/auditoria-snapshot";
import {
  DESDE,
  DIA_SIN_AUDITORIAS,
  DIA_UNA_AUDITORIA,
  DIA_UNA_DIA_ANTERIOR,
  HASTA,
} from "~tests/support/auditoria-fixture";
import { autorizacionDetalle, autorizacionesAuditadas } from "./auditoria.server";

useAuditoriaSnapshot();
const q = periodQuery;
const estadisticas = estadisticasOf;

const NULLABLE = new Set([
  "datos.tiempo_promedio",
  "datos.tiempo_minimo",
  "datos.tiempo_maximo",
  "datos.tiempo_total", // no audit with a time
  "datos.autorizacion_con_tiempo_min",
  "datos.autorizacion_con_tiempo_max", // idem
  "interrupcion_maxima", // fewer than two audits on any day: no gap
  "tiempo_muerto_max", // no shift
  "inicio_autorizaciones.inicio_turno",
  "inicio_autorizaciones.minutos_desde_inicio_turno",
  "inicio_autorizaciones.estado", // no shift
  "cierre_autorizaciones.fin_turno",
  "cierre_autorizaciones.minutos_antes_fin_turno",
  "cierre_autorizaciones.estado", // no shift
]);

function nullFields(o: unknown, prefix = ""): string[] {
  if (o === null || o === undefined) return [prefix];
  if (typeof o !== "object" || Array.isArray(o)) return [];
  return Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => nullFields(v, prefix ? `${prefix}.${k}` : k));
}

describe("0, 1 and many audits (issue 10: a single-day period must not break any metric)", () => {
  test("0 audits: no rows, for the team and for an auditor", async () => {
    expect(await estadisticas({ fecha_desde: DIA_SIN_AUDITORIAS, fecha_hasta: DIA_SIN_AUDITORIAS })).toEqual([]);
    expect(
      await estadisticas({ fecha_desde: DIA_UNA_AUDITORIA, fecha_hasta: DIA_UNA_AUDITORIA, auditor: "AUDT1" }),
    ).toEqual([]);
  });

  test("1 audit with a time: the auditor and the equipo row carry every metric; only the gap does not exist", async () => {
    const rows = await estadisticas({ fecha_desde: DIA_UNA_AUDITORIA, fecha_hasta: DIA_UNA_AUDITORIA });
    expect(rows.map((r) => r.auditor)).toEqual(["equipo", "AUDT4"]);
    for (const r of rows) {
      expect(r, r.auditor).toMatchObject({
        datos: {
          cantidad_autorizaciones: 1,
          cantidad_con_tiempo: 1,
          tiempo_promedio: 3,
          tiempo_minimo: 3,
          tiempo_maximo: 3,
          tiempo_total: 3,
          autorizacion_con_tiempo_min: 4001,
          autorizacion_con_tiempo_max: 4001,
        },
        inicio_autorizaciones: {
          fecha_hora_auditoria: "2025-04-01 09:03:00",
          aucanumint: 4001,
          usuarioauditoria: "AUDT4",
        },
        cierre_autorizaciones: {
          fecha_hora_auditoria: "2025-04-01 09:03:00",
          aucanumint: 4001,
          usuarioauditoria: "AUDT4",
        },
        auditoria_dia_anterior: 0,
        ls_auditorias_dia_anterior: [],
        cant_autorizaciones_menor_2_minutos: 0,
        interrupcion_maxima: null,
        interrupciones_mayor_15_min: 0,
        tiempo_muerto_max: null,
        total_tiempo_interrupciones: 0,
        dias_con_auditorias: 1,
      });
    }
  });

  test("1 previous-day audit: counted, no time metric, counts are 0 (never null)", async () => {
    const rows = await estadisticas({ fecha_desde: DIA_UNA_DIA_ANTERIOR, fecha_hasta: DIA_UNA_DIA_ANTERIOR });
    expect(rows.map((r) => r.auditor)).toEqual(["equipo", "AUDT5"]);
    for (const r of rows) {
      expect(r, r.auditor).toMatchObject({
        datos: {
          cantidad_autorizaciones: 1,
          cantidad_con_tiempo: 0,
          tiempo_promedio: null,
          tiempo_minimo: null,
          tiempo_maximo: null,
          tiempo_total: null,
          autorizacion_con_tiempo_min: null,
          autorizacion_con_tiempo_max: null,
        },
        auditoria_dia_anterior: 1,
        cant_autorizaciones_menor_2_minutos: 0,
        interrupcion_maxima: null,
        interrupciones_mayor_15_min: 0,
        total_tiempo_interrupciones: 0,
        dias_con_auditorias: 1,
      });
      expect(r.ls_auditorias_dia_anterior.map((i) => i.aucanumint)).toEqual([5001]);
    }
  });

  test("every period (0, 1, many audits; one auditor or all): nulls only where documented", async () => {
    const periods: [string, string][] = [
      [DESDE, HASTA],
      [DESDE, DESDE],
      [HASTA, HASTA],
      [DIA_UNA_AUDITORIA, DIA_UNA_AUDITORIA],
      [DIA_UNA_DIA_ANTERIOR, DIA_UNA_DIA_ANTERIOR],
      [DIA_UNA_AUDITORIA, DIA_SIN_AUDITORIAS],
      [DESDE, DIA_SIN_AUDITORIAS],
    ];
    let seen = 0;
    for (const [fecha_desde, fecha_hasta] of periods) {
      for (const auditor of [null, "AUDT1", "AUDT3", "AUDT4", "AUDT5"]) {
        for (const r of await estadisticas({ fecha_desde, fecha_hasta, auditor })) {
          seen++;
          expect(
            nullFields(r).filter((f) => !NULLABLE.has(f)),
            `${fecha_desde}..${fecha_hasta} ${r.auditor}`,
          ).toEqual([]);
        }
      }
    }
    expect(seen).toBeGreaterThan(10);
  });
});

test("audited authorisations and the authorisation detail", async () => {
  const r = await autorizacionesAuditadas({ ...q({ auditor: "AUDT1" }), solo_dia_anterior: false });
  if (!r.ok) throw new Error(r.msg);
  expect(r.value.total).toBe(8);
  expect(r.value.truncado).toBe(false);
  expect(r.value.resultado[0]).toEqual({
    aucanumint: 1001,
    fecha_hora_carga: "2025-03-10 08:05:00",
    fecha_hora_carga_original: "2025-03-10 08:05:00",
    fecha_hora_auditoria: "2025-03-10 08:10:00",
    usuarioauditoria: "AUDT1",
    tiempo_auditoria: 5,
    dia_anterior: false,
  });
  const d = await autorizacionDetalle(1004);
  expect(d.ok && d.value.map((x) => x.aucanumint)).toEqual([1004]);
});

// Every audit metric of docs/decisions/013 on the hand-built dataset (tests/support/auditoria-fixture.ts),
// in the API's shape (minutes), the shift colours and the lists. The API adapters: auditoria.api.test.ts.
import { describe, expect, test } from "vitest";
import { estadisticasOf, periodQuery, useAuditoriaSnapshot } from "~tests/support/auditoria-snapshot";
import { DESDE, DIA_UNA_DIA_ANTERIOR, HASTA } from "~tests/support/auditoria-fixture";
import { estadisticasGenerales } from "./auditoria.server";

useAuditoriaSnapshot();
const q = periodQuery;
const estadisticas = estadisticasOf;

const item = (aucanumint: number, usuarioauditoria: string, carga: string, auditoria: string) => ({
  aucanumint,
  usuarioauditoria,
  fecha_hora_carga: carga,
  fecha_hora_carga_original: carga,
  fecha_hora_auditoria: auditoria,
  tiempo_auditoria: null,
  dia_anterior: true,
});

describe("estadisticas generales on the hand-built dataset", () => {
  test("equipo first, then one row per auditor with audits in the period", async () => {
    expect((await estadisticas()).map((e) => e.auditor)).toEqual(["equipo", "AUDT1", "AUDT2", "AUDT3"]);
  });

  test("AUDT1: two days, a previous-day load, a 2-minute boundary, long gaps, late start and amber end", async () => {
    const [, a1] = await estadisticas();
    expect(a1).toEqual({
      auditor: "AUDT1",
      datos: {
        cantidad_autorizaciones: 8,
        cantidad_con_tiempo: 7,
        tiempo_promedio: 89.07,
        tiempo_minimo: 1.5,
        tiempo_maximo: 300,
        tiempo_total: 623.5,
        autorizacion_con_tiempo_min: 1002,
        autorizacion_con_tiempo_max: 1103,
      },
      inicio_autorizaciones: {
        fecha_hora_auditoria: "2025-03-11 08:40:00",
        aucanumint: 1101,
        usuarioauditoria: "AUDT1",
        inicio_turno: "08:00:00",
        minutos_desde_inicio_turno: 40,
        estado: "late",
      },
      cierre_autorizaciones: {
        fecha_hora_auditoria: "2025-03-10 13:30:00",
        aucanumint: 1005,
        usuarioauditoria: "AUDT1",
        fin_turno: "14:00:00",
        minutos_antes_fin_turno: 30,
        estado: "warning",
      },
      auditoria_dia_anterior: 1,
      ls_auditorias_dia_anterior: [item(1003, "AUDT1", "2025-03-10 06:30:00", "2025-03-10 08:27:30")],
      cant_autorizaciones_menor_2_minutos: 1,
      interrupcion_maxima: 308,
      interrupciones_mayor_15_min: 3,
      tiempo_muerto_max: 40,
      total_tiempo_interrupciones: 610.5,
      dias_con_auditorias: 2,
    });
  });

  test("AUDT2: one day, in time at both ends; a load of the previous calendar day is día anterior", async () => {
    const [, , a2] = await estadisticas();
    expect(a2).toEqual({
      auditor: "AUDT2",
      datos: {
        cantidad_autorizaciones: 4,
        cantidad_con_tiempo: 3,
        tiempo_promedio: 18.67,
        tiempo_minimo: 1,
        tiempo_maximo: 50,
        tiempo_total: 56,
        autorizacion_con_tiempo_min: 2002,
        autorizacion_con_tiempo_max: 2004,
      },
      inicio_autorizaciones: {
        fecha_hora_auditoria: "2025-03-10 07:10:00",
        aucanumint: 2001,
        usuarioauditoria: "AUDT2",
        inicio_turno: "07:00:00",
        minutos_desde_inicio_turno: 10,
        estado: "ok",
      },
      cierre_autorizaciones: {
        fecha_hora_auditoria: "2025-03-10 12:50:00",
        aucanumint: 2004,
        usuarioauditoria: "AUDT2",
        fin_turno: "13:00:00",
        minutos_antes_fin_turno: 10,
        estado: "ok",
      },
      auditoria_dia_anterior: 1,
      ls_auditorias_dia_anterior: [item(2003, "AUDT2", "2025-03-09 22:00:00", "2025-03-10 07:20:00")],
      cant_autorizaciones_menor_2_minutos: 1,
      interrupcion_maxima: 330,
      interrupciones_mayor_15_min: 1,
      tiempo_muerto_max: 10,
      total_tiempo_interrupciones: 330,
      dias_con_auditorias: 1,
    });
  });

  test("AUDT3: no shift (no colours, no dead time); a load after the audit has no time", async () => {
    const [, , , a3] = await estadisticas();
    expect(a3).toEqual({
      auditor: "AUDT3",
      datos: {
        cantidad_autorizaciones: 2,
        cantidad_con_tiempo: 1,
        tiempo_promedio: 1.5,
        tiempo_minimo: 1.5,
        tiempo_maximo: 1.5,
        tiempo_total: 1.5,
        autorizacion_con_tiempo_min: 3001,
        autorizacion_con_tiempo_max: 3001,
      },
      inicio_autorizaciones: {
        fecha_hora_auditoria: "2025-03-11 15:01:30",
        aucanumint: 3001,
        usuarioauditoria: "AUDT3",
        inicio_turno: null,
        minutos_desde_inicio_turno: null,
        estado: null,
      },
      cierre_autorizaciones: {
        fecha_hora_auditoria: "2025-03-11 15:30:00",
        aucanumint: 3002,
        usuarioauditoria: "AUDT3",
        fin_turno: null,
        minutos_antes_fin_turno: null,
        estado: null,
      },
      auditoria_dia_anterior: 0,
      ls_auditorias_dia_anterior: [],
      cant_autorizaciones_menor_2_minutos: 1,
      interrupcion_maxima: 28.5,
      interrupciones_mayor_15_min: 1,
      tiempo_muerto_max: null,
      total_tiempo_interrupciones: 28.5,
      dias_con_auditorias: 1,
    });
  });

  test("equipo: every audit together; gaps per auditor; Inicio/Cierre = the team's first and last audit of the period", async () => {
    const [equipo] = await estadisticas();
    expect(equipo).toEqual({
      auditor: "equipo",
      datos: {
        cantidad_autorizaciones: 14,
        cantidad_con_tiempo: 11,
        tiempo_promedio: 61.91,
        tiempo_minimo: 1,
        tiempo_maximo: 300,
        tiempo_total: 681,
        autorizacion_con_tiempo_min: 2002,
        autorizacion_con_tiempo_max: 1103,
      },
      inicio_autorizaciones: {
        fecha_hora_auditoria: "2025-03-10 07:10:00",
        aucanumint: 2001,
        usuarioauditoria: "AUDT2",
        inicio_turno: null,
        minutos_desde_inicio_turno: null,
        estado: null,
      },
      cierre_autorizaciones: {
        fecha_hora_auditoria: "2025-03-11 15:30:00",
        aucanumint: 3002,
        usuarioauditoria: "AUDT3",
        fin_turno: null,
        minutos_antes_fin_turno: null,
        estado: null,
      },
      auditoria_dia_anterior: 2,
      ls_auditorias_dia_anterior: [
        item(2003, "AUDT2", "2025-03-09 22:00:00", "2025-03-10 07:20:00"),
        item(1003, "AUDT1", "2025-03-10 06:30:00", "2025-03-10 08:27:30"),
      ],
      cant_autorizaciones_menor_2_minutos: 3,
      interrupcion_maxima: 330,
      interrupciones_mayor_15_min: 5,
      tiempo_muerto_max: 40,
      total_tiempo_interrupciones: 969,
      dias_con_auditorias: 2,
    });
  });

  test("one-day period: the first and last audit of that day", async () => {
    const [, a1] = await estadisticas({ fecha_hasta: DESDE });
    expect(a1.inicio_autorizaciones).toMatchObject({
      fecha_hora_auditoria: "2025-03-10 08:10:00",
      aucanumint: 1001,
      minutos_desde_inicio_turno: 10,
      estado: "ok",
    });
    expect(a1.cierre_autorizaciones).toMatchObject({ fecha_hora_auditoria: "2025-03-10 13:30:00", estado: "warning" });
    expect(a1.tiempo_muerto_max).toBe(30);
    expect(a1.datos.cantidad_autorizaciones).toBe(5);
  });

  test("one auditor: only that row; shifts and the shift table", async () => {
    const r = await estadisticasGenerales(q({ auditor: "AUDT2" }));
    if (!r.ok) throw new Error(r.msg);
    expect(r.value.estadisticas.map((e) => e.auditor)).toEqual(["AUDT2"]);
    expect(r.value.horario_auditores).toEqual([{ auditor: "AUDT2", inicio_turno: "07:00:00", fin_turno: "13:00:00" }]);
    const all = await estadisticasGenerales(q());
    if (!all.ok) throw new Error(all.msg);
    expect(all.value.horario_auditores.map((h) => h.auditor)).toEqual(["AUDT1", "AUDT2"]);
    expect(all.value.tabla_horario_auditores).toEqual([
      {
        auditor: "AUDT1",
        inicio_turno: "08:00:00",
        fin_turno: "14:00:00",
        primera_auditoria: "2025-03-11 08:40:00",
        minutos_desde_inicio_turno: 40,
        estado_inicio: "late",
        ultima_auditoria: "2025-03-10 13:30:00",
        minutos_antes_fin_turno: 30,
        estado_fin: "warning",
      },
      {
        auditor: "AUDT2",
        inicio_turno: "07:00:00",
        fin_turno: "13:00:00",
        primera_auditoria: "2025-03-10 07:10:00",
        minutos_desde_inicio_turno: 10,
        estado_inicio: "ok",
        ultima_auditoria: "2025-03-10 12:50:00",
        minutos_antes_fin_turno: 10,
        estado_fin: "ok",
      },
      {
        auditor: "AUDT3",
        inicio_turno: null,
        fin_turno: null,
        primera_auditoria: "2025-03-11 15:01:30",
        minutos_desde_inicio_turno: null,
        estado_inicio: null,
        ultima_auditoria: "2025-03-11 15:30:00",
        minutos_antes_fin_turno: null,
        estado_fin: null,
      },
    ]);
  });

  test("equipo Inicio is never later than its Cierre, whatever the period", async () => {
    for (const [desde, hasta] of [
      [DESDE, HASTA],
      [DESDE, DESDE],
      [HASTA, HASTA],
      [DESDE, DIA_UNA_DIA_ANTERIOR],
    ]) {
      const [equipo] = await estadisticas({ fecha_desde: desde, fecha_hasta: hasta });
      expect(equipo.auditor).toBe("equipo");
      expect(
        equipo.inicio_autorizaciones!.fecha_hora_auditoria <= equipo.cierre_autorizaciones!.fecha_hora_auditoria,
        `${desde}..${hasta}`,
      ).toBe(true);
    }
    const [equipo] = await estadisticas({ fecha_desde: DESDE, fecha_hasta: DIA_UNA_DIA_ANTERIOR });
    expect(equipo.inicio_autorizaciones).toMatchObject({
      fecha_hora_auditoria: "2025-03-10 07:10:00",
      aucanumint: 2001,
    });
    expect(equipo.cierre_autorizaciones).toMatchObject({
      fecha_hora_auditoria: "2025-04-02 08:00:00",
      aucanumint: 5001,
      usuarioauditoria: "AUDT5",
    });
  });

  test("a period without audits: empty lists", async () => {
    const r = await estadisticasGenerales(q({ fecha_desde: "2024-01-01", fecha_hasta: "2024-01-31" }));
    expect(r.ok && r.value.estadisticas).toEqual([]);
  });
});

/** The metrics that may be null, and when (docs/decisions/013, "0, 1 and many audits"); every other field is always there. */

// The audit-time queries on a snapshot of the hand-built dataset (auditoria.fixture.ts): raw seconds per auditor
// and for the team, the day picks, shifts, lists and the authorisation lookup.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { refreshSnapshot, withSnapshot } from "~reporting/index";
import { DESDE, HASTA, insertAuditoriaFixture } from "~tests/support/auditoria-fixture";
import {
  auditoriaJornadas,
  auditoriaMetricas,
  auditoriaResumen,
  auditoriasDiaAnterior,
  auditoriasListado,
  autorizacionByNumero,
  turnosAuditores,
  type AuditoriaPeriodo,
} from "./auditoria";

let t: TestDb;
const U = { rapidaSegundos: 120, interrupcionSegundos: 900 };
const periodo = (extra: Partial<AuditoriaPeriodo> = {}): AuditoriaPeriodo => ({
  desde: DESDE,
  hasta: HASTA,
  auditor: null,
  ...extra,
});

beforeAll(async () => {
  t = await useTestDatabase({ users: false });
  await insertAuditoriaFixture();
  await refreshSnapshot();
}, 120_000);

afterAll(async () => {
  await t?.cleanup();
});

describe("auditoriaMetricas", () => {
  test("per auditor and the team (first row), in seconds", async () => {
    const rows = await withSnapshot((r) => auditoriaMetricas(r, periodo(), U));
    expect(rows.map((r) => r.auditor)).toEqual([null, "AUDT1", "AUDT2", "AUDT3"]);
    const [equipo, a1, a2, a3] = rows;
    expect(a1).toEqual({
      auditor: "AUDT1",
      cantidad_autorizaciones: 8,
      cantidad_con_tiempo: 7,
      segundos_total: 37410,
      segundos_minimo: 90,
      segundos_maximo: 18000,
      autorizacion_con_tiempo_min: 1002,
      autorizacion_con_tiempo_max: 1103,
      auditoria_dia_anterior: 1,
      cant_autorizaciones_rapidas: 1,
      interrupcion_maxima_seg: 18480,
      interrupciones_largas: 3,
      total_interrupciones_largas_seg: 1950 + 16200 + 18480,
      dias: 2,
    });
    expect(a2).toEqual({
      auditor: "AUDT2",
      cantidad_autorizaciones: 4,
      cantidad_con_tiempo: 3,
      segundos_total: 3360,
      segundos_minimo: 60,
      segundos_maximo: 3000,
      autorizacion_con_tiempo_min: 2002,
      autorizacion_con_tiempo_max: 2004,
      auditoria_dia_anterior: 1,
      cant_autorizaciones_rapidas: 1,
      interrupcion_maxima_seg: 19800,
      interrupciones_largas: 1,
      total_interrupciones_largas_seg: 19800,
      dias: 1,
    });
    expect(a3).toEqual({
      auditor: "AUDT3",
      cantidad_autorizaciones: 2,
      cantidad_con_tiempo: 1,
      segundos_total: 90,
      segundos_minimo: 90,
      segundos_maximo: 90,
      autorizacion_con_tiempo_min: 3001,
      autorizacion_con_tiempo_max: 3001,
      auditoria_dia_anterior: 0,
      cant_autorizaciones_rapidas: 1,
      interrupcion_maxima_seg: 1710,
      interrupciones_largas: 1,
      total_interrupciones_largas_seg: 1710,
      dias: 1,
    });
    expect(equipo).toEqual({
      auditor: null,
      cantidad_autorizaciones: 14,
      cantidad_con_tiempo: 11,
      segundos_total: 40860,
      segundos_minimo: 60,
      segundos_maximo: 18000,
      autorizacion_con_tiempo_min: 2002,
      autorizacion_con_tiempo_max: 1103,
      auditoria_dia_anterior: 2,
      cant_autorizaciones_rapidas: 3,
      interrupcion_maxima_seg: 19800,
      interrupciones_largas: 5,
      total_interrupciones_largas_seg: 36630 + 19800 + 1710,
      dias: 2,
    });
  });

  test("one auditor; an empty period gives no rows; thresholds are parameters", async () => {
    const one = await withSnapshot((r) => auditoriaMetricas(r, periodo({ auditor: "AUDT2" }), U));
    expect(one.map((r) => r.auditor)).toEqual([null, "AUDT2"]);
    expect(one[0].cantidad_autorizaciones).toBe(4);
    expect(
      await withSnapshot((r) => auditoriaMetricas(r, periodo({ desde: "2024-01-01", hasta: "2024-01-31" }), U)),
    ).toEqual([]);
    const looser = await withSnapshot((r) =>
      auditoriaMetricas(r, periodo({ auditor: "AUDT1" }), { rapidaSegundos: 121, interrupcionSegundos: 899 }),
    );
    expect(looser[1]).toMatchObject({
      cant_autorizaciones_rapidas: 2,
      interrupciones_largas: 4,
      total_interrupciones_largas_seg: 900 + 1950 + 16200 + 18480,
    });
  });
});

describe("auditoriaJornadas", () => {
  test("per auditor the latest first audit and earliest last audit of a day; the team the period's first and last; shifts and dead time", async () => {
    const rows = await withSnapshot((r) => auditoriaJornadas(r, periodo()));
    expect(rows).toEqual([
      {
        auditor: null,
        inicio_fecha_hora: "2025-03-10 07:10:00",
        inicio_nro: 2001,
        inicio_auditor: "AUDT2",
        cierre_fecha_hora: "2025-03-11 15:30:00",
        cierre_nro: 3002,
        cierre_auditor: "AUDT3",
        inicio_turno: null,
        fin_turno: null,
        tiempo_muerto_max_seg: 2400,
      },
      {
        auditor: "AUDT1",
        inicio_fecha_hora: "2025-03-11 08:40:00",
        inicio_nro: 1101,
        inicio_auditor: "AUDT1",
        cierre_fecha_hora: "2025-03-10 13:30:00",
        cierre_nro: 1005,
        cierre_auditor: "AUDT1",
        inicio_turno: "08:00:00",
        fin_turno: "14:00:00",
        tiempo_muerto_max_seg: 2400,
      },
      {
        auditor: "AUDT2",
        inicio_fecha_hora: "2025-03-10 07:10:00",
        inicio_nro: 2001,
        inicio_auditor: "AUDT2",
        cierre_fecha_hora: "2025-03-10 12:50:00",
        cierre_nro: 2004,
        cierre_auditor: "AUDT2",
        inicio_turno: "07:00:00",
        fin_turno: "13:00:00",
        tiempo_muerto_max_seg: 600,
      },
      {
        auditor: "AUDT3",
        inicio_fecha_hora: "2025-03-11 15:01:30",
        inicio_nro: 3001,
        inicio_auditor: "AUDT3",
        cierre_fecha_hora: "2025-03-11 15:30:00",
        cierre_nro: 3002,
        cierre_auditor: "AUDT3",
        inicio_turno: null,
        fin_turno: null,
        tiempo_muerto_max_seg: null,
      },
    ]);
  });

  test("a one-day period: simply the first and last audit of that day", async () => {
    const rows = await withSnapshot((r) => auditoriaJornadas(r, periodo({ hasta: DESDE, auditor: "AUDT1" })));
    expect(rows[1]).toMatchObject({
      inicio_fecha_hora: "2025-03-10 08:10:00",
      inicio_nro: 1001,
      cierre_fecha_hora: "2025-03-10 13:30:00",
      cierre_nro: 1005,
      tiempo_muerto_max_seg: 1800,
    });
    expect(
      await withSnapshot((r) => auditoriaJornadas(r, periodo({ desde: "2024-01-01", hasta: "2024-01-02" }))),
    ).toEqual([]);
  });
});

test("turnosAuditores", async () => {
  expect(await withSnapshot((r) => turnosAuditores(r))).toEqual([
    { auditor: "AUDT1", inicio_turno: "08:00:00", fin_turno: "14:00:00" },
    { auditor: "AUDT2", inicio_turno: "07:00:00", fin_turno: "13:00:00" },
  ]);
});

test("previous-day audits per auditor and for the team, capped", async () => {
  const rows = await withSnapshot((r) => auditoriasDiaAnterior(r, periodo(), 10));
  expect(rows.map((r) => [r.auditor, r.items.map((i) => i.aucanumint)])).toEqual([
    [null, [2003, 1003]],
    ["AUDT1", [1003]],
    ["AUDT2", [2003]],
  ]);
  expect(rows[2].items[0]).toEqual({
    aucanumint: 2003,
    fecha_hora_carga: "2025-03-09 22:00:00",
    fecha_hora_carga_original: "2025-03-09 22:00:00",
    fecha_hora_auditoria: "2025-03-10 07:20:00",
    usuarioauditoria: "AUDT2",
    segundos_auditoria: null,
    dia_anterior: true,
  });
  const capped = await withSnapshot((r) => auditoriasDiaAnterior(r, periodo(), 1));
  expect(capped[0].items.map((i) => i.aucanumint)).toEqual([2003]);
});

test("audited authorisations of an auditor or the team, oldest first, capped with the total", async () => {
  const all = await withSnapshot((r) => auditoriasListado(r, periodo(), 100));
  expect(all.total).toBe(14);
  expect(all.items.map((i) => i.aucanumint)).toEqual([
    2001, 2002, 2003, 1001, 1002, 1003, 1004, 2004, 1005, 1101, 1102, 1103, 3001, 3002,
  ]);
  const a1 = await withSnapshot((r) => auditoriasListado(r, periodo({ auditor: "AUDT1" }), 3));
  expect(a1.total).toBe(8);
  expect(a1.items.map((i) => i.aucanumint)).toEqual([1001, 1002, 1003]);
  expect(a1.items[0]).toMatchObject({ segundos_auditoria: 300, dia_anterior: false, usuarioauditoria: "AUDT1" });
  const anteriores = await withSnapshot((r) => auditoriasListado(r, { ...periodo(), soloDiaAnterior: true }, 100));
  expect(anteriores.items.map((i) => i.aucanumint)).toEqual([2003, 1003]);
  expect(await withSnapshot((r) => auditoriasListado(r, periodo({ auditor: "NADIE" }), 100))).toEqual({
    items: [],
    total: 0,
  });
});

test("an authorisation by number", async () => {
  const rows = await withSnapshot((r) => autorizacionByNumero(r, 1004));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    aucanumint: 1004,
    fecha: "2025-03-10",
    practica: "420101",
    usuarioauditoria: "AUDT1",
    fecha_hora_carga: "2025-03-10 08:20:00",
    fecha_hora_auditoria: "2025-03-10 09:00:00",
  });
  expect(await withSnapshot((r) => autorizacionByNumero(r, 424242))).toEqual([]);
});

// Last: it adds a day of ties (5 May 2025, outside the period above) and builds a new snapshot. ids follow the order.
//   AUDT6  #6001 09:00 → 09:02 120 s · #6002 09:01 → 09:03 120 s · #6003 08:00 → 10:00 7200 s · #6004 the same
//          · #6005 carga 06:00 → 11:00 día anterior
//   AUDT7  #7001 08:58 → 09:00 120 s · #7002 07:00 → 09:00 7200 s · #7003 carga 06:30 → 11:00 día anterior
test("auditoriaResumen (one read): ties of the shortest and longest time, of the day picks and of the lists", async () => {
  const rows: [number, string, string, string][] = [
    [6001, "AUDT6", "09:00:00", "09:02:00"],
    [6002, "AUDT6", "09:01:00", "09:03:00"],
    [6003, "AUDT6", "08:00:00", "10:00:00"],
    [6004, "AUDT6", "08:00:00", "10:00:00"],
    [7001, "AUDT7", "08:58:00", "09:00:00"],
    [7002, "AUDT7", "07:00:00", "09:00:00"],
    [6005, "AUDT6", "06:00:00", "11:00:00"],
    [7003, "AUDT7", "06:30:00", "11:00:00"],
  ];
  for (const [nro, auditor, carga, auditoria] of rows) {
    await sqlRows(
      `insert into autorizaciones (nroautorizacion, practica, descpractica, autorizo, modalidad, fecha, usuarioauditoria,
         fecha_hora_carga, fecha_hora_carga_original, fecha_hora_auditoria, nombreafiliado)
       values ($1, '420101', 'CONSULTA MEDICA', 'AUTORIZADA', 'PREVIA', '2025-05-05', $2, $3, $3, $4, 'PRUEBA AFILIADO')`,
      [nro, auditor, `2025-05-05 ${carga}`, `2025-05-05 ${auditoria}`],
    );
  }
  await refreshSnapshot();
  const p = { desde: "2025-05-05", hasta: "2025-05-05", auditor: null };
  const { metricas, jornadas } = await withSnapshot((r) => auditoriaResumen(r, p, U));
  const extremos = metricas.map((m) => [m.auditor, m.autorizacion_con_tiempo_min, m.autorizacion_con_tiempo_max]);
  expect(extremos).toEqual([
    [null, 7001, 7002],
    ["AUDT6", 6001, 6003],
    ["AUDT7", 7001, 7002],
  ]);
  expect(metricas.map((m) => [m.auditor, m.cantidad_autorizaciones, m.cantidad_con_tiempo, m.dias])).toEqual([
    [null, 8, 6, 1],
    ["AUDT6", 5, 4, 1],
    ["AUDT7", 3, 2, 1],
  ]);
  const picks = jornadas.map((j) => [j.auditor, j.inicio_nro, j.inicio_auditor, j.cierre_nro, j.cierre_auditor]);
  expect(picks).toEqual([
    [null, 7001, "AUDT7", 7003, "AUDT7"],
    ["AUDT6", 6001, "AUDT6", 6005, "AUDT6"],
    ["AUDT7", 7001, "AUDT7", 7003, "AUDT7"],
  ]);
  const anteriores = await withSnapshot((r) => auditoriasDiaAnterior(r, p, 10));
  expect(anteriores.map((a) => [a.auditor, a.items.map((i) => i.aucanumint)])).toEqual([
    [null, [6005, 7003]],
    ["AUDT6", [6005]],
    ["AUDT7", [7003]],
  ]);
  const solo = await withSnapshot((r) => auditoriaResumen(r, { ...p, auditor: "AUDT6" }, U));
  expect(solo.metricas.map((m) => [m.auditor, m.autorizacion_con_tiempo_min, m.autorizacion_con_tiempo_max])).toEqual([
    [null, 6001, 6003],
    ["AUDT6", 6001, 6003],
  ]);
  expect(solo.jornadas.map((j) => [j.auditor, j.inicio_nro, j.cierre_nro])).toEqual([
    [null, 6001, 6005],
    ["AUDT6", 6001, 6005],
  ]);
});

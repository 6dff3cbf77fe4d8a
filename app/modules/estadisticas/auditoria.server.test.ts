// Every audit metric of docs/decisions/013 on the hand-built dataset (tests/support/auditoria-fixture.ts),
// in the API's shape (minutes), the shift colours, the lists, and the API adapters (guards, bad input, 404, 503).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { usUsuarios } from "~db/schema/auth";
import { refreshSnapshot } from "~reporting/index";
import {
  DESDE,
  DIA_SIN_AUDITORIAS,
  DIA_UNA_AUDITORIA,
  DIA_UNA_DIA_ANTERIOR,
  HASTA,
  insertAuditoriaFixture,
  insertAuditoriasSueltas,
} from "~tests/support/auditoria-fixture";
import { createSession } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { callApi, TEST_REQUEST_CONTEXT, type RouteHandler } from "~tests/support/api";
import {
  action as estadisticasAction,
  loader as estadisticasLoader,
} from "~/routes/api.statistics.estadisticas-generales";
import { loader as autorizacionesLoader } from "~/routes/api.statistics.autorizaciones";
import { loader as autorizacionLoader } from "~/routes/api.statistics.autorizacion.$id";
import { MSG_AUTORIZACION_NO_ENCONTRADA } from "~/lib/messages";
import {
  autorizacionDetalle,
  autorizacionesAuditadas,
  estadisticasGenerales,
  type EstadisticaAuditor,
} from "./auditoria.server";
import { MSG_AUDITOR_INVALIDO, MSG_PERIODO_REQUERIDO, type EstadisticasQuery } from "./auditoria.schema";
import { MSG_PERIODO_INVERTIDO } from "~/lib/period";
import { MSG_NROAUTORIZACION_INVALIDO } from "~/lib/input";

let t: TestDb;
let dir: string;
let admin = "";
let consulta = "";
const q = (extra: Partial<EstadisticasQuery> = {}): EstadisticasQuery => ({
  fecha_desde: DESDE,
  fecha_hasta: HASTA,
  auditor: null,
  ...extra,
});
const ctx = TEST_REQUEST_CONTEXT;

beforeAll(async () => {
  t = await useTestDatabase();
  dir = t.reportingDir;
  await insertAuditoriaFixture();
  await insertAuditoriasSueltas();
  await refreshSnapshot();
  const id = async (u: string) =>
    (await t.db.select({ id: usUsuarios.id }).from(usUsuarios).where(eq(usUsuarios.usuario, u)))[0].id;
  admin = await requestContext.run(ctx, async () => createSession(await id("admin"), "api"));
  consulta = await requestContext.run(ctx, async () => createSession(await id("consulta"), "api"));
}, 120_000);

afterAll(async () => {
  await t?.cleanup();
});

async function estadisticas(extra: Partial<EstadisticasQuery> = {}): Promise<EstadisticaAuditor[]> {
  const r = await estadisticasGenerales(q(extra));
  if (!r.ok) throw new Error(r.msg);
  return r.value.estadisticas;
}

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

describe("API adapters", () => {
  const call = (handler: RouteHandler, url: string, token?: string, params: Record<string, string> = {}) =>
    callApi(handler, url, { token, params });
  const period = `fecha_desde=${DESDE}&fecha_hasta=${HASTA}`;

  test("estadisticas-generales: the spec's keys; bad input 400 with Spanish msg; guards", async () => {
    const ok = await call(estadisticasLoader, `/api/statistics/estadisticas-generales?${period}&auditor=`, admin);
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body)).toEqual(["estadisticas", "horario_auditores", "tabla_horario_auditores"]);
    expect(ok.body.estadisticas[0].auditor).toBe("equipo");
    const missing = await call(estadisticasLoader, "/api/statistics/estadisticas-generales", admin);
    expect(missing).toMatchObject({ status: 400, body: { msg: MSG_PERIODO_REQUERIDO } });
    expect(missing.body.errors.map((e: { param: string }) => e.param)).toEqual(["fecha_desde", "fecha_hasta"]);
    let rows = 0;
    for (const dia of [DESDE, HASTA, DIA_UNA_AUDITORIA, DIA_UNA_DIA_ANTERIOR, DIA_SIN_AUDITORIAS]) {
      const one = await call(
        estadisticasLoader,
        `/api/statistics/estadisticas-generales?fecha_desde=${dia}&fecha_hasta=${dia}&auditor=`,
        admin,
      );
      expect(one.status, dia).toBe(200);
      for (const e of one.body.estadisticas as EstadisticaAuditor[]) {
        rows++;
        expect(e.interrupciones_mayor_15_min, `${dia} ${e.auditor}`).toEqual(expect.any(Number));
        expect(e.cant_autorizaciones_menor_2_minutos, `${dia} ${e.auditor}`).toEqual(expect.any(Number));
      }
    }
    expect(rows).toBeGreaterThanOrEqual(8); // 'equipo' and at least one auditor on each of the four days with audits
    const inverted = await call(
      estadisticasLoader,
      `/api/statistics/estadisticas-generales?fecha_desde=${HASTA}&fecha_hasta=${DESDE}`,
      admin,
    );
    expect(inverted).toMatchObject({ status: 400, body: { msg: MSG_PERIODO_INVERTIDO } });
    const bad = await call(
      estadisticasLoader,
      `/api/statistics/estadisticas-generales?${period}&auditor=%27%3Bdrop`,
      admin,
    );
    expect(bad).toMatchObject({ status: 400, body: { msg: MSG_AUDITOR_INVALIDO } });
    expect((await call(estadisticasLoader, `/api/statistics/estadisticas-generales?${period}`)).status).toBe(401);
    expect((await call(estadisticasLoader, `/api/statistics/estadisticas-generales?${period}`, consulta)).status).toBe(
      403,
    );
  });

  test("another method: the guard first (401 without a token, 403 without the screen), then 405", async () => {
    const post = (token?: string) =>
      callApi(estadisticasAction, "/api/statistics/estadisticas-generales", { token, method: "POST" });
    expect((await post()).status).toBe(401);
    expect((await post(consulta)).status).toBe(403);
    expect(await post(admin)).toEqual({ status: 405, body: { msg: "Método no permitido" } });
  });

  test("autorizaciones: 'equipo' = every auditor; previous-day filter", async () => {
    const equipo = await call(autorizacionesLoader, `/api/statistics/autorizaciones?${period}&auditor=equipo`, admin);
    expect(equipo.status).toBe(200);
    expect(equipo.body.resultado).toHaveLength(14);
    expect(equipo.body).toMatchObject({ total: 14, truncado: false });
    const anteriores = await call(
      autorizacionesLoader,
      `/api/statistics/autorizaciones?${period}&auditor=AUDT1&solo_dia_anterior=1`,
      admin,
    );
    expect(anteriores.body.resultado.map((r: { aucanumint: number }) => r.aucanumint)).toEqual([1003]);
    expect((await call(autorizacionesLoader, "/api/statistics/autorizaciones?auditor=AUDT1", admin)).body.msg).toBe(
      MSG_PERIODO_REQUERIDO,
    );
  });

  test("autorizacion/{id}: found, not found 404, bad id 400", async () => {
    const found = await call(autorizacionLoader, "/api/statistics/autorizacion/1004", admin, { id: "1004" });
    expect(found.status).toBe(200);
    expect(found.body.autorizaciones[0]).toMatchObject({ aucanumint: 1004, usuarioauditoria: "AUDT1" });
    expect(await call(autorizacionLoader, "/api/statistics/autorizacion/77", admin, { id: "77" })).toEqual({
      status: 404,
      body: { msg: MSG_AUTORIZACION_NO_ENCONTRADA },
    });
    expect(await call(autorizacionLoader, "/api/statistics/autorizacion/x", admin, { id: "1 or 1=1" })).toMatchObject({
      status: 400,
      body: { msg: MSG_NROAUTORIZACION_INVALIDO },
    });
  });

  test("no snapshot yet: 503 with the store's msg", async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "rep-empty-"));
    process.env.REPORTING_DIR = empty;
    try {
      const r = await call(estadisticasLoader, `/api/statistics/estadisticas-generales?${period}`, admin);
      expect(r.status).toBe(503);
      expect(r.body.msg).toMatch(/todavía no están disponibles/);
      const m = await estadisticasGenerales(q());
      expect(m.ok).toBe(false);
    } finally {
      process.env.REPORTING_DIR = dir;
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

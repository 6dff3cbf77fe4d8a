// The audit-time API adapters (spec part 2 §7) on the hand-built dataset: the spec's keys, bad input as 400 with a
// Spanish msg, and the guards (the module functions themselves are tested in auditoria.server.test.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { periodQuery, useAuditoriaSnapshot } from "~tests/support/auditoria-snapshot";
import {
  DESDE,
  DIA_SIN_AUDITORIAS,
  DIA_UNA_AUDITORIA,
  DIA_UNA_DIA_ANTERIOR,
  HASTA,
} from "~tests/support/auditoria-fixture";
import { apiToken, callApi, type RouteHandler } from "~tests/support/api";
import {
  action as estadisticasAction,
  loader as estadisticasLoader,
} from "~/routes/api.statistics.estadisticas-generales";
import { loader as autorizacionesLoader } from "~/routes/api.statistics.autorizaciones";
import { loader as autorizacionLoader } from "~/routes/api.statistics.autorizacion.$id";
import { MSG_AUTORIZACION_NO_ENCONTRADA } from "~/lib/messages";
import { estadisticasGenerales } from "./auditoria.server";
import { MSG_AUDITOR_INVALIDO, MSG_PERIODO_REQUERIDO } from "./auditoria.schema";
import { MSG_PERIODO_INVERTIDO } from "~/lib/period";
import { MSG_NROAUTORIZACION_INVALIDO } from "~/lib/input";
import type { EstadisticaAuditor } from "./rules";

const snapshot = useAuditoriaSnapshot();
let dir: string;
let admin = "";
let consulta = "";
const q = periodQuery;

beforeAll(async () => {
  dir = snapshot.db.reportingDir;
  admin = await apiToken(snapshot.db, "admin");
  consulta = await apiToken(snapshot.db, "consulta");
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

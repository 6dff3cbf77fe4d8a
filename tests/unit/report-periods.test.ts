// Issue 12: the period of every report, through its routes. Aggregations on the snapshot (audit-time statistics,
// provider consumption, provider ranking) take any period up to 10 years, so managers compare years; listings of rows
// (the audited authorisations, the consumption drill-down, the pre-settlement and its CSV) keep 366 days; each message
// says its limit. An impossible date (2026-02-30) is a 400 with a Spanish message on every screen and API call.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { usUsuarios } from "~db/schema/auth";
import { refreshSnapshot } from "~reporting/index";
import { setSessionCookie } from "~/auth/cookie.server";
import { createSession } from "~/auth/sessions.server";
import { MSG_FECHA_INVALIDA } from "~/lib/input";
import { MSG_PERIODO_AGREGADO_LARGO, MSG_PERIODO_LARGO } from "~/lib/period";
import { requestContext } from "~/lib/request-context.server";
import { loader as tiemposScreen } from "~/routes/_app.osep-tiempos-auditoria";
import { loader as consumosScreen } from "~/routes/_app.consumos-por-prestador";
import { loader as liquidacionScreen } from "~/routes/_app.liquidacion-prestadores";
import { MSG_PAGE } from "~/lib/table-state";
import { loader as practicasScreen } from "~/routes/_app.informes-practicas";
import { loader as estadisticasApi } from "~/routes/api.statistics.estadisticas-generales";
import { loader as autorizacionesApi } from "~/routes/api.statistics.autorizaciones";
import { loader as consumosApi } from "~/routes/api.statistics.consumos.consumos-por-efector._index";
import { loader as listadoConsumosApi } from "~/routes/api.statistics.consumos.consumos-por-efector.listado";
import { loader as rankingApi } from "~/routes/api.statistics.consumos.ranking-consumos-por-efector";
import { loader as liquidacionApi } from "~/routes/api.prestadores.liquidacion";
import { loader as liquidacionCsv } from "~/routes/liquidacion-prestadores.liquidacion[.csv]";
import { loader as practicasApi } from "~/routes/api.practicas.informe";
import { loader as practicasListadoApi } from "~/routes/api.practicas.informe.listado";
import { TEST_REQUEST_CONTEXT, type RouteHandler } from "~tests/support/api";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";

const CUIT = "30-11111118-5";
const EFECTOR = "70001";
/** Two audited authorisations of one provider and one responsable, a year apart. */
const FECHAS = ["2024-05-10", "2025-05-10"];
const DOS_ANIOS = "fecha_desde=2024-01-01&fecha_hasta=2025-12-31";
const ONCE_ANIOS = "fecha_desde=2015-01-01&fecha_hasta=2025-12-31";
const IMPOSIBLE = "fecha_desde=2026-02-01&fecha_hasta=2026-02-30";

let t: TestDb;
let token = "";
let cookie = "";

type Answer = { status: number; body: Record<string, unknown> };

/** A route's loader called as Remix would, with the API token or the browser session; thrown Responses answered. */
async function call(handler: RouteHandler, url: string, as: "api" | "browser" = "api"): Promise<Answer> {
  const headers: Record<string, string> =
    as === "api" ? { "x-auth-token": token, accept: "application/json" } : { cookie };
  const request = new Request(`http://localhost${url}`, { headers });
  let res: Response;
  try {
    res = (await requestContext.run({ ...TEST_REQUEST_CONTEXT }, () =>
      handler({ request, params: {}, context: {} }),
    )) as Response;
  } catch (e) {
    if (!(e instanceof Response)) throw e;
    res = e;
  }
  const text = await res.text();
  return { status: res.status, body: res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : { text } };
}

beforeAll(async () => {
  t = await useTestDatabase();
  await sqlRows("insert into responsables (id, nombre, cuit) values (1, 'CLÍNICA ALFA S.A.', $1)", [CUIT]);
  await sqlRows(
    "insert into efectores (codigo, matriculas, nommedefector, matmedefector) values ($1, '7001', 'PEREZ ANA', '7001')",
    [EFECTOR],
  );
  for (const [i, fecha] of FECHAS.entries()) {
    await sqlRows(
      `insert into autorizaciones (nroautorizacion, nroafiliado, nombreafiliado, practica, descpractica, autorizo,
         modalidad, fecha, hora, cantidad, coseguro, entidad, codigo_efector, usuarioauditoria, fecha_hora_carga,
         fecha_hora_auditoria, responsable, cuit_responsable, anulado, montoauthonorario)
       values ($1, 'NA-1', 'AFILIADO UNO', '420101', 'CONSULTA', 'AUTORIZADA', 'PREVIA', $2::date, '09:00:00', 1,
         '10.00', 'CLÍNICA ALFA S.A.', $3, 'AUD01', ($2 || ' 09:00:00')::timestamp, ($2 || ' 09:05:00')::timestamp,
         'CLÍNICA ALFA S.A.', $4, false, 100.00)`,
      [1000 + i, fecha, EFECTOR, CUIT],
    );
  }
  await refreshSnapshot();
  const [admin] = await t.db.select({ id: usUsuarios.id }).from(usUsuarios).where(eq(usUsuarios.usuario, "admin"));
  token = await requestContext.run({ ...TEST_REQUEST_CONTEXT }, () => createSession(admin.id, "api"));
  const browser = await requestContext.run({ ...TEST_REQUEST_CONTEXT }, () => createSession(admin.id, "cookie"));
  cookie = (await setSessionCookie(browser)).split(";")[0];
}, 120_000);

afterAll(async () => {
  await t?.cleanup();
});

describe("aggregations: two years answer, eleven are refused saying the limit", () => {
  test("audit-time statistics (API and screen)", async () => {
    const api = await call(estadisticasApi, `/api/statistics/estadisticas-generales?${DOS_ANIOS}`);
    expect(api.status).toBe(200);
    const equipo = (api.body.estadisticas as { auditor: string; datos: { cantidad_autorizaciones: number } }[])[0];
    expect(equipo).toMatchObject({ auditor: "equipo", datos: { cantidad_autorizaciones: 2 } });
    expect(await call(estadisticasApi, `/api/statistics/estadisticas-generales?${ONCE_ANIOS}`)).toMatchObject({
      status: 400,
      body: { msg: MSG_PERIODO_AGREGADO_LARGO, errors: [{ param: "fecha_hasta", msg: MSG_PERIODO_AGREGADO_LARGO }] },
    });

    const screen = await call(tiemposScreen, `/osep-tiempos-auditoria?${DOS_ANIOS}`, "browser");
    expect(screen.status).toBe(200);
    expect((screen.body.filas as unknown[]).length).toBe(2); // equipo + AUD01
    expect(await call(tiemposScreen, `/osep-tiempos-auditoria?${ONCE_ANIOS}`, "browser")).toMatchObject({
      status: 400,
      body: { error: MSG_PERIODO_AGREGADO_LARGO, errors: { fecha_hasta: MSG_PERIODO_AGREGADO_LARGO } },
    });
  });

  test("provider consumption and ranking (API and screen)", async () => {
    const consumos = await call(
      consumosApi,
      `/api/statistics/consumos/consumos-por-efector?codigo_efector=${EFECTOR}&${DOS_ANIOS}`,
    );
    expect(consumos.status).toBe(200);
    expect(consumos.body.resultado).toEqual([expect.objectContaining({ practica: "420101", cant_practica: 2 })]);
    const ranking = await call(rankingApi, `/api/statistics/consumos/ranking-consumos-por-efector?${DOS_ANIOS}`);
    expect(ranking.status).toBe(200);
    expect(ranking.body.resultado).toEqual([expect.objectContaining({ codigo: EFECTOR, cant_practicas: 2 })]);
    for (const url of [
      `/api/statistics/consumos/consumos-por-efector?codigo_efector=${EFECTOR}&${ONCE_ANIOS}`,
      `/api/statistics/consumos/ranking-consumos-por-efector?${ONCE_ANIOS}`,
    ]) {
      const handler = url.includes("ranking") ? rankingApi : consumosApi;
      expect(await call(handler, url), url).toMatchObject({ status: 400, body: { msg: MSG_PERIODO_AGREGADO_LARGO } });
    }

    const screen = await call(
      consumosScreen,
      "/consumos-por-prestador?tab=ranking&buscar=ranking&ranking_desde=2024-01-01&ranking_hasta=2025-12-31",
      "browser",
    );
    expect(screen.status).toBe(200);
    expect((screen.body.ranking as { rows: unknown[] }).rows).toHaveLength(1);
    const porEfector = await call(
      consumosScreen,
      `/consumos-por-prestador?buscar=consumos&codigo_efector=${EFECTOR}&${DOS_ANIOS}`,
      "browser",
    );
    expect(porEfector.status).toBe(200);
    expect((porEfector.body.consumos as { rows: unknown[] }).rows).toHaveLength(1);
  });
});

describe("listings of rows keep 366 days, and say so", () => {
  test.each([
    ["audited authorisations", autorizacionesApi, `/api/statistics/autorizaciones?${DOS_ANIOS}`],
    [
      "consumption drill-down",
      listadoConsumosApi,
      `/api/statistics/consumos/consumos-por-efector/listado?codigo_efector=${EFECTOR}&practica=420101&${DOS_ANIOS}`,
    ],
    ["pre-settlement API", liquidacionApi, `/api/prestadores/liquidacion?responsable=${CUIT}&${DOS_ANIOS}`],
    [
      "pre-settlement CSV",
      liquidacionCsv,
      `/liquidacion-prestadores/liquidacion.csv?responsable=${CUIT}&exportExcel=true&${DOS_ANIOS}`,
    ],
  ])("%s: two years → 400", async (_name, handler, url) => {
    expect(await call(handler, url)).toMatchObject({ status: 400, body: { msg: MSG_PERIODO_LARGO } });
  });

  test("the statistics screen answers two years, its list dialog refuses them; the consumption drill-down too", async () => {
    const dialog = await call(
      tiemposScreen,
      `/osep-tiempos-auditoria?${DOS_ANIOS}&dialogo=listado&auditor=AUD01`,
      "browser",
    );
    expect(dialog).toMatchObject({ status: 400, body: { error: MSG_PERIODO_LARGO, dialogo: null } });
    expect((dialog.body.filas as unknown[]).length).toBe(2);
    const inYear = await call(
      tiemposScreen,
      "/osep-tiempos-auditoria?fecha_desde=2025-01-01&fecha_hasta=2025-12-31&dialogo=listado&auditor=AUD01",
      "browser",
    );
    expect(inYear.status).toBe(200);
    expect(inYear.body.dialogo).toMatchObject({ tipo: "listado", total: 1 });

    const drill = await call(
      consumosScreen,
      `/consumos-por-prestador?buscar=consumos&codigo_efector=${EFECTOR}&${DOS_ANIOS}&practica=420101`,
      "browser",
    );
    expect(drill).toMatchObject({ status: 400, body: { error: MSG_PERIODO_LARGO } });
    const liq = await call(liquidacionScreen, `/liquidacion-prestadores?responsable=${CUIT}&${DOS_ANIOS}`, "browser");
    // Preliquidación says it once, by the date field (issue 28), not also as the general alert
    expect(liq.status).toBe(400);
    expect(Object.values(liq.body.errors as Record<string, string>)).toContain(MSG_PERIODO_LARGO);
    expect(liq.body.error).toBeNull();
  });
});

// ADR 050: the page of the pre-settlement's server table is every list's page (~/lib/table-state): refused, not clamped
test.each(["-1", "abc", "1 OR 1=1", "9999999999"])(
  "/liquidacion-prestadores?page=%s → 400 with its message",
  async (p) => {
    const url = `/liquidacion-prestadores?responsable=${CUIT}&fecha_desde=2025-05-01&fecha_hasta=2025-05-31&page=${encodeURIComponent(p)}`;
    expect(await call(liquidacionScreen, url, "browser")).toMatchObject({ status: 400, body: { error: MSG_PAGE } });
  },
);

describe("an impossible date (2026-02-30) is a 400 with a message, never a 500", () => {
  test.each([
    ["estadisticas-generales", estadisticasApi, `/api/statistics/estadisticas-generales?${IMPOSIBLE}`],
    ["autorizaciones", autorizacionesApi, `/api/statistics/autorizaciones?${IMPOSIBLE}`],
    [
      "consumos-por-efector",
      consumosApi,
      `/api/statistics/consumos/consumos-por-efector?codigo_efector=${EFECTOR}&${IMPOSIBLE}`,
    ],
    [
      "consumos-por-efector/listado",
      listadoConsumosApi,
      `/api/statistics/consumos/consumos-por-efector/listado?codigo_efector=${EFECTOR}&practica=420101&${IMPOSIBLE}`,
    ],
    ["ranking", rankingApi, `/api/statistics/consumos/ranking-consumos-por-efector?${IMPOSIBLE}`],
    ["prestadores/liquidacion", liquidacionApi, `/api/prestadores/liquidacion?responsable=${CUIT}&${IMPOSIBLE}`],
    ["liquidacion.csv", liquidacionCsv, `/liquidacion-prestadores/liquidacion.csv?responsable=${CUIT}&${IMPOSIBLE}`],
    ["practicas/informe", practicasApi, `/api/practicas/informe?${IMPOSIBLE}`],
    ["practicas/informe/listado", practicasListadoApi, `/api/practicas/informe/listado?practica=420101&${IMPOSIBLE}`],
  ])("API %s", async (_name, handler, url) => {
    expect(await call(handler, url)).toMatchObject({
      status: 400,
      body: { msg: MSG_FECHA_INVALIDA, errors: [{ param: "fecha_hasta", msg: MSG_FECHA_INVALIDA }] },
    });
  });

  test.each([
    ["/osep-tiempos-auditoria", tiemposScreen, `/osep-tiempos-auditoria?${IMPOSIBLE}`],
    [
      "/consumos-por-prestador",
      consumosScreen,
      `/consumos-por-prestador?buscar=consumos&codigo_efector=${EFECTOR}&${IMPOSIBLE}`,
    ],
    ["/liquidacion-prestadores", liquidacionScreen, `/liquidacion-prestadores?responsable=${CUIT}&${IMPOSIBLE}`],
    ["/informes-practicas", practicasScreen, `/informes-practicas?buscar=1&${IMPOSIBLE}`],
  ])("screen %s", async (_name, handler, url) => {
    const r = await call(handler, url, "browser");
    expect(r.status).toBe(400);
    // each screen's field errors (the consumption screen keeps them in the aviso of the search that ran)
    const errors = r.body.errors ?? (r.body.aviso as { errors: unknown }).errors;
    expect(errors).toMatchObject({ fecha_hasta: MSG_FECHA_INVALIDA });
  });

  test("the ranking tab reports it on its own field", async () => {
    const r = await call(
      consumosScreen,
      "/consumos-por-prestador?tab=ranking&buscar=ranking&ranking_desde=2026-02-01&ranking_hasta=2026-02-30",
      "browser",
    );
    expect(r).toMatchObject({
      status: 400,
      body: { aviso: { form: "ranking", msg: MSG_FECHA_INVALIDA, errors: { ranking_hasta: MSG_FECHA_INVALIDA } } },
    });
  });
});

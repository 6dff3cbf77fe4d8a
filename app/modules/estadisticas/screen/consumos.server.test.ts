// 'Consumos por Efector' opens with the reports' default period (issue 38 item 7, ADR 073): the loader fills Fecha
// Desde / Fecha Hasta with today (todayISO(), as Tiempos de Auditoría and Preliquidación do) when the URL names
// neither, runs no search by itself, and keeps what the URL does name (the filters kept in the browser come back
// through the URL), even a blank date, which a search still refuses.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setSessionCookie } from "~/auth/cookie.server";
import { createSession } from "~/auth/sessions.server";
import { todayISO } from "~/lib/dates";
import { requestContext } from "~/lib/request-context.server";
import { loader } from "~/routes/_app.consumos-por-prestador";
import { answerOf, readAnswer, TEST_REQUEST_CONTEXT } from "~tests/support/api";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { userId } from "~tests/support/turnos-fixture";
import { MSG_CAMPOS_OBLIGATORIOS, screenValues } from "~/modules/estadisticas/consumos.schema";

let t: TestDb;
let cookie = "";

beforeAll(async () => {
  t = await useTestDatabase();
  const session = await requestContext.run(TEST_REQUEST_CONTEXT, async () =>
    createSession(await userId("admin"), "cookie"),
  );
  cookie = (await setSessionCookie(session)).split(";")[0];
});
afterAll(async () => {
  await t?.cleanup();
});

/** The screen's loader answer for `query`, as the admin. */
async function screen(query: string) {
  const request = new Request(`http://localhost/consumos-por-prestador${query}`, { headers: { Cookie: cookie } });
  const r = await readAnswer(await answerOf(loader, request));
  return { status: r.status, body: r.body as Record<string, unknown> & { values: Record<string, string> } };
}

describe("screenValues: the efector's period when the query names none", () => {
  const TODAY = "2026-12-01";
  test("absent dates start as today; the ranking's stay blank; the other filters blank", () => {
    expect(screenValues(new URLSearchParams(""), TODAY)).toEqual({
      apellido: "",
      nombre: "",
      codigo_efector: "",
      fecha_desde: TODAY,
      fecha_hasta: TODAY,
      ranking_desde: "",
      ranking_hasta: "",
    });
    expect(screenValues(new URLSearchParams("tab=ranking&ranking_desde=2026-01-01"), TODAY)).toMatchObject({
      fecha_desde: TODAY,
      fecha_hasta: TODAY,
      ranking_desde: "2026-01-01",
      ranking_hasta: "",
    });
  });
  test("dates the query names win, one by one; a date sent blank stays blank", () => {
    const v = screenValues(new URLSearchParams("fecha_desde=2025-01-01&codigo_efector=70001"), TODAY);
    expect(v).toMatchObject({ fecha_desde: "2025-01-01", fecha_hasta: TODAY, codigo_efector: "70001" });
    expect(screenValues(new URLSearchParams("fecha_desde=&fecha_hasta=%20"), TODAY)).toMatchObject({
      fecha_desde: "",
      fecha_hasta: "",
    });
  });
});

describe("the screen's loader", () => {
  test("first open: Fecha Desde and Fecha Hasta are today and no search runs", async () => {
    const today = todayISO();
    const { status, body } = await screen("");
    expect(status).toBe(200);
    expect(body.values).toMatchObject({ fecha_desde: today, fecha_hasta: today, codigo_efector: "" });
    expect(body).toMatchObject({ searched: null, aviso: null, consumos: null, profesionales: null, ranking: null });
    // the ranking tab keeps its own (blank) period
    expect((await screen("?tab=ranking")).body.values).toMatchObject({ ranking_desde: "", ranking_hasta: "" });
  });

  test("the URL's dates (the kept filters restored) win over the default", async () => {
    const { body } = await screen("?tab=efector&fecha_desde=2025-01-01&fecha_hasta=2025-01-31");
    expect(body.values).toMatchObject({ fecha_desde: "2025-01-01", fecha_hasta: "2025-01-31" });
    expect(body.searched).toBeNull();
  });

  test("a search sent with blank dates is still refused: 'Todos los campos son obligatorios'", async () => {
    const { status, body } = await screen(
      "?tab=efector&codigo_efector=70001&fecha_desde=&fecha_hasta=&buscar=consumos",
    );
    expect(status).toBe(400);
    expect(body.values).toMatchObject({ fecha_desde: "", fecha_hasta: "" });
    expect(body.aviso).toMatchObject({
      form: "consumos",
      msg: MSG_CAMPOS_OBLIGATORIOS,
      errors: { fecha_desde: MSG_CAMPOS_OBLIGATORIOS, fecha_hasta: MSG_CAMPOS_OBLIGATORIOS },
    });
  });
});

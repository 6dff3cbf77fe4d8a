// Issue 12: on a server without Chromium every PDF route answers 503 with a clear Spanish message (falta Chromium,
// avise a Sistemas): the app's error page for a person's browser, JSON { msg } for an API client. The routes: the
// coverage card (public), the member's status certificate and Buscar Ficha's report.pdf.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getDriver } from "~db/client.server";
import { usUsuarios } from "~db/schema/auth";
import { seedDomain } from "~db/seed/index";
import { closePdfBrowser, MSG_PDF_SIN_CHROMIUM } from "~reporting/render/pdf";
import { setSessionCookie } from "~/auth/cookie.server";
import { createSession } from "~/auth/sessions.server";
import { todayISO } from "~/lib/dates";
import { requestContext } from "~/lib/request-context.server";
import { loader as carnetLoader } from "~/routes/carnet-cobertura[.pdf]";
import { loader as constanciaLoader } from "~/routes/consultar-padron.$idafi.constancia";
import { loader as reportLoader } from "~/routes/buscar-ficha.report[.pdf]";
import { type RouteHandler } from "~tests/support/api";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { restorePdfBrowserAfterEach } from "~tests/support/pdf-browser";

/** The machine's own setting (the tests change it). */
const SYSTEM_CHROMIUM = process.env.CHROMIUM_PATH;

let t: TestDb;
let token = "";
let cookie = "";
let idafi = "";
let dni = "";
let address = 0;

type Requester = "api" | "browser";

async function get(handler: RouteHandler, url: string, as: Requester, params: Record<string, string> = {}) {
  const headers: Record<string, string> =
    as === "api"
      ? { "x-auth-token": token, accept: "application/json" }
      : { cookie, accept: "text/html", "sec-fetch-mode": "navigate" };
  const request = new Request(`http://localhost${url}`, { headers });
  // a fresh address per call: the public card counts lookups per address
  const ctx = { address: `10.12.0.${++address}`, userAgent: "test", userId: null };
  try {
    return (await requestContext.run(ctx, () => handler({ request, params, context: {} }))) as Response;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

beforeAll(async () => {
  t = await useTestDatabase();
  await seedDomain(t.db, await getDriver(), { scale: "demo", seed: 1, today: todayISO(), log: () => {} });
  const [admin] = await t.db.select({ id: usUsuarios.id }).from(usUsuarios).where(eq(usUsuarios.usuario, "admin"));
  const ctx = { address: "10.12.0.0", userAgent: "test", userId: null };
  token = await requestContext.run(ctx, () => createSession(admin.id, "api"));
  cookie = (await setSessionCookie(await requestContext.run(ctx, () => createSession(admin.id, "cookie")))).split(
    ";",
  )[0];
  const [m] = await sqlRows<{ idafi: number; numdoc: string }>(
    `select idafi, numdoc from afiliados where fechbaja = '0001-01-01' and (fechvto is null or fechvto = '0001-01-01')
       order by idafi limit 1`,
  );
  idafi = String(m.idafi);
  dni = m.numdoc;
}, 180_000);

afterAll(async () => {
  await t?.cleanup();
});

describe("without Chromium", () => {
  restorePdfBrowserAfterEach();

  const routes: [string, RouteHandler, () => string, () => Record<string, string>][] = [
    ["carnet-cobertura.pdf", carnetLoader, () => `/carnet-cobertura.pdf?dni=${dni}`, () => ({})],
    [
      "consultar-padron/{idafi}/constancia",
      constanciaLoader,
      () => `/consultar-padron/${idafi}/constancia`,
      () => ({ idafi }),
    ],
    [
      "buscar-ficha/report.pdf",
      reportLoader,
      () => "/buscar-ficha/report.pdf?organoId=-1&estado_ficha=TODOS",
      () => ({}),
    ],
  ];

  test.each(routes)(
    "%s: 503 JSON { msg } for an API client, the error page for a browser",
    async (_n, h, url, params) => {
      process.env.CHROMIUM_PATH = "/nonexistent/chromium";
      await closePdfBrowser();
      const api = await get(h, url(), "api", params());
      expect(api.status).toBe(503);
      expect(await api.json()).toEqual({ msg: MSG_PDF_SIN_CHROMIUM });

      const page = await get(h, url(), "browser", params());
      expect(page.status).toBe(503);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await page.text()).toContain(MSG_PDF_SIN_CHROMIUM);
    },
  );

  test("with Chromium back, the same request prints (no restart needed)", async () => {
    process.env.CHROMIUM_PATH = "/nonexistent/chromium";
    await closePdfBrowser();
    expect((await get(constanciaLoader, `/consultar-padron/${idafi}/constancia`, "api", { idafi })).status).toBe(503);
    if (SYSTEM_CHROMIUM === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = SYSTEM_CHROMIUM;
    const res = await get(constanciaLoader, `/consultar-padron/${idafi}/constancia`, "api", { idafi });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
  }, 60_000);
});

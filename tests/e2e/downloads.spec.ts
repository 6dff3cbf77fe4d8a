// Issue 10: every download route answers a refused or failed request by who asked. A browser navigation gets
// the app's HTML error page (or the redirect screens use), an API-style request (x-auth-token or
// Accept: application/json) gets JSON { msg } with the same status. And the PDF browser is launched at start-up.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, CONSULTA, apiToken, waitForHydration } from "./support";

const FORBIDDEN = "No tiene permiso para realizar esta operación";

/** [url, status for consulta, message] — downloads consulta may not take, or takes with bad input. */
function cases(idafi: number): [string, number, RegExp][] {
  return [
    [`/consultar-padron/${idafi}/constancia`, 403, new RegExp(FORBIDDEN)], // no operation 37
    [`/consultar-padron/${idafi}/internaciones/1.xlsx`, 403, new RegExp(FORBIDDEN)], // no operation 38
    [`/consultar-padron/abc/autorizaciones.xlsx`, 400, /afiliado/i],
    [
      `/consultar-padron/${idafi}/autorizaciones.xlsx?fecha_desde=2025-05-10&fecha_hasta=2025-01-01`,
      400,
      /fecha desde/,
    ],
    [`/consultar-padron/${idafi}/notas.xlsx`, 403, new RegExp(FORBIDDEN)], // reads notes (14), may not export (13)
    [`/listado-afiliados/exportar.xlsx`, 403, new RegExp(FORBIDDEN)], // no operation 5
    [`/buscar-ficha/report.pdf?afi_dni=12A`, 403, new RegExp(FORBIDDEN)], // no operation 3
    [`/carnet-cobertura.pdf?dni=abc`, 400, /DNI/],
  ];
}

test("a browser navigation as consulta gets an HTML page, never raw JSON", async ({ page, signIn }) => {
  await signIn(page, CONSULTA);
  for (const [url, status, msg] of cases(32)) {
    const res = await page.goto(url);
    expect(res, url).not.toBeNull();
    expect(res!.status(), url).toBe(status);
    expect(res!.headers()["content-type"], url).toMatch(/text\/html/);
    await expect(page.getByRole("alert"), url).toContainText(msg);
    await expect(page.locator("body"), url).not.toContainText('{"msg"');
    await expect(page.getByRole("link", { name: "Volver" }), url).toBeVisible();
  }
  // a download of a screen consulta does not have: the redirect screens use
  const res = await page.goto("/liquidacion-prestadores/liquidacion.csv");
  expect(new URL(res!.url()).pathname).toBe("/home");
});

test("an API-style request gets JSON { msg } with the status (x-auth-token and Accept: application/json)", async ({
  request,
  page,
  signIn,
}) => {
  const token = await apiToken(request, CONSULTA.usuario, CONSULTA.password);
  for (const [url, status, msg] of cases(32)) {
    const res = await request.get(url, { headers: { "x-auth-token": token } });
    expect(res.status(), url).toBe(status);
    expect(res.headers()["content-type"], url).toMatch(/application\/json/);
    expect(((await res.json()) as { msg: string }).msg, url).toMatch(msg);
  }
  const liq = await request.get("/liquidacion-prestadores/liquidacion.csv", {
    headers: { "x-auth-token": token },
    maxRedirects: 0,
  });
  expect(liq.status()).toBe(403);
  expect(((await liq.json()) as { msg: string }).msg).toMatch(/permiso/);
  // the signed-in browser session asking for JSON (fetch from the app)
  await signIn(page, CONSULTA);
  const viaCookie = await page.request.get("/consultar-padron/32/constancia", {
    headers: { Accept: "application/json" },
  });
  expect(viaCookie.status()).toBe(403);
  expect(await viaCookie.json()).toEqual({ msg: FORBIDDEN });
});

test("admin still downloads: constancia PDF through the token and the cookie; Chromium was launched at start-up", async ({
  page,
  request,
  signIn,
}) => {
  const token = await apiToken(request, ADMIN.usuario, ADMIN.password);
  const res = await request.get("/consultar-padron/32/constancia", { headers: { "x-auth-token": token } });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  expect((await res.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // the first PDF of this server did not have to launch the browser: it was launched when the server started
  expect(res.headers()["server-timing"]).toMatch(/chromium;desc="startup"/);
  await signIn(page, ADMIN);
  const viaCookie = await page.request.get("/consultar-padron/32/constancia");
  expect(viaCookie.status()).toBe(200);
  expect(viaCookie.headers()["content-disposition"]).toContain("constancia-estado-afiliado.pdf");
});

test("'Imprimir Constancia' shows progress while the PDF is prepared, then saves it; a failure shows the message", async ({
  page,
  signIn,
}) => {
  await signIn(page, ADMIN);
  // hold the response back a little so the progress state can be seen (no timing is asserted)
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/consultar-padron/32/constancia", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/consultar-padron/32");
  await waitForHydration(page);
  const button = page.getByRole("link", { name: "Imprimir Constancia" });
  const downloading = page.waitForEvent("download");
  await button.click();
  const busy = page.getByRole("link", { name: "Generando…" });
  await expect(busy).toHaveAttribute("aria-busy", "true");
  release();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("constancia-estado-afiliado.pdf");
  await expect(page.getByRole("link", { name: "Imprimir Constancia" })).not.toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("link", { name: "haga clic aquí" })).toHaveAttribute(
    "href",
    "/consultar-padron/32/constancia",
  );

  await page.unroute("**/consultar-padron/32/constancia");
  await page.route("**/consultar-padron/32/constancia", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ msg: "No fue posible generar la constancia. Intente nuevamente más tarde." }),
    }),
  );
  await page.getByRole("link", { name: "Imprimir Constancia" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "No fue posible generar la constancia" })).toBeVisible();
});

test("signed out: a download redirects to the login like a screen, unless JSON is asked for (401 { msg })", async ({
  request,
}) => {
  const plain = await request.get("/consultar-padron/32/constancia", { maxRedirects: 0 });
  expect(plain.status()).toBe(302);
  expect(plain.headers()["location"]).toBe("/");
  const asJson = await request.get("/consultar-padron/32/constancia", { headers: { Accept: "application/json" } });
  expect(asJson.status()).toBe(401);
  expect(((await asJson.json()) as { msg: string }).msg).toMatch(/iniciar sesión/);
  const badToken = await request.get("/consultar-padron/32/constancia", { headers: { "x-auth-token": "nope" } });
  expect(badToken.status()).toBe(401);
  expect(((await badToken.json()) as { msg: string }).msg).toBeTruthy();
});

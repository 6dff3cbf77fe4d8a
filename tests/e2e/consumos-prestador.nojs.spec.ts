// 'OSEP / Consulta de Consumos de Prestadores' without JavaScript (issue 10): the tab 'Ranking de Consumos' and
// back 'Consumos por Efector' are plain links (?tab=), the ranking runs as a GET form, and the drill-down listado
// shows every authorisation's co-payment in pesos ('$ 0,00' when there is none).
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, adminToken, expectPath } from "./support";
import { headerLabel } from "./grid-support";

const SCREEN = "/consumos-por-prestador";
const todayAR = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Argentina/Catamarca" });
const daysAgo = (n: number) => new Date(Date.parse(todayAR()) - n * 86_400_000).toISOString().slice(0, 10);
/** Argentine pesos as the screen writes them: '$ 1.500,00', '$ 0,00'. */
const PESOS = /^\$\s?\d{1,3}(\.\d{3})*,\d{2}$/;
/** The listado's page (ConsumosListado's DataGrid): beyond it the rows go on the next pages. */
const LISTADO_PAGE = 50;

test("the tabs switch without JavaScript: 'Ranking de Consumos' and back to 'Consumos por Efector'", async ({
  page,
  signIn,
}) => {
  await signIn(page, ADMIN);
  await expectPath(page, "/home");
  await page.goto(SCREEN);
  const tabs = page.getByRole("navigation", { name: "Consultas de consumos" });
  await expect(tabs.getByRole("link", { name: "Consumos por Efector" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("Código de Efector")).toBeVisible();

  await tabs.getByRole("link", { name: "Ranking de Consumos" }).click();
  await expect(page).toHaveURL(/[?&]tab=ranking/);
  await expect(tabs.getByRole("link", { name: "Ranking de Consumos" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("Código de Efector")).toHaveCount(0);
  await page.getByLabel("Fecha Desde").fill(daysAgo(30));
  await page.getByLabel("Fecha Hasta").fill(todayAR());
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page).toHaveURL(/buscar=ranking/);
  await expect(
    page.getByRole("table", { name: "Ranking de consumos por efector" }).getByRole("row").nth(1),
  ).toBeVisible();

  await tabs.getByRole("link", { name: "Consumos por Efector" }).click();
  await expect(page).toHaveURL(/[?&]tab=efector/);
  await expect(page.getByLabel("Código de Efector")).toBeVisible();
  // the ranking's filters travel along: back on the ranking tab they are still there
  await tabs.getByRole("link", { name: "Ranking de Consumos" }).click();
  await expect(page.getByLabel("Fecha Desde")).toHaveValue(daysAgo(30));
});

test("the drill-down listado shows every co-payment in pesos, '$ 0,00' when there is none", async ({
  page,
  request,
  signIn,
}) => {
  const desde = daysAgo(60);
  const hasta = todayAR();
  const headers = { "x-auth-token": await adminToken(request) };
  const r = await request.get(
    `/api/statistics/consumos/ranking-consumos-por-efector?fecha_desde=${desde}&fecha_hasta=${hasta}`,
    { headers },
  );
  expect(r.status()).toBe(200);
  const [top] = ((await r.json()) as { resultado: { codigo: string }[] }).resultado;
  const c = await request.get(
    `/api/statistics/consumos/consumos-por-efector?codigo_efector=${top.codigo}&fecha_desde=${desde}&fecha_hasta=${hasta}`,
    { headers },
  );
  type Practica = { practica: string; subitem: string; cant_autorizaciones: number };
  const practicas = ((await c.json()) as { resultado: Practica[] }).resultado;
  // the practice with the most authorisations: about one in five has no co-payment in the demo data
  const practica = practicas.reduce((a, b) => (b.cant_autorizaciones > a.cant_autorizaciones ? b : a));
  expect(practica.cant_autorizaciones).toBeGreaterThanOrEqual(5);

  await signIn(page, ADMIN);
  await expectPath(page, "/home");
  const q = new URLSearchParams({
    tab: "efector",
    codigo_efector: top.codigo,
    fecha_desde: desde,
    fecha_hasta: hasta,
    buscar: "consumos",
    practica: practica.practica,
    subitem: practica.subitem,
  });
  await page.goto(`${SCREEN}?${q}`);
  const listado = page.getByRole("table", { name: "Autorizaciones consumidas" });
  await expect(listado.getByRole("row").nth(1)).toBeVisible();
  const headersText = (await listado.getByRole("columnheader").allTextContents()).map(headerLabel);
  const col = headersText.indexOf("Coseguro");
  expect(col).toBeGreaterThanOrEqual(0);
  const cells = await listado
    .locator("tbody tr")
    .evaluateAll((rows, i) => rows.map((tr) => (tr.children[i]?.textContent ?? "").trim()), col);
  // every authorisation is counted; the first page shows up to LISTADO_PAGE of them (the demo data moves with the date)
  await expect(page.getByRole("status").filter({ hasText: /autorizaciones$/ })).toHaveText(
    `${practica.cant_autorizaciones.toLocaleString("es-AR")} autorizaciones`,
  );
  expect(cells.length).toBe(Math.min(practica.cant_autorizaciones, LISTADO_PAGE));
  expect(
    cells.filter((t) => !PESOS.test(t)),
    `Coseguro cells: ${cells.join(" | ")}`,
  ).toEqual([]);
  expect(
    cells.some((t) => /^\$\s0,00$/.test(t)),
    "some authorisation without co-payment shows $ 0,00",
  ).toBe(true);
});

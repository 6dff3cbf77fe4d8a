// 'OSEP / Tiempos de Auditoria Médica' on short periods (issue 10): 'Ver Estadísticas' with the default dates
// (today) and a single day with an auditor who audited once render both tables, '-' where a metric does not
// exist; the team's Inicio is not after its Cierre; axe finds no serious violation with results, the per-auditor
// table and a dialog open (the links to authorisations carry their visible text in their accessible name).
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";
import { ADMIN, adminToken, waitForHydration } from "./support";
import { cellsOf, gridOf, gridRows, headerLabel } from "./grid-support";

/** The cell naming an auditor (AG Grid's, or the server table's before the grid loads). */
const nameCell = (page: Page, name: string) =>
  page.getByRole("gridcell", { name, exact: true }).or(page.getByRole("cell", { name, exact: true }));

const SCREEN = "/osep-tiempos-auditoria";
const todayAR = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Argentina/Catamarca" });
const daysAgo = (n: number) => new Date(Date.parse(todayAR()) - n * 86_400_000).toISOString().slice(0, 10);

type Estadistica = {
  auditor: string;
  datos: { cantidad_autorizaciones: number; autorizacion_con_tiempo_min: number | null };
  inicio_autorizaciones: { fecha_hora_auditoria: string } | null;
  cierre_autorizaciones: { fecha_hora_auditoria: string } | null;
  interrupcion_maxima: number | null;
  interrupciones_mayor_15_min: number | null;
};

async function estadisticasApi(request: APIRequestContext, desde: string, hasta: string): Promise<Estadistica[]> {
  const token = await adminToken(request);
  const res = await request.get(
    `/api/statistics/estadisticas-generales?fecha_desde=${desde}&fecha_hasta=${hasta}&auditor=`,
    {
      headers: { "x-auth-token": token },
    },
  );
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { estadisticas: Estadistica[] }).estadisticas;
}

/** The first snapshot may still be building right after the server starts: reload until 'Datos al' shows. */
async function waitForSnapshot(page: Page) {
  await expect(async () => {
    await page.goto(SCREEN);
    await expect(page.getByText(/^Datos al \d{2}\/\d{2}\/\d{4}/)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 120_000, intervals: [2000] });
}

/** The most recent single day (of the last two weeks) on which some auditor audited exactly once. */
async function dayWithASingleAudit(
  request: APIRequestContext,
): Promise<{ dia: string; filas: Estadistica[]; auditor: string }> {
  for (let n = 0; n < 14; n++) {
    const dia = daysAgo(n);
    const filas = await estadisticasApi(request, dia, dia);
    const once = filas.find((f) => f.auditor !== "equipo" && f.datos.cantidad_autorizaciones === 1);
    if (once) return { dia, filas, auditor: once.auditor };
  }
  throw new Error("the demo data has no auditor with a single audit on a day of the last two weeks");
}

/** The cell of `row` under the column headed `header` in `table`. */
async function cellUnder(table: Locator, row: Locator, header: string): Promise<Locator> {
  // polled: while the server table gives way to AG Grid (hydration) the headers are briefly not there
  let i = -1;
  await expect
    .poll(
      async () => (i = (await table.getByRole("columnheader").allTextContents()).map(headerLabel).indexOf(header)),
      {
        message: `column '${header}'`,
      },
    )
    .toBeGreaterThanOrEqual(0);
  return cellsOf(row).nth(i);
}

test("'Ver Estadísticas' with the default dates (today) renders the statistics, never an error", async ({
  page,
  request,
  signIn,
}) => {
  const hoy = todayAR();
  const filas = await estadisticasApi(request, hoy, hoy);
  await signIn(page, ADMIN);
  await waitForSnapshot(page);
  await waitForHydration(page, "form button[type=submit]");
  await expect(page.getByLabel("Fecha Desde")).toHaveValue(hoy);
  await expect(page.getByLabel("Fecha Hasta")).toHaveValue(hoy);
  await page.getByRole("button", { name: "Ver Estadísticas" }).click();
  await expect(page).toHaveURL(new RegExp(`fecha_desde=${hoy}&fecha_hasta=${hoy}`));
  if (filas.length === 0) {
    await expect(page.getByRole("status").filter({ hasText: "No hay auditorías en el período" })).toBeVisible();
  } else {
    await expect(gridRows(page, "Tabla General")).toHaveCount(filas.length);
    await page.getByRole("link", { name: "Info por Auditor" }).click();
    await expect(gridRows(page, "Info por Auditor")).toHaveCount(filas.length);
  }
  await expect(page.getByText("Ocurrió un error inesperado")).toHaveCount(0);
});

test("a single day with an auditor who audited once: both tables render, '-' where a metric does not exist", async ({
  page,
  request,
  signIn,
}) => {
  const { dia, filas, auditor } = await dayWithASingleAudit(request);
  const fila = filas.find((f) => f.auditor === auditor)!;
  expect(fila.interrupcion_maxima).toBeNull(); // one audit: no gap
  expect(fila.interrupciones_mayor_15_min).toBe(0);
  await signIn(page, ADMIN);
  await waitForSnapshot(page);

  const res = await page.goto(`${SCREEN}?fecha_desde=${dia}&fecha_hasta=${dia}`);
  expect(res?.status()).toBe(200);
  const general = gridOf(page, "Tabla General");
  await expect(gridRows(page, "Tabla General")).toHaveCount(filas.length);
  const generalRow = gridRows(page, "Tabla General").filter({ has: nameCell(page, auditor) });
  await expect(await cellUnder(general, generalRow, "Interrupciones > 15 min")).toHaveText("0");

  await page.getByRole("link", { name: "Info por Auditor" }).click();
  const detalle = gridOf(page, "Info por Auditor");
  await expect(gridRows(page, "Info por Auditor")).toHaveCount(filas.length);
  const row = gridRows(page, "Info por Auditor").filter({ has: nameCell(page, auditor) });
  await expect(await cellUnder(detalle, row, "Interrupción máxima")).toHaveText("-");
  await expect(await cellUnder(detalle, row, "Interrupciones mayores a 15 min")).toHaveText("0");
  await expect(await cellUnder(detalle, row, "Tiempo total de interrupciones")).toHaveText("0 min");
  await expect(await cellUnder(detalle, row, "Autorizaciones")).toHaveText("1");
});

test("the Equipo row's Inicio is its first audit of the period and never later than its Cierre", async ({
  page,
  request,
  signIn,
}) => {
  const desde = daysAgo(10);
  const hasta = todayAR();
  const [equipo] = await estadisticasApi(request, desde, hasta);
  expect(equipo.auditor).toBe("equipo");
  expect(equipo.inicio_autorizaciones!.fecha_hora_auditoria <= equipo.cierre_autorizaciones!.fecha_hora_auditoria).toBe(
    true,
  );
  await signIn(page, ADMIN);
  await waitForSnapshot(page);
  await page.goto(`${SCREEN}?fecha_desde=${desde}&fecha_hasta=${hasta}&vista=auditor`);
  const detalle = gridOf(page, "Info por Auditor");
  const row = gridRows(page, "Info por Auditor").first();
  await expect(cellsOf(row).first()).toHaveText("Equipo");
  const ar = (ts: string) => `${ts.slice(8, 10)}/${ts.slice(5, 7)}/${ts.slice(0, 4)} ${ts.slice(11, 19)}`;
  await expect(await cellUnder(detalle, row, "Inicio de autorizaciones")).toContainText(
    ar(equipo.inicio_autorizaciones!.fecha_hora_auditoria),
  );
  await expect(await cellUnder(detalle, row, "Cierre de autorizaciones")).toContainText(
    ar(equipo.cierre_autorizaciones!.fecha_hora_auditoria),
  );
});

test("accessibility: no serious axe violation with results, the per-auditor table and a dialog open", async ({
  page,
  request,
  signIn,
}) => {
  test.setTimeout(240_000); // four axe passes over the grids and dialogs
  const desde = daysAgo(10);
  const hasta = todayAR();
  const filas = await estadisticasApi(request, desde, hasta);
  expect(filas.length).toBeGreaterThan(2);
  await signIn(page, ADMIN);
  await waitForSnapshot(page);
  await page.goto(`${SCREEN}?fecha_desde=${desde}&fecha_hasta=${hasta}`);
  await waitForHydration(page, "form button[type=submit]");
  await expect(gridOf(page, "Tabla General")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Info por Auditor" }).click();
  await expect(gridOf(page, "Info por Auditor")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const nro = filas[0].datos.autorizacion_con_tiempo_min!;
  await gridRows(page, "Info por Auditor")
    .first()
    .getByRole("link", { name: new RegExp(`\\b${nro}\\b`) })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: `Autorización N° ${nro}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");

  await gridRows(page, "Info por Auditor").first().getByRole("link").first().click();
  const listado = page.getByRole("dialog", { name: "Autorizaciones auditadas del equipo" });
  await expect(listado).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

// Issue 38, items 1 and 2 (ADR 071): with JavaScript on, at 1366 px, no heavy report's grid cuts a header, a
// number or a name — headers wrap (never inside a word), text cells wrap, numbers and codes keep a column wide
// enough — and Tabla General's rows grow to their content, so the time under a minimum/maximum's authorisation
// shows. The grid scrolls sideways in its own region when its columns need more than the width; at 390 px the page
// does not. axe stays at 0 at both widths (here for the grids grid-orden.spec.ts does not check: Info por Auditor and
// the practice dialog). Needs the reporting snapshot (built at start-up: waited for).
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";
import { cellsOf, gridOf, gridRows } from "./grid-support";
import { cutTexts, expectInside, expectNothingCut, openGrid, showGrid } from "./grid-legible-support";
import { liquidacionUrl, PRESTADOR, ranking, rankingUrl, TIEMPOS_URL, efectorUrl } from "./statistics-pdf-support";

test.use({ viewport: { width: 1366, height: 768 } });

/** The page at 390 px: no page-wide sideways scroll (and axe at 0 at both widths when asked); back to 1366. */
async function narrowAndAxe(page: Page, grid: string, axe = false) {
  if (axe) await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(gridOf(page, grid)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (axe) await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1366, height: 768 });
}

test("Tiempos de Auditoría: Tabla General reads whole and shows the time under each authorisation", async ({
  page,
  signIn,
}) => {
  test.setTimeout(300_000);
  await openGrid(page, signIn, TIEMPOS_URL, "Tabla General");
  await expectNothingCut(page, "Tabla General");
  // item 2: 'Tiempo mínimo' (column 3) and 'Tiempo máximo' (4): the time and, under it, the authorisation that took
  // it ('aut. N', N a link), both inside the cell (ADR 072)
  const row = gridRows(page, "Tabla General").nth(1);
  for (const col of [3, 4]) {
    const cell = cellsOf(row).nth(col);
    await expect(cell).toHaveText(/^\s*(\d+(,\d+)? min|\d+ h \d+ min)/);
    await expect(cell.getByRole("link")).toHaveText(/^\d+$/);
    await expectInside(cell.getByRole("link"), cell);
    const aut = cell.locator(".aud-cell-sub");
    await expect(aut).toHaveText(/^aut\. \d+$/);
    await expectInside(aut, cell);
  }
  await narrowAndAxe(page, "Tabla General");
});

test("Tiempos de Auditoría: Info por Auditor reads whole, the authorisation numbers too", async ({ page, signIn }) => {
  test.setTimeout(300_000);
  await openGrid(page, signIn, `${TIEMPOS_URL}&vista=auditor`, "Info por Auditor");
  await expectNothingCut(page, "Info por Auditor");
  // 'Autorización con tiempo mínimo' (column 6): every number whole, inside its cell
  const rows = await gridRows(page, "Info por Auditor").all();
  expect(rows.length).toBeGreaterThan(2);
  for (const row of rows.slice(1, 4)) {
    const cell = cellsOf(row).nth(6); // after Auditor, the shift's start and end, count, average and minimum time
    await cell.scrollIntoViewIfNeeded();
    await expect(cell.getByRole("link")).toHaveText(/^\d{5,}$/);
    await expectInside(cell.getByRole("link"), cell);
  }
  await narrowAndAxe(page, "Info por Auditor", true);
});

test("Consumos: the Ranking reads whole, the longest efector's name too", async ({ page, request, signIn }) => {
  test.setTimeout(300_000);
  const rows = await ranking(request);
  const longest = (rows as unknown as { nommedefector: string }[])
    .map((r) => r.nommedefector)
    .reduce((a, b) => (b.length > a.length ? b : a));
  await openGrid(page, signIn, rankingUrl(), "Ranking de consumos por efector");
  await expectNothingCut(page, "Ranking de consumos por efector");
  const cell = gridOf(page, "Ranking de consumos por efector").getByRole("gridcell", { name: longest, exact: true });
  await cell.scrollIntoViewIfNeeded();
  await expect(cell).toHaveText(longest);
  await expectInside(cell.getByText(longest), cell);
  await narrowAndAxe(page, "Ranking de consumos por efector");
});

test("Consumos: a practice's authorisations (the dialog) read whole", async ({ page, request, signIn }) => {
  test.setTimeout(300_000);
  const top = (await ranking(request))[0];
  await openGrid(page, signIn, efectorUrl(top.codigo), "Prácticas consumidas");
  await expectNothingCut(page, "Prácticas consumidas");
  // the dialog as the URL opens it (the row's link writes the same URL; opening it by a click under load: issue 38's
  // note)
  const href = await gridRows(page, "Prácticas consumidas").first().getByRole("link").first().getAttribute("href");
  await showGrid(page, href!, "Autorizaciones consumidas"); // the page behind the modal is inert
  await expect(page.getByRole("dialog")).toBeVisible({ timeout: 30_000 });
  await expect(gridOf(page, "Autorizaciones consumidas").locator("[role=grid]")).toBeVisible();
  await expectNothingCut(page, "Autorizaciones consumidas");
  const first = cellsOf(gridRows(page, "Autorizaciones consumidas").first());
  await expect(first.first()).toHaveText(/^\d+$/);
  await narrowAndAxe(page, "Autorizaciones consumidas", true);
});

test("Preliquidación: the Listado reads whole", async ({ page, signIn }) => {
  test.setTimeout(300_000);
  await openGrid(page, signIn, liquidacionUrl(PRESTADOR.usuario), "Listado");
  await expectNothingCut(page, "Listado");
  await narrowAndAxe(page, "Listado");
});

test("Padrón de Planes: the enrolled members read whole", async ({ page, signIn }) => {
  test.setTimeout(300_000);
  await openGrid(page, signIn, "/consultar-padron-onco?cod_padron=53", "Afiliados enrolados");
  await expectNothingCut(page, "Afiliados enrolados");
  expect(await cutTexts(gridOf(page, "Afiliados enrolados"))).toEqual([]);
  await narrowAndAxe(page, "Afiliados enrolados");
});

// The one DataGrid of the heavy reports (ADR 059) with JavaScript: on each screen a click on a column header sorts
// AG Grid (aria-sort on the header), the 'Filtrar' box (or the screen's own filter) narrows it, and the rows shown are
// the very rows, in the very order, the server table gives without JavaScript for the same URL (?sort=&dir=&filtro=).
// Needs the reporting snapshot (built at start-up: waited for).
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";
import { ADMIN, waitForHydration } from "./support";
import { gridOf, gridRows } from "./grid-support";
import {
  columnTexts,
  ESCENARIOS,
  expectOrdered,
  filterWord,
  fold,
  headerOf,
  type Escenario,
} from "./grid-orden-support";

async function openReport(page: Page, path: string, grid: string) {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByText(/Datos al \d{2}\/\d{2}\/\d{4}/).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 150_000, intervals: [2000] });
  await waitForHydration(page);
  await expect(gridOf(page, grid).locator("[role=grid], [role=treegrid]")).toBeVisible();
}

/** The screen's URL with the grid's parameters. */
function gridUrl(e: Escenario, word: string): string {
  const p = e.prefix ?? "";
  const grid = { [`${p}sort`]: e.key, [`${p}dir`]: e.dir, [e.ownFilter ?? `${p}filtro`]: word };
  return `${e.path()}&${new URLSearchParams(grid)}`;
}

/** A new browser context signed in as `page` is, with or without JavaScript. */
async function contextLike(page: Page, javaScriptEnabled: boolean) {
  const storageState = await page.context().storageState();
  return page.context().browser()!.newContext({ javaScriptEnabled, storageState });
}

/** The server table's rows (no JavaScript) for the same URL plus the grid's parameters. */
async function serverTexts(page: Page, e: Escenario, word: string, index: number): Promise<string[]> {
  const ctx = await contextLike(page, false);
  const nojs = await ctx.newPage();
  await nojs.goto(gridUrl(e, word));
  await expect(gridRows(nojs, e.grid).first()).toBeVisible();
  const texts = await columnTexts(nojs, e, index, e.page);
  await ctx.close();
  return texts;
}

/** axe over the server table at 1366 and 390 px: the app's scripts held back (axe itself needs JavaScript). */
async function axeServerTable(page: Page, e: Escenario, word: string): Promise<void> {
  const ctx = await contextLike(page, true);
  const server = await ctx.newPage();
  await server.route("**/build/**", (route) =>
    route.request().resourceType() === "script" ? route.abort() : route.continue(),
  );
  await server.goto(gridUrl(e, word));
  await expect(gridRows(server, e.grid).first()).toBeVisible();
  await expect(server.locator("[role=grid], [role=treegrid]")).toHaveCount(0);
  await expectNoSeriousA11yViolations(server);
  await server.setViewportSize({ width: 390, height: 844 });
  expect(await server.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(server);
  await ctx.close();
}

test.describe.configure({ mode: "serial" });

for (const e of ESCENARIOS) {
  test(`${e.nombre}: AG Grid sorts and filters as the server table does`, async ({ page, signIn }) => {
    test.setTimeout(240_000);
    await signIn(page, ADMIN);
    await openReport(page, e.path(), e.grid);
    await expect(gridRows(page, e.grid).first()).toBeVisible();

    // sort: one click ascending, a second descending; the header says so
    await headerOf(page, e).locator(".ag-header-cell-label").click();
    if (e.dir === "desc") await headerOf(page, e).locator(".ag-header-cell-label").click();
    await expect(headerOf(page, e)).toHaveAttribute("aria-sort", e.dir === "asc" ? "ascending" : "descending");
    const sorted = await columnTexts(page, e, e.col, e.page);
    expectOrdered(sorted.slice(e.pinned ? 1 : 0), e);
    if (e.pinned) expect(await columnTexts(page, e, 0, 1)).toEqual([e.pinned]); // the team's row stays first

    // filter: a word of a name, without its accents and in the other case; live, the URL following (ADR 071)
    const word = await filterWord(page, e);
    const url = page.url();
    await page.getByLabel("Filtrar", { exact: true }).fill(word);
    await expect(async () => {
      const shown = await columnTexts(page, e, e.ident, e.page);
      const all = await gridRows(page, e.grid).allTextContents();
      for (const text of all.slice(e.pinned ? 1 : 0)) expect(fold(text)).toContain(fold(word));
      expect(shown.length).toBeGreaterThan(0);
    }).toPass({ timeout: 10_000 });
    if (e.ownFilter) expect(page.url()).toBe(url);
    else await expect.poll(() => new URL(page.url()).searchParams.get(`${e.prefix ?? ""}filtro`)).toBe(word);
    await expect(headerOf(page, e)).toHaveAttribute("aria-sort", e.dir === "asc" ? "ascending" : "descending");

    // the same rows in the same order as the server table of ?sort=&dir=&filtro=
    const js = await columnTexts(page, e, e.ident, e.page);
    expect(await serverTexts(page, e, word, e.ident)).toEqual(js);
    expectOrdered((await columnTexts(page, e, e.col, e.page)).slice(e.pinned ? 1 : 0), e);

    // axe at 1366 and 390 px: the grid scrolls sideways in its named region, the page does not
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(gridOf(page, e.grid)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
    await axeServerTable(page, e, word);
  });
}

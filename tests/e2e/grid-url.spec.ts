// Issue 38, item 3's screen half (ADR 071): with JavaScript the grid's state lives in the URL. A click on a header
// writes ?sort=&dir= (prefixed per grid), the 'Filtrar' box ?filtro= (a moment after the last key), replacing the
// history entry and without running the route's loader again (no ?_data= request: the same rows, another view);
// a reload (or a bookmark) shows the grid sorted and filtered as it was. Needs the reporting snapshot (waited for).
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { gridOf, gridRows } from "./grid-support";
import { openGrid } from "./grid-legible-support";
import { rankingUrl, TIEMPOS_URL } from "./statistics-pdf-support";
import { waitForHydration } from "./support";

test.use({ viewport: { width: 1366, height: 768 } });

/** Counts the loader requests (?_data=) the page makes from now on. */
function countLoaderRequests(page: Page): { count: () => number } {
  let n = 0;
  page.on("request", (r) => {
    if (new URL(r.url()).searchParams.has("_data")) n += 1;
  });
  return { count: () => n };
}

const header = (page: Page, grid: string, name: string) =>
  gridOf(page, grid).getByRole("columnheader", { name: new RegExp(`^${name}`, "i") });

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

async function reload(page: Page, grid: string) {
  await page.reload();
  await waitForHydration(page);
  await expect(gridOf(page, grid).locator("[role=grid]")).toBeVisible();
}

test("Tiempos de Auditoría: a sort and a filter go to the URL without reloading the report, and survive a reload", async ({
  page,
  signIn,
}) => {
  test.setTimeout(200_000);
  const grid = "Tabla General";
  await openGrid(page, signIn, TIEMPOS_URL, grid);
  const history = await page.evaluate(() => window.history.length);
  const loaders = countLoaderRequests(page);

  // sort: 'Tiempo promedio' descending (two clicks)
  await header(page, grid, "Tiempo promedio").locator(".ag-header-cell-label").click();
  await expect.poll(() => param(page, "sort")).toBe("promedio");
  expect(param(page, "dir")).toBe("asc");
  await header(page, grid, "Tiempo promedio").locator(".ag-header-cell-label").click();
  await expect.poll(() => param(page, "dir")).toBe("desc");
  const sorted = await gridRows(page, grid).allTextContents();

  // filter: the URL follows the box; the rows are the team's and AUD1x's
  await page.getByLabel("Filtrar", { exact: true }).fill("aud1");
  await expect.poll(() => param(page, "filtro")).toBe("aud1");
  const filtered = await gridRows(page, grid).allTextContents();
  expect(filtered.length).toBeLessThan(sorted.length);
  for (const row of filtered.slice(1)) expect(row).toMatch(/^AUD1/);

  // no loader ran for any of it; the history entry was replaced, not added
  expect(loaders.count()).toBe(0);
  expect(await page.evaluate(() => window.history.length)).toBe(history);
  expect(param(page, "fecha_desde")).not.toBeNull(); // the search kept

  // a reload restores both: the header says descending, the same rows in the same order, the box holds the word
  await reload(page, grid);
  await expect(header(page, grid, "Tiempo promedio")).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByLabel("Filtrar", { exact: true })).toHaveValue("aud1");
  await expect.poll(() => gridRows(page, grid).allTextContents()).toEqual(filtered);

  // clearing the box removes ?filtro=; every row again, still sorted
  await page.getByLabel("Filtrar", { exact: true }).fill("");
  await expect.poll(() => param(page, "filtro")).toBeNull();
  await expect.poll(() => gridRows(page, grid).allTextContents()).toEqual(sorted);
});

test("Ranking de Consumos: the prefixed grid writes ranking_sort and ranking_filtro, restored by a reload", async ({
  page,
  signIn,
}) => {
  test.setTimeout(200_000);
  const grid = "Ranking de consumos por efector";
  await openGrid(page, signIn, rankingUrl(), grid);
  const loaders = countLoaderRequests(page);
  await header(page, grid, "Efector").locator(".ag-header-cell-label").click();
  await expect.poll(() => param(page, "ranking_sort")).toBe("nommedefector");
  expect(param(page, "ranking_dir")).toBe("asc");
  expect(param(page, "sort")).toBeNull();
  await page.getByLabel("Filtrar", { exact: true }).fill("instituto");
  await expect.poll(() => param(page, "ranking_filtro")).toBe("instituto");
  const rows = await gridRows(page, grid).allTextContents();
  expect(rows.length).toBeGreaterThan(0);
  expect(loaders.count()).toBe(0);

  await reload(page, grid);
  await expect(header(page, grid, "Efector")).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByLabel("Filtrar", { exact: true })).toHaveValue("instituto");
  await expect.poll(() => gridRows(page, grid).allTextContents()).toEqual(rows);
});

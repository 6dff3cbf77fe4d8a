// The one DataGrid of the heavy reports (ADR 059) without JavaScript: the server table's column headers are links
// (aria-sort on the header cell says the order), the 'Filtrar' GET form (or the screen's own filter) narrows the
// rows, both keep the screen's search in the URL, and the rows come in the order asked (blanks last), each holding the
// word typed without its accents. grid-orden.spec.ts checks AG Grid gives the same rows in the same order.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN } from "./support";
import { gridOf, gridRows } from "./grid-support";
import { columnTexts, ESCENARIOS, expectOrdered, filterWord, fold, type Escenario } from "./grid-orden-support";

async function openReport(page: Page, path: string) {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByText(/Datos al \d{2}\/\d{2}\/\d{4}/).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 150_000, intervals: [2000] });
}

const headerCell = (page: Page, e: Escenario) =>
  gridOf(page, e.grid).getByRole("columnheader", { name: new RegExp(`^${e.header}\\s*, ordenar`) });

test.describe.configure({ mode: "serial" });

for (const e of ESCENARIOS) {
  test(`${e.nombre}: the server table sorts by its header links and filters by a GET form`, async ({
    page,
    signIn,
  }) => {
    test.setTimeout(240_000);
    await signIn(page, ADMIN);
    await openReport(page, e.path());
    await expect(gridRows(page, e.grid).first()).toBeVisible();
    const screen = new URL(page.url()).searchParams;
    const p = e.prefix ?? "";

    // sort: the header's link, then (descending) the same link again; aria-sort follows, the search stays
    await expect(headerCell(page, e)).toHaveAttribute("aria-sort", "none");
    await headerCell(page, e)
      .getByRole("link", { name: /ordenar en forma ascendente$/ })
      .click();
    await expect(headerCell(page, e)).toHaveAttribute("aria-sort", "ascending");
    if (e.dir === "desc") {
      await headerCell(page, e)
        .getByRole("link", { name: /ordenar en forma descendente$/ })
        .click();
      await expect(headerCell(page, e)).toHaveAttribute("aria-sort", "descending");
    }
    const url = new URL(page.url()).searchParams;
    expect(url.get(`${p}sort`)).toBe(e.key);
    expect(url.get(`${p}dir`)).toBe(e.dir);
    for (const [k, v] of screen) expect(url.get(k), k).toBe(v);
    expectOrdered((await columnTexts(page, e, e.col, e.page)).slice(e.pinned ? 1 : 0), e);
    if (e.pinned) expect(await columnTexts(page, e, 0, 1)).toEqual([e.pinned]); // the team's row stays first

    // filter: a word without its accents and in the other case, through the form; the order stays
    const word = await filterWord(page, e);
    await page.getByLabel("Filtrar", { exact: true }).fill(word);
    await page.getByRole("button", { name: e.ownFilter ? "Listar" : "Filtrar", exact: true }).click();
    const filtered = new URL(page.url()).searchParams;
    expect(filtered.get(e.ownFilter ?? `${p}filtro`)).toBe(word);
    for (const [k, v] of screen) if (k !== e.ownFilter) expect(filtered.get(k), k).toBe(v);
    expect(filtered.get(`${p}sort`)).toBe(e.key);
    expect(filtered.get(`${p}dir`)).toBe(e.dir);
    await expect(headerCell(page, e)).toHaveAttribute("aria-sort", e.dir === "asc" ? "ascending" : "descending");
    expectOrdered((await columnTexts(page, e, e.col, e.page)).slice(e.pinned ? 1 : 0), e);
    await expect(page.getByLabel("Filtrar", { exact: true })).toHaveValue(word);
    const rows = await gridRows(page, e.grid).allTextContents();
    expect(rows.length).toBeGreaterThan(0);
    for (const text of rows.slice(e.pinned ? 1 : 0)) expect(fold(text)).toContain(fold(word));

    // at 390 px the table scrolls sideways in a named region a keyboard reaches (axe, which needs the page's
    // JavaScript, checks this table in grid-orden.spec.ts with the app's scripts held back)
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(gridOf(page, e.grid)).toHaveAttribute("tabindex", "0");
  });
}

// What "a grid reads whole" means to a test (issue 38, ADR 071): in AG Grid (JavaScript on) no header text and no
// cell is cut — its content no wider than its box (scrollWidth ≤ clientWidth; AG Grid cuts with '…' when it is) —
// and no word of a header is broken across lines. Shared by grid-legible.spec.ts and grid-url.spec.ts.
import { expect, type Locator, type Page } from "@playwright/test";
import { gridOf } from "./grid-support";
import type { SignIn } from "./fixtures";
import { ADMIN, waitForHydration } from "./support";

/** A cut element: what it is and its text. */
type Cut = { what: string; text: string; scroll: number; client: number };

/**
 * The grid's cut texts: header texts, cells and their value boxes whose content is wider than they are, and header
 * words broken across lines (a word's boxes on two lines).
 */
export async function cutTexts(grid: Locator): Promise<Cut[]> {
  return grid.evaluate((root) => {
    const out: { what: string; text: string; scroll: number; client: number }[] = [];
    const selector = ".ag-header-cell-text, .ag-cell, .ag-cell-value, .ag-cell-wrapper";
    for (const el of Array.from(root.querySelectorAll<HTMLElement>(selector))) {
      if (el.scrollWidth > el.clientWidth)
        out.push({ what: el.className, text: el.textContent ?? "", scroll: el.scrollWidth, client: el.clientWidth });
    }
    // a header word split over two lines: one word's rectangles on more than one line
    for (const el of Array.from(root.querySelectorAll<HTMLElement>(".ag-header-cell-text"))) {
      const node = el.firstChild;
      if (!node || node.nodeType !== Node.TEXT_NODE) continue;
      const text = node.textContent ?? "";
      for (const m of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
        if (tops.size > 1) out.push({ what: "palabra partida", text: m[0], scroll: tops.size, client: 1 });
      }
    }
    return out;
  });
}

/** Asserts nothing of the grid is cut (the list of what is, when some is). */
export async function expectNothingCut(page: Page, name: string): Promise<void> {
  const grid = gridOf(page, name);
  await expect(grid.locator(".ag-header-cell-text").first()).toBeVisible();
  await expect.poll(() => cutTexts(grid), { message: `${name}: headers and cells cut` }).toEqual([]);
}

/** Whether `inner`'s box lies inside `outer`'s (1 px of rounding). */
export async function expectInside(inner: Locator, outer: Locator): Promise<void> {
  const a = await inner.boundingBox();
  const b = await outer.boundingBox();
  expect(a, "inner box").not.toBeNull();
  expect(b, "outer box").not.toBeNull();
  const [i, o] = [a!, b!];
  expect(i.x, "left").toBeGreaterThanOrEqual(o.x - 1);
  expect(i.y, "top").toBeGreaterThanOrEqual(o.y - 1);
  expect(i.x + i.width, "right").toBeLessThanOrEqual(o.x + o.width + 1);
  expect(i.y + i.height, "bottom").toBeLessThanOrEqual(o.y + o.height + 1);
}

/** Signs in as a manager (admin: every report) and opens `path`, waiting for the start-up snapshot and AG Grid. */
export async function openGrid(page: Page, signIn: SignIn, path: string, grid: string): Promise<void> {
  await signIn(page, ADMIN);
  await showGrid(page, path, grid);
}

/** `path` (already signed in) once its data is there, hydrated, with `grid`'s AG Grid shown. */
export async function showGrid(page: Page, path: string, grid: string): Promise<void> {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByText(/Datos al \d{2}\/\d{2}\/\d{4}/).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 150_000, intervals: [2000] });
  await waitForHydration(page);
  // AG Grid's code loads after hydration: on a loaded machine it takes a while
  await expect(gridOf(page, grid).locator("[role=grid], [role=treegrid]")).toBeVisible({ timeout: 30_000 });
}

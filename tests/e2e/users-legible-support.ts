// /users at 390 and 1366 px (issue 39 item 9): a profile ('PRESTADOR') and a CUIT user name ('33-57035919-9', the
// demo provider) are legible: each on one line, either whole or cut with an ellipsis and the whole value as the
// cell's title; at 390 px the table scrolls in its frame and no value stays under the actions column.
import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";

const CUIT = "33-57035919-9";

type Look = { text: string; title: string | null; lines: number; cut: boolean; ellipsis: boolean; covered: boolean };

/**
 * How the cell of `column` (0-based) in the CUIT user's row looks once the table's frame is scrolled to bring it in
 * (as a clerk scrolls it): covered when part of the value stays under the row's sticky actions cell or out of the frame.
 */
async function lookOf(page: Page, column: number): Promise<Look> {
  const row = page.getByRole("table", { name: "Usuarios" }).getByRole("row").filter({ hasText: CUIT });
  return row
    .getByRole("cell")
    .nth(column)
    .evaluate((td) => {
      const wrap = td.closest(".ui-table-wrap") as HTMLElement;
      wrap.scrollLeft += td.getBoundingClientRect().left - wrap.getBoundingClientRect().left;
      const inner = (td.querySelector("[title]") as HTMLElement | null) ?? (td as HTMLElement);
      const s = getComputedStyle(inner);
      const lineHeight = parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.2;
      const r = inner.getBoundingClientRect();
      const frame = wrap.getBoundingClientRect();
      const actions = td.parentElement!.lastElementChild!.getBoundingClientRect();
      const right = td === td.parentElement!.lastElementChild ? frame.right : Math.min(frame.right, actions.left);
      return {
        text: (td.textContent ?? "").trim(),
        title: inner.getAttribute("title"),
        lines: Math.round(r.height / lineHeight),
        cut: inner.scrollWidth > inner.clientWidth + 1,
        ellipsis: s.textOverflow === "ellipsis",
        covered: r.left < frame.left - 1 || r.right > right + 1,
      };
    });
}

function expectLegible(look: Look, value: string) {
  expect(look.text).toBe(value);
  expect(look.lines, `${value} on one line`).toBe(1);
  expect(look.covered, `${value} not under another column`).toBe(false);
  if (look.cut) {
    expect(look.ellipsis, `${value} cut with an ellipsis`).toBe(true);
    expect(look.title, `${value} whole in the title`).toBe(value);
  }
}

export async function checkUsersLegible(page: Page, { axe, shot }: { axe: boolean; shot: string }) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/users?q=${CUIT}`);
    await expect(page.getByRole("row").filter({ hasText: CUIT })).toBeVisible();
    await page.screenshot({ path: `/work/shots/b/${shot}-${width}.png`, fullPage: true });
    expectLegible(await lookOf(page, 1), CUIT);
    expectLegible(await lookOf(page, 2), "PRESTADOR");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, "the page does not scroll sideways").toBeLessThanOrEqual(1);
    if (axe) await expectNoSeriousA11yViolations(page);
  }
}

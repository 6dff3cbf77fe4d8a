// The phone layout without JavaScript (issue 28, ADR 056): the same checks as narrow.spec.ts on the server's pages
// (axe needs the page's JavaScript: narrow.spec.ts runs it on the same pages).
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { checkTitles, checkUsersActions, PHONE } from "./narrow-support";
import { ADMIN, whenSnapshotReady } from "./support";

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, ADMIN);
});

test("at 390 px the top bar keeps each screen's title whole; the name shows as initials", async ({ page }) => {
  await checkTitles(page, { axe: false });
});

test("at 390 px /users' row actions are in view and open their sections", async ({ page }) => {
  await checkUsersActions(page, { axe: false });
  await page.getByRole("link", { name: "Modificar usuario admin", exact: true }).click();
  await expect(page.getByRole("region", { name: "Modificar usuario" })).toBeVisible();
});

test("at 390 px Padrón Voluntarios' names are whole in the server's table", async ({ page, request }) => {
  test.setTimeout(180_000);
  await whenSnapshotReady(request, "/api/padron_voluntarios/full-view?estado=TODOS");
  await page.setViewportSize(PHONE);
  await page.goto("/padron_voluntarios?estado=TODOS");
  const names = page.getByRole("table", { name: "Afiliados voluntarios" }).locator("tbody tr td:first-child");
  await expect(names).toHaveCount(20);
  for (const cell of await names.all()) {
    const fits = await cell.evaluate((td) => td.scrollWidth <= td.clientWidth && td.clientWidth >= 160);
    expect(fits, await cell.innerText()).toBe(true);
  }
});

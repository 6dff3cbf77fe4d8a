// The phone layout with JavaScript (issue 28, ADR 056): tests/e2e/narrow-support.ts has the checks.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";
import { checkTitles, checkUsersActions, DESKTOP, PHONE } from "./narrow-support";
import { ADMIN, whenSnapshotReady } from "./support";

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, ADMIN);
});

test("at 390 px the top bar keeps each screen's title whole; the name shows as initials", async ({ page }) => {
  await checkTitles(page, { axe: true });
  // the wide bar still shows the full name
  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole("banner").getByText(ADMIN.apeynom, { exact: true })).toBeVisible();
});

test("at 390 px /users' row actions are in view, and each opens its dialog", async ({ page }) => {
  await checkUsersActions(page, { axe: true });
  await page.getByRole("link", { name: "Resetear contraseña de admin", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Resetear contraseña" })).toBeVisible();
});

test("at 390 px Padrón Voluntarios' name column stays readable in the grid", async ({ page, request }) => {
  test.setTimeout(180_000);
  await whenSnapshotReady(request, "/api/padron_voluntarios/full-view?estado=TODOS");
  await page.setViewportSize(PHONE);
  await page.goto("/padron_voluntarios");
  await page.getByLabel("Estado").selectOption("TODOS");
  await page.getByRole("button", { name: "Listar" }).click();
  const grid = page.getByRole("region", { name: "Afiliados voluntarios" });
  const name = grid.locator('.ag-header-cell[col-id="apeynomfam"]');
  await expect(name).toBeVisible();
  expect((await name.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(240);
  const firstName = grid.locator('.ag-cell[col-id="apeynomfam"]').first();
  await expect(firstName).toBeVisible();
  expect((await firstName.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(240);
  await expectNoSeriousA11yViolations(page);
});

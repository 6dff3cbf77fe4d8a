// 'Consulta de Expedientes' without JavaScript (project 'no-js'): the GET form filters and the pager links page.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN } from "./support";
import { expectTramitesLayout } from "./tramites-support";

const rows = (page: Page) => page.getByRole("table", { name: "Expedientes encontrados" }).locator("tbody tr");
const pager = (page: Page) => page.getByRole("navigation", { name: "Paginación de expedientes" });

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, ADMIN);
});

test("filter by type and page through plain links", async ({ page }) => {
  await page.goto("/tramites");
  await expect(rows(page)).toHaveCount(20);
  await page.getByLabel("Tipo de Documento").selectOption("EXPEDIENTE");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/tipo_documento=EXPEDIENTE/);
  await page.waitForLoadState("load");
  for (const t of await rows(page).locator("td:nth-child(2)").allTextContents()) expect(t).toBe("EXPEDIENTE");
  await expect(pager(page).getByText("Atrás")).toHaveAttribute("aria-disabled", "true");
  await pager(page).getByRole("link", { name: "Siguiente" }).click();
  await expect(page).toHaveURL(/tipo_documento=EXPEDIENTE.*page=1/);
  await expect(pager(page).getByText(/^2 de \d+$/)).toBeVisible();
  for (const t of await rows(page).locator("td:nth-child(2)").allTextContents()) expect(t).toBe("EXPEDIENTE");
});

test("the layout without JavaScript: filters in one row and the number on one line at 1366 px, fits 390 px", async ({
  page,
}) => {
  await expectTramitesLayout(page, { axe: false }); // axe needs the page's JavaScript: the chromium project runs it
});

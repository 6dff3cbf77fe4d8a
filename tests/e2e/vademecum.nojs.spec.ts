// 'Consulta de Vademecum' without JavaScript (project 'no-js'): the GET form searches, the pager links page, and a
// search without a 3-character filter gets the same dialog text from the server as an inline panel (ADR 036).
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN } from "./support";

const rows = (page: Page) => page.getByRole("table", { name: "Resultados del vademecum" }).locator("tbody tr");
const pager = (page: Page) => page.getByRole("navigation", { name: "Paginación del vademecum" });

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, ADMIN);
});

test("the 3-character rule answered by the server, then a search and its pages", async ({ page }) => {
  await page.goto("/consulta-vademecum");
  await page.getByLabel("Producto", { exact: true }).fill("ib");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/producto=ib/);
  const panel = page.getByRole("region", { name: "Los filtros no pueden estar vacios" });
  await expect(panel).toContainText("Es necesario completar al menos un campo con al menos 3 caracteres");
  await expect(rows(page)).toHaveCount(0);
  await panel.getByRole("link", { name: "Cerrar" }).click();
  await expect(page.getByRole("region", { name: "Los filtros no pueden estar vacios" })).toHaveCount(0);

  await page.getByLabel("Familia", { exact: true }).fill("antineoplásicos");
  await page.getByRole("button", { name: "Buscar" }).click();
  await page.waitForLoadState("load");
  await expect(rows(page)).toHaveCount(5);
  await expect(pager(page).getByText("Atrás")).toHaveAttribute("aria-disabled", "true");
  await pager(page).getByRole("link", { name: "Siguiente" }).click();
  await expect(page).toHaveURL(/page=1/);
  await expect(pager(page).getByText(/^2 de \d+$/)).toBeVisible();
  await pager(page).getByRole("link", { name: "Atrás" }).click();
  await expect(pager(page).getByText(/^1 de \d+$/)).toBeVisible();
});

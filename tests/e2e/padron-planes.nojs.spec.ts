// 'Buscar Afiliados Enrolados' without JavaScript (project 'no-js', ADR 040): the GET form searches, the pager's
// links page (Atrás disabled on page 1, 'n de m', Siguiente), a DNI search, expired-only without paging, and both
// Vencidos and Activos ticked (the browser cannot untick one without JavaScript) answered with the server's message.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN } from "./support";

const table = (page: Page) => page.getByRole("table", { name: "Afiliados enrolados" });
const bodyRows = (page: Page) => table(page).locator("tbody tr");
const pager = (page: Page) => page.getByRole("navigation", { name: "Paginación de enrolados" });

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, ADMIN);
});

test("search and paging through plain links and a GET form", async ({ page }) => {
  test.setTimeout(200_000);
  // the app builds its first snapshot at start-up
  await expect(async () => {
    await page.goto("/consultar-padron-onco");
    await expect(page.getByText(/Datos al \d{2}\/\d{2}\/\d{4}/)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 150_000, intervals: [2000] });
  await expect(bodyRows(page)).toHaveCount(20);
  const status = (await pager(page).locator(".ui-pager-status").textContent())!;
  const pages = Number(/1 de (\d+)/.exec(status)![1]);
  expect(pages).toBeGreaterThan(1);
  await expect(pager(page).getByText("Atrás")).toHaveAttribute("aria-disabled", "true");
  await pager(page).getByRole("link", { name: "Siguiente" }).click();
  await expect(page).toHaveURL(/page=1/);
  await expect(pager(page).getByText(`2 de ${pages}`)).toBeVisible();
  await expect(pager(page).getByRole("link", { name: "Atrás" })).toBeVisible();
  const dni = (await bodyRows(page).nth(2).locator("td").nth(1).textContent())!;

  await page.getByLabel("DNI").fill(dni);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(new RegExp(`afi_dni=${dni}`));
  await expect(page).not.toHaveURL(/page=/);
  await page.waitForLoadState("load");
  await expect(bodyRows(page).first()).toContainText(dni);
  await expect(pager(page).getByText(/^1 de 1$/)).toBeVisible();
  await expect(pager(page).getByText("Siguiente")).toHaveAttribute("aria-disabled", "true");

  await page.getByRole("link", { name: "Limpiar Filtros" }).click();
  await expect(page.getByLabel("DNI")).toHaveValue("");
  await page.getByLabel("Enrolamientos Vencidos").check();
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/ver_solo_enrolamiento_vencido=true/);
  await page.waitForLoadState("load");
  await expect(bodyRows(page).first()).toBeVisible();
  await expect(pager(page)).toHaveCount(0);
  await expect(page.getByText(/^Total: \d+$/)).toBeVisible();
  for (const row of await bodyRows(page).all()) await expect(row).toHaveClass(/ui-row--inactivo/);

  await page.getByLabel("Enrolamientos Activos").check();
  await expect(page.getByLabel("Enrolamientos Vencidos")).toBeChecked();
  await page.getByRole("button", { name: "Buscar" }).click();
  await page.waitForLoadState("load");
  await expect(
    page.getByRole("alert").filter({ hasText: "No se pueden combinar Enrolamientos Vencidos" }),
  ).toBeVisible();
  await expect(table(page)).toHaveCount(0);
});

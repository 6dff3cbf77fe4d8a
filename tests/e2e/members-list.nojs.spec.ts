// 'Listados de afiliados' without JavaScript (project 'no-js'): the GET form filters, the pager links page, the
// reason filter works, and ?convenio= shows the agreement block inline.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN } from "./support";

const table = (page: Page) => page.getByRole("table", { name: "Listado de afiliados" });
const bodyRows = (page: Page) => table(page).locator("tbody tr");
const pager = (page: Page) => page.getByRole("navigation", { name: "Paginación del listado" });

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, ADMIN);
});

test("filter and paging through plain links and a GET form", async ({ page }) => {
  await page.goto("/listado-afiliados");
  await expect(bodyRows(page)).toHaveCount(20);
  const status = (await pager(page).locator(".ui-pager-status").textContent())!;
  const pages = Number(/1 de (\d+)/.exec(status)![1]);
  expect(pages).toBeGreaterThan(1);
  await expect(pager(page).getByText("Atrás")).toHaveAttribute("aria-disabled", "true");
  await pager(page).getByRole("link", { name: "Siguiente" }).click();
  await expect(page).toHaveURL(/page=1/);
  await expect(pager(page).getByText(`2 de ${pages}`)).toBeVisible();
  const dni = (await bodyRows(page).nth(3).locator("td").nth(1).textContent())!;

  await page.getByLabel("DNI").fill(dni);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(new RegExp(`afi_dni=${dni}`));
  await expect(page).not.toHaveURL(/page=/);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(pager(page)).toContainText("Total: 1");
  await expect(pager(page).getByText("1 de 1")).toBeVisible();
});

test("inactive + reason without JavaScript; a bad DNI gets a Spanish message", async ({ page }) => {
  await page.goto("/listado-afiliados");
  await page.getByLabel("Afiliados Inactivos").check();
  await page.getByLabel("Motivo de Baja").selectOption({ label: "FALLECIMIENTO" });
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/motivo_de_baja=2/);
  // the URL changes when the new document commits; wait for its rows before counting them
  await page.waitForLoadState("load");
  await expect(bodyRows(page).first()).toBeVisible();
  const n = await bodyRows(page).count();
  expect(n).toBeGreaterThan(0);
  for (const s of await bodyRows(page).locator("td:nth-child(4)").allTextContents()) expect(s).toBe("INACTIVO");

  await page.goto("/listado-afiliados?afi_dni=12ab");
  await expect(page.getByText("El DNI debe contener solo números (hasta 9 dígitos)")).toBeVisible();
  await expect(table(page)).toHaveCount(0);
});

test("the reciprocity agreement block shows inline with ?convenio=", async ({ page }) => {
  await page.goto("/listado-afiliados?ver_afiliados_en_convenio=true");
  const link = bodyRows(page)
    .first()
    .getByRole("link", { name: /Ver convenio/ });
  await link.click();
  await expect(page).toHaveURL(/[?&]convenio=\d+/);
  const block = page.getByRole("region", { name: "Convenio de Reciprocidad" });
  await expect(block).toBeVisible();
  await expect(block.getByText("Tipo de Convenio")).toBeVisible();
  await block.getByRole("link", { name: "Cerrar" }).click();
  await expect(page).not.toHaveURL(/[?&]convenio=/);
});

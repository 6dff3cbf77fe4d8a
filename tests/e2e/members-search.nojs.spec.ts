// Without JavaScript: the registry search works as a plain GET form and the member detail is reachable by URL,
// with its tabs as links and a 'Cerrar' link back to the search.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN } from "./support";

test("search by name and open the detail by URL without JavaScript", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await page.goto("/consultar-padron");
  // all three inputs are enabled; the radio decides
  await expect(page.getByLabel("Ingrese el DNI")).toBeEnabled();
  await expect(page.getByLabel("Ingrese parte del apellido y/o nombre")).toBeEnabled();
  await page.getByRole("radio", { name: "Apellido y/o Nombre" }).check();
  await page.getByLabel("Ingrese parte del apellido y/o nombre").fill("gonzalez");
  await page.getByRole("button", { name: "Buscar" }).click();
  const table = page.getByRole("table", { name: "Resultados de la búsqueda" });
  const first = table.getByRole("row").nth(1);
  await expect(first).toContainText("GONZÁLEZ");
  const name = (await first.getByRole("cell").first().innerText()).trim();

  await first.getByRole("link").click();
  await expect(page).toHaveURL(/\/consultar-padron\/\d+\?metodo=nombre&nombre=gonzalez/);
  await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Datos Principales" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Datos de Afiliación" })).toBeVisible();

  const url = new URL(page.url());
  await page.goto(`${url.pathname}?tab=notas`); // bookmarked URL
  await expect(page.getByRole("heading", { name: "Notas - Sistema Viejo" })).toBeVisible();
  await page.getByRole("link", { name: "Aportes", exact: true }).click();
  await expect(page).toHaveURL(/tab=aportes/);
  await expect(page.getByRole("heading", { name: /^Aportes/ })).toBeVisible();

  await page.goto(url.toString());
  await page.getByRole("link", { name: "Cerrar" }).click();
  await expect(page).toHaveURL(/\/consultar-padron\?metodo=nombre&nombre=gonzalez$/);
  await expect(table).toBeVisible();
});

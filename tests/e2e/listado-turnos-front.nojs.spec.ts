// 'Consulta de Turnos' without JavaScript (issue 28): the procedure type before the two search buttons, and no
// 'Exportar a Excel' when the search finds nothing.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN } from "./support";

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, ADMIN);
});

test("the type before the search buttons; a search by date with no result offers no export, without JavaScript", async ({
  page,
}) => {
  await page.goto("/listado-turnos");
  const order = await page
    .locator("form.listado-turnos-filtros")
    .locator("select, button")
    .evaluateAll((els) => els.map((e) => (e.tagName === "SELECT" ? "select" : (e.textContent ?? "").trim())));
  expect(order).toEqual(["select", "Buscar por DNI", "Buscar por Fecha"]);
  await page.getByLabel("Tipo de trámite").selectOption("TODOS");
  await page.getByLabel("Fecha del turno").fill("2099-06-07");
  await page.getByRole("button", { name: "Buscar por Fecha" }).click();
  await expect(page).toHaveURL(/buscar=fecha/);
  await expect(page.getByText("0 turnos encontrados")).toBeAttached();
  await expect(page.getByRole("link", { name: "Exportar a Excel" })).toHaveCount(0);
});

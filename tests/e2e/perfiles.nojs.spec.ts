// Perfiles without JavaScript (docs/decisions/035): the dialogs are in-page panels addressed by the URL, the forms post
// to the action; create (with the required description), edit, and an operations move with the two multi-selects.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { OPERATIONS } from "~db/reference";
import { ADMIN } from "./support";

test("create, edit and move operations without JavaScript", async ({ page, signIn }) => {
  const descripcion = `E2E NOJS ${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, ADMIN);
  await page.goto("/perfiles");
  await page.getByRole("link", { name: "Nuevo perfil" }).click();
  const panel = page.getByRole("region", { name: "Crear perfil" });
  await panel.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("La descripcion es obligatoria").first()).toBeVisible();
  await page.getByRole("textbox", { name: "Descripción", exact: true }).fill(descripcion);
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/ok=creado/);
  await expect(page.getByRole("status")).toContainText("Perfil creado con exito");

  await page.getByRole("searchbox", { name: "Buscar" }).fill(descripcion);
  await page.getByRole("button", { name: "Buscar" }).click();
  await page.getByRole("link", { name: `Modificar perfil ${descripcion}` }).click();
  await page.getByRole("textbox", { name: "Descripción", exact: true }).fill(`${descripcion} B`);
  await page.getByRole("combobox", { name: "Estado", exact: true }).selectOption("INACTIVO");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/ok=modificado/);
  await expect(page.getByRole("status")).toContainText("Perfil fué modificado con exito");
  await expect(page.getByRole("row", { name: new RegExp(`${descripcion} B`) })).toContainText("INACTIVO");

  await page.getByRole("link", { name: `Operaciones del perfil ${descripcion} B` }).click();
  await page.getByLabel("Disponibles", { exact: true }).selectOption([{ value: "14" }, { value: "15" }]);
  await page.getByRole("button", { name: "Agregar operaciones seleccionadas" }).click();
  await expect(page.getByLabel("Agregadas", { exact: true }).locator("option")).toHaveText([
    "14 · Ver Notas",
    "15 · Ver Ficha de Consumo",
  ]);
  await expect(page.getByText("Operaciones agregadas con exito")).toBeVisible();
  await page.getByRole("button", { name: "Quitar todas las operaciones" }).click();
  await expect(page.getByLabel("Agregadas", { exact: true }).locator("option")).toHaveCount(0);
  await expect(page.getByLabel("Disponibles", { exact: true }).locator("option")).toHaveCount(OPERATIONS.length);
});

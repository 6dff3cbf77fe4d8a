// Cambiar Contraseña without JavaScript (project 'no-js'): the plain form posts to the server; the popup is an
// alert in the page and each error sits under its field.
import { expect, test, type Page } from "@playwright/test";
import { createThrowawayUser, login } from "./support";

async function change(page: Page, current: string, next: string, repeat: string) {
  await page.goto("/change-password");
  await page.getByLabel("Contraseña Actual", { exact: true }).fill(current);
  await page.getByLabel("Contraseña Nueva", { exact: true }).fill(next);
  await page.getByLabel("Repetir Contraseña Nueva", { exact: true }).fill(repeat);
  const response = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("main").getByRole("button", { name: "Cambiar Contraseña" }).click();
  return (await response).status();
}

test("errors from the server: the alert, and the message under its field; then a success", async ({
  page,
  request,
}) => {
  const user = await createThrowawayUser(request);
  await login(page, user.usuario, user.password, { hydrate: false });

  expect(await change(page, "no-es-la-actual", "Nueva-clave-987", "Nueva-clave-987")).toBe(422);
  await expect(page.getByRole("alert")).toContainText("Error al cambiar contraseña");
  await expect(page.getByRole("alert")).toContainText("La contraseña actual es incorrecta");
  const current = page.getByLabel("Contraseña Actual", { exact: true });
  await expect(current).toHaveAttribute("aria-invalid", "true");
  await expect(current).toHaveAccessibleDescription("La contraseña actual es incorrecta");
  await expect(current).toHaveValue(""); // passwords never come back in the page
  expect(await page.content()).not.toContain("no-es-la-actual");

  expect(await change(page, user.password, "Nueva-clave-987", "Otra-clave-654")).toBe(400);
  await expect(page.getByRole("alert")).toContainText("La contrasenas deben coincidir");
  await expect(page.getByLabel("Repetir Contraseña Nueva", { exact: true })).toHaveAccessibleDescription(
    "La contrasenas deben coincidir",
  );

  // the password policy, from the server (ADR 025)
  expect(await change(page, user.password, "qwerty123", "qwerty123")).toBe(400);
  await expect(page.getByRole("alert")).toContainText("La contraseña es demasiado común; elija otra");
  await expect(page.getByLabel("Contraseña Nueva", { exact: true })).toHaveAccessibleDescription(
    "La contraseña es demasiado común; elija otra",
  );

  expect(await change(page, user.password, "Nueva-clave-987", "Nueva-clave-987")).toBe(200);
  await expect(page.getByRole("status")).toContainText("Contraseña modificada!");
  await expect(page.getByRole("status")).toContainText("La contraseña fue modificada con éxito");
  await expect(page.getByLabel("Contraseña Actual", { exact: true })).not.toHaveAttribute("aria-invalid");
});

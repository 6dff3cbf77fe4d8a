// /users' dialogs are reached by their URL with JavaScript too (issue 28 review): ?nuevo=1 opens the 'Nuevo usuario'
// dialog, and closing it leaves the URL without the parameter.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, waitForHydration } from "./support";

test("typing /users?nuevo=1 opens the 'Nuevo usuario' dialog; Cancelar closes it", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await page.goto("/users?nuevo=1");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "Nuevo usuario" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Perfil", exact: true })).toHaveValue("");
  await dialog.getByRole("link", { name: "Cancelar" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/nuevo=1/);
});

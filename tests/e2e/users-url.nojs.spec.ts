// /users' dialogs are reached by their URL without JavaScript (issue 28 review): ?nuevo=1 opens 'Nuevo usuario' as a
// section of the page, whose form posts to that URL and creates the user; ?editar=<id> and ?resetear=<id> open theirs.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, uniqueUsuario } from "./support";

test("typing /users?nuevo=1 opens 'Nuevo usuario' and its form creates the user, without JavaScript", async ({
  page,
  signIn,
}) => {
  const usuario = uniqueUsuario("u");
  await signIn(page, ADMIN);
  await page.goto("/users?nuevo=1");
  const crear = page.getByRole("region", { name: "Nuevo usuario" });
  await expect(crear).toBeVisible();
  await crear.getByRole("textbox", { name: "Apellido y Nombre", exact: true }).fill("Por URL Sin JS");
  await crear.getByRole("textbox", { name: "Usuario", exact: true }).fill(usuario);
  await crear.getByRole("textbox", { name: "Contraseña", exact: true }).fill("Clave-por-url-2026");
  await crear.getByRole("combobox", { name: "Perfil", exact: true }).selectOption({ label: "CONSULTA" });
  await crear.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Usuario creado con exito" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Nuevo usuario" })).toHaveCount(0);

  await page.goto("/users?editar=1");
  const editar = page.getByRole("region", { name: "Modificar usuario" });
  await expect(editar).toBeVisible();
  // user 1 is the signed-in administrator: nobody changes their own usuario (ADR 046, issue 35)
  const propio = editar.getByRole("textbox", { name: "Usuario", exact: true });
  await expect(propio).toHaveValue(ADMIN.usuario);
  await expect(propio).toHaveAttribute("readonly", "");
  await expect(propio).toHaveAccessibleDescription("No puede cambiar su propio usuario");
  await page.goto("/users?resetear=1");
  await expect(page.getByRole("region", { name: "Resetear contraseña" })).toBeVisible();
});

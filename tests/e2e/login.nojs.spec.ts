// Login without JavaScript (project 'no-js'): the plain HTML form posts to the server, which does the checks.
import { expect, test } from "@playwright/test";
import { ADMIN, createThrowawayUser, expectPath, login, submitLogin } from "./support";

test("admin signs in through the plain form and reaches /home", async ({ page }) => {
  await login(page, ADMIN.usuario, ADMIN.password, { hydrate: false });
  await expect(page.getByRole("banner").getByText(ADMIN.apeynom, { exact: true })).toBeVisible();
  await expect(page.locator("main img[src*='bienvenida']")).toBeVisible();
});

test("blank fields get 'Todos los campos son obligatorios!' from the server", async ({ page }) => {
  for (const [usuario, password] of [
    ["", ""],
    ["   ", "   "],
    ["admin", ""],
  ]) {
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await submitLogin(page, usuario, password, { hydrate: false });
    expect((await response).status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("Todos los campos son obligatorios!");
    await expectPath(page, "/");
  }
});

test("a wrong password gets 'Usuario o contraseña incorrectos' from the server", async ({ page, request }) => {
  const user = await createThrowawayUser(request);
  await submitLogin(page, user.usuario, "no-es-la-clave", { hydrate: false });
  await expect(page.getByRole("alert")).toHaveText("Usuario o contraseña incorrectos");
  await login(page, user.usuario, user.password, { hydrate: false });
  await expect(page.getByRole("banner").getByText(user.apeynom, { exact: true })).toBeVisible();
});

test("the server's message describes the fields in error; the user name stays, the password does not", async ({
  page,
  request,
}) => {
  const usuario = page.getByLabel("Usuario", { exact: true });
  const password = page.getByLabel("Contraseña", { exact: true });
  await page.goto("/");
  await expect(usuario).toBeFocused(); // the HTML autofocus attribute, no script needed
  await submitLogin(page, "admin", "", { hydrate: false });
  await expect(page.getByRole("alert")).toHaveText("Todos los campos son obligatorios!");
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription("Todos los campos son obligatorios!");
  await expect(usuario).not.toHaveAttribute("aria-invalid");

  const user = await createThrowawayUser(request);
  await submitLogin(page, user.usuario, "no-es-la-clave", { hydrate: false });
  await expect(page.getByRole("alert")).toHaveText("Usuario o contraseña incorrectos");
  await expect(page.locator("form.login-card")).toHaveAccessibleDescription("Usuario o contraseña incorrectos");
  await expect(usuario).toHaveValue(user.usuario);
  await expect(password).toHaveValue("");
  expect(await page.content()).not.toContain("no-es-la-clave");
});

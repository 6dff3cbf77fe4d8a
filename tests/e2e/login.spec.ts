// Login screen (spec part 1 §2, §5, §8) with JavaScript: texts, local blank-field check, server errors, redirect.
import { expect, test, type Request } from "@playwright/test";
import { ADMIN, createThrowawayUser, expectPath, login, submitLogin, waitForHydration } from "./support";

const REQUIRED = "Todos los campos son obligatorios!";

test("the login screen shows its title, fields and button", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Sistema Integral de Consultas OSEP" })).toBeVisible();
  await expect(page.getByLabel("Usuario", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Contraseña", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Contraseña", { exact: true })).toHaveAttribute("type", "password");
  await expect(page.getByRole("button", { name: "Ingresar al sistema" })).toBeVisible();
  await expect(page).toHaveTitle("Sistema Integral de Consultas OSEP");
});

for (const [name, usuario, password] of [
  ["both fields empty", "", ""],
  ["password empty", "admin", ""],
  ["usuario empty", "", "admin"],
  ["spaces only", "   ", "   "],
  ["usuario spaces only", "   ", "admin"],
] as const) {
  test(`blank fields (${name}) show the required message without calling the server`, async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page, "form button[type=submit]");
    const posts: Request[] = [];
    page.on("request", (r) => {
      if (r.method() !== "GET") posts.push(r);
    });
    await page.getByLabel("Usuario", { exact: true }).fill(usuario);
    await page.getByLabel("Contraseña", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Ingresar al sistema" }).click();
    await expect(page.getByRole("alert")).toHaveText(REQUIRED);
    await expectPath(page, "/");
    // Pressing Enter in the field does not reach the server either.
    await page.getByLabel("Contraseña", { exact: true }).press("Enter");
    await expect(page.getByRole("alert")).toHaveText(REQUIRED);
    expect(posts.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
  });
}

test("a wrong password shows 'Usuario o contraseña incorrectos'", async ({ page, request }) => {
  const user = await createThrowawayUser(request);
  await submitLogin(page, user.usuario, "no-es-la-clave");
  await expect(page.getByRole("alert")).toHaveText("Usuario o contraseña incorrectos");
  await expectPath(page, "/");
  // An unknown user gets the very same message (no user enumeration).
  await submitLogin(page, `${user.usuario}_no_existe`, "no-es-la-clave");
  await expect(page.getByRole("alert")).toHaveText("Usuario o contraseña incorrectos");
});

test("admin signs in and lands on /home with the welcome image and the name in the top bar", async ({ page }) => {
  await login(page, ADMIN.usuario, ADMIN.password);
  const welcome = page.locator("main img.home-image, main img[src*='bienvenida']").first();
  await expect(welcome).toBeVisible();
  await expect.poll(() => welcome.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByRole("banner").getByText(ADMIN.apeynom, { exact: true })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("heading", { name: "Inicio" })).toBeVisible();
});

test("surrounding spaces around the user name are trimmed", async ({ page }) => {
  await login(page, `  ${ADMIN.usuario}  `, ADMIN.password);
  await expect(page.getByRole("banner").getByText(ADMIN.apeynom, { exact: true })).toBeVisible();
});

test("a signed-in user opening / goes to /home", async ({ page }) => {
  await login(page, ADMIN.usuario, ADMIN.password);
  await page.goto("/");
  await expectPath(page, "/home");
  await expect(page.getByRole("button", { name: "Ingresar al sistema" })).toHaveCount(0);
});

test("the message describes what is wrong: the blank fields, or the form for refused credentials", async ({
  page,
  request,
}) => {
  const usuario = page.getByLabel("Usuario", { exact: true });
  const password = page.getByLabel("Contraseña", { exact: true });
  // caught in the browser: only the blank field is marked, described by the one message
  await submitLogin(page, "admin", "");
  await expect(page.getByRole("alert")).toHaveText(REQUIRED);
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription(REQUIRED);
  await expect(usuario).not.toHaveAttribute("aria-invalid");
  // refused by the server: the form is described by the message, the fields are not marked
  const user = await createThrowawayUser(request);
  await submitLogin(page, user.usuario, "no-es-la-clave");
  await expect(page.getByRole("alert")).toHaveText("Usuario o contraseña incorrectos");
  await expect(page.locator("form.login-card")).toHaveAccessibleDescription("Usuario o contraseña incorrectos");
  await expect(usuario).not.toHaveAttribute("aria-invalid");
  await expect(password).not.toHaveAttribute("aria-invalid");
});

test("the user box has the focus on arrival", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByLabel("Usuario", { exact: true })).toBeFocused();
});

// ADR 025: each guess is reserved before the password is checked, so parallel attempts cannot guess more.
test("20 wrong sign-ins at once: at most 5 are checked, the others wait (429) and the screen says until when", async ({
  page,
  request,
}) => {
  const user = await createThrowawayUser(request);
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      request.post("/api/auth", { data: { usuario: user.usuario, password: `no-es-la-clave-${i}` } }),
    ),
  );
  const statuses = answers.map((r) => r.status()).sort();
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
  expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
  const waiting = answers.filter((r) => r.status() === 429);
  expect(waiting.length).toBeGreaterThanOrEqual(15);
  const wait = /^Demasiados intentos fallidos para este usuario\. Intente nuevamente en \d+ minutos?\.$/;
  expect((await waiting[0].json()).msg).toMatch(wait);
  // from this address even the right password waits now; the screen shows the same message
  await submitLogin(page, user.usuario, user.password);
  await expect(page.getByRole("alert")).toHaveText(wait);
  await expectPath(page, "/");
});

// 'Administracion de usuario' (/users; spec part 2 §2, §5, §8, §9) with JavaScript: create a user in the dialog,
// edit them, a duplicate usuario under its field, reset the password and sign in with it, the server-side sort
// and page size, and the refusal for 'consulta'. Every user here is new (unique names); no demo user is changed.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import {
  ADMIN,
  CONSULTA,
  adminToken,
  expectPath,
  login,
  PROFILE_CONSULTA,
  uniqueUsuario,
  waitForHydration,
} from "./support";

async function openUsers(page: Page, query = "") {
  await page.goto(`/users${query}`);
  await waitForHydration(page);
}

const table = (page: Page) => page.getByRole("table", { name: "Usuarios" });

test("create, edit, duplicate usuario, reset the password, sign in as the new user", async ({
  page,
  browser,
  signIn,
}) => {
  const usuario = uniqueUsuario("u");
  await signIn(page, ADMIN);
  await openUsers(page);
  await expect(page.getByRole("heading", { name: "Administracion de usuario", level: 2 })).toBeVisible();

  // create: the spec's messages for blank fields first, then a valid user
  await page.getByRole("link", { name: "Nuevo usuario" }).click();
  const crear = page.getByRole("dialog", { name: "Nuevo usuario" });
  await expect(crear).toBeVisible();
  // the profile starts at '-Seleccione-' (ADR 034: never ADMINISTRADOR by default) and must be chosen
  await expect(crear.getByRole("combobox", { name: "Perfil", exact: true })).toHaveValue("");
  await expect(crear.getByRole("combobox", { name: "Perfil", exact: true }).locator("option:checked")).toHaveText(
    "-Seleccione-",
  );
  await expect(crear.getByRole("combobox", { name: "Estado", exact: true })).toHaveValue("true");
  await crear.getByRole("button", { name: "Guardar" }).click();
  await expect(crear.getByText("El nombre es obligatorio")).toBeVisible();
  await expect(crear.getByText("El usuario es obligatorio")).toBeVisible();
  await expect(crear.getByText("La contrasena es obligatoria")).toBeVisible();
  await expect(crear.getByRole("combobox", { name: "Perfil", exact: true })).toHaveAccessibleDescription(
    "Debe seleccionar un perfil",
  );
  await crear.getByRole("textbox", { name: "Apellido y Nombre", exact: true }).fill("Prueba Usuarios E2E");
  await crear.getByRole("textbox", { name: "Usuario", exact: true }).fill(usuario);
  await crear.getByRole("textbox", { name: "Contraseña", exact: true }).fill("Clave-inicial-2026");
  await crear.getByRole("combobox", { name: "Perfil", exact: true }).selectOption(String(PROFILE_CONSULTA));
  await crear.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Usuario creado con exito" })).toBeVisible();
  await expect(crear).toBeHidden();

  await page.getByRole("searchbox", { name: "Buscar usuario" }).fill(usuario);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${usuario}`));
  const row = table(page).getByRole("row").filter({ hasText: usuario });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("PRUEBA USUARIOS E2E");
  await expect(row).toContainText("CONSULTA");
  await expect(row).toContainText("ACTIVO");

  // edit: no password field; a duplicate usuario is an error under Usuario
  await row.getByRole("link", { name: `Modificar usuario ${usuario}`, exact: true }).click();
  const editar = page.getByRole("dialog", { name: "Modificar usuario" });
  await expect(editar.getByRole("textbox", { name: "Usuario", exact: true })).toHaveValue(usuario);
  await expect(editar.getByRole("textbox", { name: "Contraseña", exact: true })).toHaveCount(0);
  await editar.getByRole("textbox", { name: "Usuario", exact: true }).fill("admin");
  await editar.getByRole("button", { name: "Guardar" }).click();
  await expect(editar.getByRole("textbox", { name: "Usuario", exact: true })).toHaveAccessibleDescription(
    "El usuario ya existe",
  );
  await editar.getByRole("textbox", { name: "Usuario", exact: true }).fill(usuario);
  await editar.getByRole("textbox", { name: "Apellido y Nombre", exact: true }).fill("Prueba Editada E2E");
  await editar.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Usuario fué modificado con exito" })).toBeVisible();
  await expect(table(page).getByRole("row").filter({ hasText: usuario })).toContainText("PRUEBA EDITADA E2E");

  // reset: both fields required, must match
  await table(page)
    .getByRole("link", { name: `Resetear contraseña de ${usuario}`, exact: true })
    .click();
  const reset = page.getByRole("dialog", { name: "Resetear contraseña" });
  await reset.getByRole("button", { name: "Resetear" }).click();
  await expect(reset.getByText("La contrasena es obligatoria")).toHaveCount(2);
  await reset.getByRole("textbox", { name: "Contraseña", exact: true }).fill("Clave-reseteada-2026");
  await reset.getByLabel("Confirmar contraseña").fill("Clave-distinta-2026");
  await reset.getByRole("button", { name: "Resetear" }).click();
  await expect(reset.getByText("La contrasenas deben coincidir")).toBeVisible();
  await reset.getByLabel("Confirmar contraseña").fill("Clave-reseteada-2026");
  await reset.getByRole("button", { name: "Resetear" }).click();
  await expect(page.getByRole("status").filter({ hasText: "La contraseña fué reseteada con exito" })).toBeVisible();
  await expect(reset).toBeHidden();

  // the new user signs in with the new password and sees the consulta profile's home
  const context = await browser.newContext();
  const other = await context.newPage();
  await login(other, usuario, "Clave-reseteada-2026");
  await other.goto("/users");
  await expectPath(other, "/home");
  await context.close();
});

test("sortable columns and page sizes 5/10/25 on the server, kept in the URL", async ({ page, request, signIn }) => {
  const token = await adminToken(request);
  const prefix = uniqueUsuario("s").slice(0, 30);
  const names = ["c", "a", "f", "b", "e", "d", "g"].map((x) => `${prefix}_${x}`);
  for (const usuario of names) {
    const res = await request.post("/api/users", {
      headers: { "x-auth-token": token },
      data: { apeynom: `ORDEN ${usuario}`, usuario, password: "Clave-orden-2026", usPerfilId: PROFILE_CONSULTA },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const sorted = [...names].sort();
  await signIn(page, ADMIN);
  await openUsers(page, `?q=${prefix}`);
  const bodyRows = table(page).locator("tbody tr");
  await expect(bodyRows).toHaveCount(5); // default size 5
  await expect(page.getByRole("navigation", { name: "Paginación" })).toContainText("Total: 7");

  const header = (name: string) => table(page).getByRole("columnheader", { name: new RegExp(`^${name}`) });
  await header("Usuario").getByRole("link").click();
  await expect(page).toHaveURL(/sort=usuario&dir=asc/);
  await expect(header("Usuario")).toHaveAttribute("aria-sort", "ascending");
  await expect(header("Apellido y Nombre")).toHaveAttribute("aria-sort", "none");
  await expect(bodyRows.first()).toContainText(sorted[0]);
  // keyboard: the header link is focusable and follows with Enter
  await header("Usuario").getByRole("link").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/sort=usuario&dir=desc/);
  await expect(header("Usuario")).toHaveAttribute("aria-sort", "descending");
  await expect(bodyRows.first()).toContainText(sorted[6]);
  await expect(page).toHaveURL(new RegExp(`q=${prefix}`)); // the search is kept

  await page.getByLabel("Filas por página").selectOption("10");
  await expect(page).toHaveURL(/size=10/);
  await expect(bodyRows).toHaveCount(7);
  await expect(page).toHaveURL(/sort=usuario&dir=desc/);
  await expect(bodyRows.first()).toContainText(sorted[6]);

  await page.getByLabel("Filas por página").selectOption("5");
  await expect(bodyRows).toHaveCount(5);
  await page.getByRole("link", { name: "Siguiente" }).click();
  await expect(bodyRows).toHaveCount(2);
  await expect(bodyRows.last()).toContainText(sorted[0]);
});

test("consulta is sent to /home and refused by the API", async ({ page, request, signIn }) => {
  await signIn(page, CONSULTA);
  await page.goto("/users?nuevo=1");
  await expectPath(page, "/home");
  const res = await request.post("/api/auth", { data: { usuario: CONSULTA.usuario, password: CONSULTA.password } });
  const { token } = (await res.json()) as { token: string };
  expect((await request.get("/api/users", { headers: { "x-auth-token": token } })).status()).toBe(403);
});

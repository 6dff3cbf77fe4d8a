// Perfiles (spec part 2 §2, §5, §8; issue 14; docs/decisions/035): an administrator creates a profile, moves
// operations and screens with the transfer lists (mouse and keyboard), creates a user of it on /users, and that user
// signs in and sees exactly the drawer entries of its screens; profile 1 is read-only; consulta is refused. Each run
// uses its own profile and user.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { OPERATIONS } from "~db/reference";
import { entry, expectOnlyEntries, openDrawer } from "./drawer-support";
import { ADMIN, apiToken, CONSULTA, expectPath, login, uniqueUsuario, waitForHydration } from "./support";

const unique = () => `E2E PERFIL ${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;

const dialog = (page: Page) => page.getByRole("dialog");
const disponibles = (page: Page) => dialog(page).getByLabel("Disponibles", { exact: true });
const agregadas = (page: Page) => dialog(page).getByLabel("Agregadas", { exact: true });
const optionTexts = async (page: Page, which: "Disponibles" | "Agregadas") =>
  (await (which === "Disponibles" ? disponibles(page) : agregadas(page)).locator("option").allTextContents()).map((t) =>
    t.trim(),
  );

async function crearPerfil(page: Page, descripcion: string): Promise<void> {
  await page.goto("/perfiles");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Nuevo perfil" }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole("heading", { name: "Crear perfil" })).toBeVisible();
  // the description is required (spec §5)
  await dialog(page).getByRole("button", { name: "Guardar" }).click();
  await expect(dialog(page).getByText("La descripcion es obligatoria")).toBeVisible();
  await dialog(page).getByRole("textbox", { name: "Descripción", exact: true }).fill(descripcion);
  await dialog(page).getByRole("button", { name: "Guardar" }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/ok=creado/);
  await page.getByRole("searchbox", { name: "Buscar" }).fill(descripcion);
  await page.getByRole("button", { name: "Buscar" }).click();
  const row = page.getByRole("row", { name: new RegExp(descripcion) });
  await expect(row).toContainText("ACTIVO");
}

/** 'Nuevo usuario' on /users: a user of the profile `descripcion` (active); its credentials. */
async function crearUsuario(page: Page, descripcion: string): Promise<{ usuario: string; password: string }> {
  const usuario = uniqueUsuario();
  const password = "Clave-e2e-1234";
  await page.goto("/users");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Nuevo usuario" }).click();
  const crear = page.getByRole("dialog", { name: "Nuevo usuario" });
  await crear
    .getByRole("textbox", { name: "Apellido y Nombre", exact: true })
    .fill(`PRUEBA PERFIL ${usuario.toUpperCase()}`);
  await crear.getByRole("textbox", { name: "Usuario", exact: true }).fill(usuario);
  await crear.getByRole("textbox", { name: "Contraseña", exact: true }).fill(password);
  await crear.getByRole("combobox", { name: "Perfil", exact: true }).selectOption({ label: descripcion });
  await expect(crear.getByRole("combobox", { name: "Estado", exact: true })).toHaveValue("true");
  await crear.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Usuario creado con exito" })).toBeVisible();
  await expect(crear).toBeHidden();
  return { usuario, password };
}

test("create a profile, move operations and screens, a user of it sees exactly its menu", async ({
  page,
  browser,
  request,
  signIn,
}) => {
  const descripcion = unique();
  await signIn(page, ADMIN);
  await crearPerfil(page, descripcion);

  // Operations: with the mouse, 'Asignar turno' → Agregadas
  await page.getByRole("link", { name: `Operaciones del perfil ${descripcion}` }).click();
  await expect(dialog(page).getByRole("heading", { name: `Operaciones del perfil ${descripcion}` })).toBeVisible();
  expect(await optionTexts(page, "Agregadas")).toEqual([]);
  // every operation of the reference data is available to a new profile
  expect(await optionTexts(page, "Disponibles")).toHaveLength(OPERATIONS.length);
  await disponibles(page).selectOption({ label: "20 · Asignar turno" });
  await dialog(page).getByRole("button", { name: "Agregar operaciones seleccionadas" }).click();
  await expect(agregadas(page).locator("option")).toHaveText(["20 · Asignar turno"]);
  await expect(disponibles(page).locator("option")).toHaveCount(OPERATIONS.length - 1);

  // With the keyboard: Home selects the first available operation, Enter moves it; then back with Tab + Enter
  await disponibles(page).focus();
  await page.keyboard.press("Home");
  await page.keyboard.press("Enter");
  await expect(agregadas(page).locator("option")).toHaveText([
    "1 · Guardar ficha oncológica (alta)",
    "20 · Asignar turno",
  ]);
  await agregadas(page).focus();
  await page.keyboard.press("Home");
  await dialog(page).getByRole("button", { name: "Quitar operaciones seleccionadas" }).focus();
  await page.keyboard.press("Enter");
  await expect(agregadas(page).locator("option")).toHaveText(["20 · Asignar turno"]);
  await dialog(page).getByRole("link", { name: "Cerrar" }).click();
  await expect(dialog(page)).toHaveCount(0);

  // Screens: /turnos and /listado-turnos (drawer entries of login-only screens: ADR 029)
  await page.getByRole("link", { name: `Pantallas del perfil ${descripcion}` }).click();
  await disponibles(page).selectOption([{ value: "/turnos" }, { value: "/listado-turnos" }]);
  await dialog(page).getByRole("button", { name: "Agregar pantallas seleccionadas" }).click();
  await expect(agregadas(page).locator("option")).toHaveText([
    "Turnos · /turnos",
    "Consulta de Turnos · /listado-turnos",
  ]);

  const pantallas = page.url();

  // A user of the profile, created on /users
  const user = await crearUsuario(page, descripcion);
  const auth = await (
    await request.get("/api/auth", {
      headers: { "x-auth-token": await apiToken(request, user.usuario, user.password) },
    })
  ).json();
  expect(auth).toMatchObject({ allowed_operation: ["20"], allowed_screen: ["/listado-turnos", "/turnos"] });

  const other = await browser.newContext();
  const userPage = await other.newPage();
  await login(userPage, user.usuario, user.password);
  await waitForHydration(userPage); // the drawer's ☰ toggles only once the page runs
  await expectOnlyEntries(userPage, ["/turnos", "/listado-turnos"]);

  // A screen removed reaches the user on the next request, without signing in again
  await page.goto(pantallas);
  await waitForHydration(page);
  await agregadas(page).selectOption({ value: "/listado-turnos" });
  await dialog(page).getByRole("button", { name: "Quitar pantallas seleccionadas" }).click();
  await expect(agregadas(page).locator("option")).toHaveText(["Turnos · /turnos"]);
  await userPage.reload();
  await openDrawer(userPage);
  await expect(entry(userPage, "/turnos")).toHaveCount(1);
  await expect(entry(userPage, "/listado-turnos")).toHaveCount(0);
  await other.close();
});

test("the dialogs name screens by their drawer label and path, operations by code; double-click and Enter move", async ({
  page,
  signIn,
}) => {
  const descripcion = unique();
  await signIn(page, ADMIN);
  await crearPerfil(page, descripcion);

  await page.getByRole("link", { name: `Pantallas del perfil ${descripcion}` }).click();
  await expect(disponibles(page).locator("option", { hasText: "ABM Usuarios · /users" })).toHaveCount(1);
  // a double-click moves the option to the other list, and back
  await disponibles(page).locator("option", { hasText: "Turnos · /turnos" }).first().dblclick();
  await expect(agregadas(page).locator("option")).toHaveText(["Turnos · /turnos"]);
  await agregadas(page).locator("option", { hasText: "Turnos · /turnos" }).dblclick();
  await expect(agregadas(page).locator("option")).toHaveCount(0);
  await dialog(page).getByRole("link", { name: "Cerrar" }).click();

  await page.getByRole("link", { name: `Operaciones del perfil ${descripcion}` }).click();
  await disponibles(page).locator("option", { hasText: "20 · Asignar turno" }).dblclick();
  await expect(agregadas(page).locator("option")).toHaveText(["20 · Asignar turno"]);
  // Enter on the selected option moves it back (keyboard)
  await agregadas(page).focus();
  await page.keyboard.press("Home");
  await page.keyboard.press("Enter");
  await expect(agregadas(page).locator("option")).toHaveCount(0);
  await expect(disponibles(page).locator("option", { hasText: "20 · Asignar turno" })).toHaveCount(1);
});

test("edit a profile: description and state; the built-in ADMINISTRADOR's grants are read-only", async ({
  page,
  signIn,
}) => {
  const descripcion = unique();
  await signIn(page, ADMIN);
  await crearPerfil(page, descripcion);
  await page.getByRole("link", { name: `Modificar perfil ${descripcion}` }).click();
  await expect(dialog(page).getByRole("textbox", { name: "Descripción", exact: true })).toHaveValue(descripcion);
  await dialog(page).getByRole("textbox", { name: "Descripción", exact: true }).fill(`${descripcion} B`);
  await dialog(page).getByRole("combobox", { name: "Estado", exact: true }).selectOption("INACTIVO");
  await dialog(page).getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/ok=modificado/);
  await page.getByRole("searchbox", { name: "Buscar" }).fill(`${descripcion} B`);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByRole("row", { name: new RegExp(`${descripcion} B`) })).toContainText("INACTIVO");

  // a description already used (any case) is refused under the field
  await page.goto("/perfiles?dialogo=crear");
  await dialog(page).getByRole("textbox", { name: "Descripción", exact: true }).fill("consulta");
  await dialog(page).getByRole("button", { name: "Guardar" }).click();
  await expect(dialog(page).locator(".ui-field-error")).toHaveText("Ya existe un perfil con esa descripcion");

  await page.goto("/perfiles?dialogo=operaciones&id=1");
  await expect(dialog(page).getByText("El perfil ADMINISTRADOR tiene todas las pantallas y operaciones")).toBeVisible();
  await expect(dialog(page).getByRole("button", { name: /Agregar|Quitar/ })).toHaveCount(0);
});

test("sortable headers and page sizes", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await page.goto("/perfiles");
  const table = page.getByRole("table", { name: "Perfiles" });
  await expect(table.locator("tbody tr")).toHaveCount(5);
  await table.getByRole("link", { name: /^Descripción/ }).click();
  await expect(page).toHaveURL(/sort=descripcion&dir=asc/);
  await expect(table.getByRole("columnheader", { name: /Descripción/ })).toHaveAttribute("aria-sort", "ascending");
  const names = (await table.locator("tbody tr td:nth-child(2)").allTextContents()).map((t) => t.trim());
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  await page.getByLabel("Filas por página").selectOption("10");
  await expect(page).toHaveURL(/size=10/);
});

test("at 390 px the operations dialog fits and its buttons are reachable", async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  await page.goto("/perfiles?dialogo=operaciones&id=2");
  await expect(dialog(page)).toBeVisible();
  for (const name of ["Agregar operaciones seleccionadas", "Quitar todas las operaciones"]) {
    await expect(dialog(page).getByRole("button", { name })).toBeVisible();
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "/tmp/pshots/perfiles-390.png" });
});

test("consulta is sent to /home and refused by every call", async ({ page, request, signIn }) => {
  await signIn(page, CONSULTA);
  await page.goto("/perfiles");
  await expectPath(page, "/home");
  const token = await apiToken(request, CONSULTA.usuario, CONSULTA.password);
  const headers = { "x-auth-token": token };
  expect((await request.get("/api/perfiles", { headers })).status()).toBe(403);
  expect((await request.post("/api/perfiles", { headers, data: { descripcion: "X" } })).status()).toBe(403);
  expect(
    (
      await request.delete("/api/perfil-operationes/remove-operations/?usPerfilId=2&operations=14", { headers })
    ).status(),
  ).toBe(403);
});

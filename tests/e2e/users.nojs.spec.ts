// 'Administracion de usuario' without JavaScript: the dialogs are sections of the page opened by links, their
// forms post to the dialog's URL; create (with a server field error first), edit, reset, sort and page size.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, uniqueUsuario } from "./support";

const table = (page: Page) => page.getByRole("table", { name: "Usuarios" });

test("create and edit a user, reset the password, sort and page size without JavaScript", async ({ page, signIn }) => {
  const usuario = uniqueUsuario("n");
  await signIn(page, ADMIN);
  await page.goto("/users");

  await page.getByRole("link", { name: "Nuevo usuario" }).click();
  await expect(page).toHaveURL(/nuevo=1/);
  const crear = page.getByRole("region", { name: "Nuevo usuario" });
  await crear.getByRole("textbox", { name: "Apellido y Nombre", exact: true }).fill("Prueba Sin JS");
  await crear.getByRole("textbox", { name: "Usuario", exact: true }).fill("ADMIN");
  await crear.getByRole("textbox", { name: "Contraseña", exact: true }).fill("Clave-sin-js-2026");
  // the profile starts at '-Seleccione-' and must be chosen (ADR 034): the server's message under Perfil
  const perfil = crear.getByRole("combobox", { name: "Perfil", exact: true });
  await expect(perfil).toHaveValue("");
  await expect(perfil.locator("option:checked")).toHaveText("-Seleccione-");
  await crear.getByRole("button", { name: "Guardar" }).click();
  await expect(perfil).toHaveAccessibleDescription("Debe seleccionar un perfil");
  await expect(perfil).toHaveValue("");
  await crear.getByRole("textbox", { name: "Contraseña", exact: true }).fill("Clave-sin-js-2026");
  await perfil.selectOption({ label: "ADMINISTRADOR" });
  await crear.getByRole("button", { name: "Guardar" }).click();
  // the server's field error under Usuario, the values kept (never the password)
  await expect(crear.getByRole("textbox", { name: "Usuario", exact: true })).toHaveAccessibleDescription(
    "El usuario ya existe",
  );
  await expect(crear.getByRole("textbox", { name: "Apellido y Nombre", exact: true })).toHaveValue("Prueba Sin JS");
  await expect(crear.getByRole("textbox", { name: "Contraseña", exact: true })).toHaveValue("");
  await crear.getByRole("textbox", { name: "Usuario", exact: true }).fill(usuario);
  await crear.getByRole("textbox", { name: "Contraseña", exact: true }).fill("Clave-sin-js-2026");
  await crear.getByRole("combobox", { name: "Estado", exact: true }).selectOption({ label: "INACTIVO" });
  await crear.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Usuario creado con exito" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Nuevo usuario" })).toHaveCount(0);

  await page.getByRole("searchbox", { name: "Buscar usuario" }).fill(usuario);
  await page.getByRole("button", { name: "Buscar" }).click();
  const row = table(page).getByRole("row").filter({ hasText: usuario });
  await expect(row).toContainText("INACTIVO");
  await expect(row).toHaveClass(/ui-row--inactivo/); // the one look for inactive rows (ADR 078)
  await expect(row).toContainText("ADMINISTRADOR"); // the profile chosen

  await row.getByRole("link", { name: `Modificar usuario ${usuario}`, exact: true }).click();
  const editar = page.getByRole("region", { name: "Modificar usuario" });
  await editar.getByRole("textbox", { name: "Apellido y Nombre", exact: true }).fill("");
  await editar.getByRole("button", { name: "Guardar" }).click();
  await expect(editar.getByRole("textbox", { name: "Apellido y Nombre", exact: true })).toHaveAccessibleDescription(
    "El nombre es obligatorio",
  );
  await editar.getByRole("textbox", { name: "Apellido y Nombre", exact: true }).fill("Prueba Sin JS Editada");
  await editar.getByRole("combobox", { name: "Perfil", exact: true }).selectOption({ label: "CONSULTA" });
  await editar.getByRole("combobox", { name: "Estado", exact: true }).selectOption({ label: "ACTIVO" });
  await editar.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Usuario fué modificado con exito" })).toBeVisible();
  const edited = table(page).getByRole("row").filter({ hasText: usuario });
  await expect(edited).toContainText("PRUEBA SIN JS EDITADA");
  await expect(edited).toContainText("CONSULTA");
  await expect(edited).toContainText("ACTIVO");
  await expect(edited).not.toHaveClass(/ui-row--inactivo/);

  await edited.getByRole("link", { name: `Resetear contraseña de ${usuario}`, exact: true }).click();
  const reset = page.getByRole("region", { name: "Resetear contraseña" });
  await reset.getByRole("textbox", { name: "Contraseña", exact: true }).fill("Clave-nueva-sinjs-1");
  await reset.getByLabel("Confirmar contraseña").fill("Clave-otra-sinjs-1");
  await reset.getByRole("button", { name: "Resetear" }).click();
  await expect(reset.getByLabel("Confirmar contraseña")).toHaveAccessibleDescription("La contrasenas deben coincidir");
  await reset.getByRole("textbox", { name: "Contraseña", exact: true }).fill("Clave-nueva-sinjs-1");
  await reset.getByLabel("Confirmar contraseña").fill("Clave-nueva-sinjs-1");
  await reset.getByRole("button", { name: "Resetear" }).click();
  await expect(page.getByRole("status").filter({ hasText: "La contraseña fué reseteada con exito" })).toBeVisible();

  // sort and page size: links and a GET form
  await page.goto("/users");
  await table(page)
    .getByRole("columnheader", { name: /^Usuario/ })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/sort=usuario&dir=asc/);
  await expect(table(page).getByRole("columnheader", { name: /^Usuario/ })).toHaveAttribute("aria-sort", "ascending");
  await page.getByLabel("Filas por página").selectOption("10");
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page).toHaveURL(/sort=usuario&dir=asc&size=10/);
  await expect(page.getByLabel("Filas por página")).toHaveValue("10");
  const total = Number(
    (await page
      .getByRole("navigation", { name: "Paginación" })
      .getByText(/^Total: \d+$/)
      .textContent())!.slice(7),
  );
  await expect(table(page).locator("tbody tr")).toHaveCount(Math.min(10, total));
});

// ADR 050: a hand-edited URL with a bad page size or sort shows the refusal and a link back to the list (search kept)
test("a bad page size or sort in the URL: the Spanish message and 'Ver el listado', no rows", async ({
  page,
  signIn,
}) => {
  await signIn(page, ADMIN);
  for (const [qs, msg] of [
    ["q=admin&size=7", "El tamaño de página debe ser 5, 10 o 25"],
    ["q=admin&sort=password_hash", "La columna de orden no es válida"],
    ["q=admin&page=%3Cscript%3E", "La página debe ser un número entero mayor o igual a 0"],
  ]) {
    const res = await page.goto(`/users?${qs}`);
    expect(res?.status()).toBe(400);
    await expect(page.getByRole("alert").filter({ hasText: msg })).toBeVisible();
    await expect(table(page).locator("tbody tr:not(.ui-table-empty)")).toHaveCount(0);
  }
  await page.getByRole("link", { name: "Ver el listado" }).click();
  await expect(page).toHaveURL(/\/users\?q=admin$/);
  await expect(table(page).getByRole("cell", { name: "admin", exact: true })).toBeVisible();
});

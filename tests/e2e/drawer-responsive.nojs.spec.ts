// The ☰ without JavaScript (issue 10; docs/decisions/018): on a phone it opens the overlay (a form posting to
// /menu, which comes back with ?menu=abierto) and the backdrop, the ☰ or an entry close it again; on a desktop it
// collapses and reopens the drawer, remembered in the cookie.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import {
  PROFILE_ENTRIES,
  backdrop,
  drawer,
  entry,
  expectClickable,
  expectDrawerEntries,
  menuButton,
} from "./drawer-support";
import { ADMIN, CONSULTA, expectPath } from "./support";

test.describe("phone, 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the ☰ opens the overlay; the backdrop, the ☰ and an entry close it", async ({ page, signIn }) => {
    await signIn(page, ADMIN);
    await page.goto("/consultar-padron?metodo=dni");
    await expect(drawer(page)).toBeHidden();
    await expect(menuButton(page)).toHaveAccessibleName("Mostrar menú");

    await menuButton(page).click();
    await expect(page).toHaveURL(
      (u) =>
        u.pathname === "/consultar-padron" &&
        u.searchParams.get("menu") === "abierto" &&
        u.searchParams.get("metodo") === "dni",
    );
    await expect(drawer(page)).toBeVisible();
    await expect(backdrop(page)).toBeVisible();
    await expect(menuButton(page)).toHaveAccessibleName("Ocultar menú");
    await expectClickable(menuButton(page));

    // A tap outside closes (the backdrop is a link back to the page without the parameter).
    await page.mouse.click(350, 500);
    await expect(page).toHaveURL(
      (u) =>
        u.pathname === "/consultar-padron" && !u.searchParams.has("menu") && u.searchParams.get("metodo") === "dni",
    );
    await expect(drawer(page)).toBeHidden();

    // The ☰ closes it too.
    await menuButton(page).click();
    await expect(drawer(page)).toBeVisible();
    await menuButton(page).click();
    await expect(page).toHaveURL((u) => !u.searchParams.has("menu"));
    await expect(drawer(page)).toBeHidden();

    // Choosing an entry leaves it closed.
    await menuButton(page).click();
    await drawer(page).locator('a[href="/acerca-de"]').click();
    await expectPath(page, "/acerca-de");
    await expect(drawer(page)).toBeHidden();
    await expectClickable(menuButton(page));
  });
});

test.describe("desktop, 1366×768", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("the ☰ collapses and reopens the drawer, remembered across pages", async ({ page, signIn }) => {
    await signIn(page, ADMIN);
    await expect(drawer(page)).toBeVisible();
    await expect(menuButton(page)).toHaveAccessibleName("Ocultar menú");
    await menuButton(page).click();
    await expectPath(page, "/home");
    await expect(drawer(page)).toBeHidden();
    await expect(menuButton(page)).toHaveAccessibleName("Mostrar menú");
    await page.goto("/acerca-de");
    await expect(drawer(page)).toBeHidden();
    await menuButton(page).click();
    await expectPath(page, "/acerca-de");
    await expect(drawer(page)).toBeVisible();
  });
});

// Which entries the drawer holds is the server's answer for the profile (spec part 1 §2; docs/decisions/029): the
// same without JavaScript, through the ☰'s overlay on a phone.
test.describe("phone without JavaScript: the entries per profile", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("ADMINISTRADOR: Turnos, Consulta de Turnos and Consulta Coberturas are there", async ({ page, signIn }) => {
    await signIn(page, ADMIN);
    await menuButton(page).click();
    await expect(drawer(page)).toBeVisible();
    await expectDrawerEntries(page, { shown: PROFILE_ENTRIES, hidden: [] });
  });

  test("consulta: not those three; Acerca de, Cambiar Contraseña and Cerrar Sesión still are", async ({
    page,
    signIn,
  }) => {
    await signIn(page, CONSULTA);
    await menuButton(page).click();
    await expect(drawer(page)).toBeVisible();
    await expectDrawerEntries(page, { shown: [["/consultar-padron", "Búsqueda"]], hidden: PROFILE_ENTRIES });
    await entry(page, "/change-password").click();
    await expectPath(page, "/change-password");
  });
});

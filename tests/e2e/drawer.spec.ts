// Navigation drawer (spec part 1 §2): groups and entries per permissions, persisted group state, collapsing.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import {
  ALWAYS_ENTRIES,
  PROFILE_ENTRIES,
  PROFILE_GATED_ENTRIES,
  drawer,
  entry,
  expectDrawerEntries,
  logoutButton,
  menuButton,
} from "./drawer-support";
import { ADMIN, CONSULTA, createThrowawayUser, expectPath, login, waitForHydration } from "./support";

const GROUPS = [
  "ONCOLOGIA",
  "COBERTURAS",
  "ESTADÍSTICAS",
  "AFILIADOS",
  "CAPA COVID",
  "MAE",
  "PRESTADORES",
  "Usuarios",
  "SISTEMAS CENTRALES",
];

test("admin sees every group and entry of the drawer", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await expect(drawer(page)).toBeVisible();
  const summaries = drawer(page).locator("summary");
  for (const g of GROUPS) await expect(summaries.filter({ hasText: new RegExp(`^${g}$`) })).toHaveCount(1);
  for (const [path, label] of [...PROFILE_GATED_ENTRIES, ...ALWAYS_ENTRIES]) {
    await expect(entry(page, path), `${label} (${path})`).toHaveCount(1);
    await expect(entry(page, path)).toHaveText(label);
    await expect(entry(page, path)).toBeVisible();
  }
  await expect(logoutButton(page)).toBeVisible();
  // The entries sit in their groups.
  const group = (label: string) =>
    drawer(page)
      .locator("details")
      .filter({ has: page.locator("summary", { hasText: new RegExp(`^${label}$`) }) });
  await expect(group("ONCOLOGIA").locator('a[href="/nueva-ficha"]')).toHaveCount(1);
  await expect(group("AFILIADOS").locator('a[href="/listado-afiliados"]')).toHaveCount(1);
  await expect(group("CAPA COVID").locator('a[href="/listado-capa"]')).toHaveCount(1);
  await expect(group("MAE").locator('a[href="/regmae"]')).toHaveCount(1);
  await expect(group("PRESTADORES").locator('a[href="/liquidacion-prestadores"]')).toHaveCount(1);
  await expect(group("Usuarios").locator('a[href="/users"]')).toHaveCount(1);
  await expect(group("Usuarios").locator('a[href="/perfiles"]')).toHaveCount(1);
});

test("the drawer entries lead to their screens", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await waitForHydration(page, "nav a");
  await entry(page, "/buscar-ficha").click();
  await expectPath(page, "/buscar-ficha");
  await expect(page.getByRole("banner").getByRole("heading", { name: "Buscar Ficha" })).toBeVisible();
  await entry(page, "/acerca-de").click();
  await expectPath(page, "/acerca-de");
  await expect(page.getByRole("banner").getByRole("heading", { name: "Acerca de" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Sistema Integral de Consultas OSEP");
});

test("consulta sees only its entries: no Turnos, Consulta de Turnos or Consulta Coberturas", async ({
  page,
  signIn,
}) => {
  await signIn(page, CONSULTA);
  await expect(page.getByRole("banner").getByText(CONSULTA.apeynom, { exact: true })).toBeVisible();
  await expectDrawerEntries(page, {
    shown: [
      ["/buscar-ficha", "Buscar Ficha"],
      ["/consultar-padron", "Búsqueda"],
      ["/listado-afiliados", "Listados"],
    ],
    hidden: PROFILE_ENTRIES,
  });
  for (const path of [
    "/nueva-ficha",
    "/users",
    "/perfiles",
    "/liquidacion-prestadores",
    "/osep-tiempos-auditoria",
    "/consumos-por-prestador",
    "/padron_farmacia",
    "/regcapa",
    "/regmae",
    "/consultar-padron-onco",
  ]) {
    await expect(entry(page, path), path).toHaveCount(0);
  }
  for (const label of ["Nueva Ficha", "ABM Usuarios", "Perfiles", "Preliquidación", "Tiempos de Auditoria"]) {
    await expect(drawer(page).getByText(label, { exact: true }), label).toHaveCount(0);
  }
  // Groups without any allowed entry disappear, 'Usuarios' needs /users.
  for (const g of ["Usuarios", "PRESTADORES", "ESTADÍSTICAS", "CAPA COVID", "MAE", "COBERTURAS"]) {
    await expect(
      drawer(page)
        .locator("summary")
        .filter({ hasText: new RegExp(`^${g}$`) }),
      g,
    ).toHaveCount(0);
  }
  // The public lookup stays public; the turnos screens need the grant once signed in (ADR 030): back to /home.
  await page.goto("/consulta-coberturas-esp");
  await expectPath(page, "/consulta-coberturas-esp");
  for (const path of ["/turnos", "/listado-turnos"]) {
    await page.goto(path);
    await expectPath(page, "/home");
  }
});

/** AUDITORIA MEDICA and the demo provider of db/reference.ts (profile PRESTADOR, usuario = its CUIT). */
const PROFILE_AUDITORIA = 10;
const PRESTADOR = { usuario: "33-57035919-9", password: "prestador" } as const;

test.describe("the drawer per seeded profile (spec part 1 §2; docs/decisions/029)", () => {
  test("ADMINISTRADOR sees Turnos, Consulta de Turnos and Consulta Coberturas", async ({ page, signIn }) => {
    await signIn(page, ADMIN);
    await expectDrawerEntries(page, { shown: PROFILE_ENTRIES, hidden: [] });
    await expect(entry(page, "/turnos").locator("xpath=ancestor::details")).toHaveCount(0);
    await expect(
      drawer(page)
        .locator("details")
        .filter({ has: page.locator("summary", { hasText: /^COBERTURAS$/ }) })
        .locator('a[href="/consulta-coberturas-esp"]'),
    ).toHaveCount(1);
  });

  test("AUDITORIA MEDICA sees its statistics and the pre-settlement, not the turnos or coverage entries", async ({
    page,
    request,
  }) => {
    const user = await createThrowawayUser(request, { perfil: PROFILE_AUDITORIA });
    await login(page, user.usuario, user.password);
    await expectDrawerEntries(page, {
      shown: [
        ["/osep-tiempos-auditoria", "Tiempos de Auditoria"],
        ["/consumos-por-prestador", "Consumos por Prestador"],
        ["/liquidacion-prestadores", "Preliquidación"],
      ],
      hidden: [...PROFILE_ENTRIES, ["/buscar-ficha", "Buscar Ficha"], ["/users", "ABM Usuarios"]],
    });
  });

  test("PRESTADOR sees the pre-settlement only, besides the always-present entries", async ({ page, signIn }) => {
    await signIn(page, PRESTADOR);
    await expectDrawerEntries(page, {
      shown: [["/liquidacion-prestadores", "Preliquidación"]],
      hidden: [
        ...PROFILE_ENTRIES,
        ["/consultar-padron", "Búsqueda"],
        ["/osep-tiempos-auditoria", "Tiempos de Auditoria"],
      ],
    });
    await expect(drawer(page).locator("summary")).toHaveText(["PRESTADORES"]);
  });
});

test("a group's open or closed state survives a reload", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await waitForHydration(page, "nav summary");
  const group = drawer(page)
    .locator("details")
    .filter({ has: page.locator("summary", { hasText: /^ONCOLOGIA$/ }) });
  const other = drawer(page)
    .locator("details")
    .filter({ has: page.locator("summary", { hasText: /^AFILIADOS$/ }) });
  await expect(group).toHaveAttribute("open", "");
  await expect(entry(page, "/nueva-ficha")).toBeVisible();

  await group.locator("summary").click();
  await expect(group).not.toHaveAttribute("open");
  await expect(entry(page, "/nueva-ficha")).toBeHidden();
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("osep.drawer.groups"))).toContain("false");

  await page.reload();
  await waitForHydration(page, "nav summary");
  await expect(group).not.toHaveAttribute("open");
  await expect(entry(page, "/nueva-ficha")).toBeHidden();
  await expect(other).toHaveAttribute("open", "");
  await expect(entry(page, "/listado-afiliados")).toBeVisible();

  // Also across a client-side navigation to another screen.
  await entry(page, "/listado-afiliados").click();
  await expectPath(page, "/listado-afiliados");
  await expect(group).not.toHaveAttribute("open");

  // Opening it again is remembered too.
  await group.locator("summary").click();
  await expect(group).toHaveAttribute("open", "");
  await page.reload();
  await waitForHydration(page, "nav summary");
  await expect(entry(page, "/nueva-ficha")).toBeVisible();
});

test("the drawer collapses and reopens with the top-bar button, also by keyboard", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await waitForHydration(page, "header button");
  const button = menuButton(page);
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(button).toHaveAttribute("aria-controls", "drawer");
  await expect(drawer(page)).toBeVisible();
  const width = await drawer(page).evaluate((el) => el.getBoundingClientRect().width);
  expect(Math.round(width)).toBe(240);

  await button.click();
  await expect(drawer(page)).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toHaveAccessibleName("Mostrar menú");

  await button.click();
  await expect(drawer(page)).toBeVisible();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(button).toHaveAccessibleName("Ocultar menú");

  // Keyboard: focus the button and use Enter / Space.
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(drawer(page)).toBeHidden();
  await expect(button).toBeFocused();
  await page.keyboard.press("Space");
  await expect(drawer(page)).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(drawer(page)).toBeHidden();

  // With the drawer closed, Tab from the skip link reaches the menu button.
  await page.goto("/home");
  await waitForHydration(page, "header button");
  await expect(drawer(page)).toBeHidden();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Saltar al contenido" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(menuButton(page)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(drawer(page)).toBeVisible();
});

// Locators and expectations of the drawer tests (drawer.spec.ts, drawer-responsive.spec.ts and its no-JavaScript
// twin).
import { expect, type Locator, type Page } from "@playwright/test";

export const drawer = (page: Page): Locator => page.getByRole("navigation", { name: "Menú principal" });
export const menuButton = (page: Page): Locator => page.getByRole("banner").getByRole("button", { name: /menú/ });
export const backdrop = (page: Page): Locator => page.locator(".drawer-backdrop");
/** The drawer's link to `path`. */
export const entry = (page: Page, path: string): Locator => drawer(page).locator(`a[href="${path}"]`);
export const logoutButton = (page: Page): Locator => drawer(page).getByRole("button", { name: "Cerrar Sesión" });

/** Playwright's trial click fails when another element would receive the click (the ☰ covered by the drawer). */
export async function expectClickable(locator: Locator): Promise<void> {
  await locator.click({ trial: true, timeout: 5000 });
}

/**
 * Every entry a profile decides (spec part 1 §2; its screens, and operation 36 for the audit log), in the drawer's
 * order: [path, label]. With ALWAYS_ENTRIES, the whole drawer.
 */
export const PROFILE_GATED_ENTRIES: [path: string, label: string][] = [
  ["/nueva-ficha", "Nueva Ficha"],
  ["/buscar-ficha", "Buscar Ficha"],
  ["/consultar-padron-onco", "Padrón de Planes"],
  ["/informes-practicas", "Consulta de Practicas"],
  ["/consulta-vademecum", "Consulta de Vademecum"],
  ["/consulta-coberturas-esp", "Consulta Coberturas"],
  ["/osep-tiempos-auditoria", "Tiempos de Auditoria"],
  ["/consumos-por-prestador", "Consumos por Prestador"],
  ["/consultar-padron", "Búsqueda"],
  ["/listado-afiliados", "Listados"],
  ["/padron_farmacia", "Padrón Farmacia"],
  ["/padron_voluntarios", "Padrón Voluntarios"],
  ["/regcapa", "Nuevo Registro"],
  ["/listado-capa", "Listados"],
  ["/regmae", "Nuevo Registro"],
  ["/listado-mae", "Listados"],
  ["/liquidacion-prestadores", "Preliquidación"],
  ["/padron-profesionales", "Padrón de Profesionales"],
  ["/turnos", "Turnos"],
  ["/listado-turnos", "Consulta de Turnos"],
  ["/users", "ABM Usuarios"],
  ["/perfiles", "Perfiles"],
  ["/registro-auditoria", "Registro de Auditoría"],
  ["/importaciones", "Importaciones"],
];

/**
 * Entries whose routes are login-only (/turnos, /listado-turnos) or public (/consulta-coberturas-esp) but which the
 * drawer shows only to profiles holding the screen, like every other entry (spec part 1 §2; docs/decisions/029). The
 * two turnos screens also refuse a signed-in user without the grant (docs/decisions/030).
 */
export const PROFILE_ENTRIES: [path: string, label: string][] = [
  ["/turnos", "Turnos"],
  ["/listado-turnos", "Consulta de Turnos"],
  ["/consulta-coberturas-esp", "Consulta Coberturas"],
];

/** The links every signed-in user has (with the 'Cerrar Sesión' button). */
export const ALWAYS_ENTRIES: [path: string, label: string][] = [
  ["/acerca-de", "Acerca de"],
  ["/change-password", "Cambiar Contraseña"],
];

/** The drawer (already shown) has the `shown` entries, visible, with their labels, and none of `hidden`. */
export async function expectDrawerEntries(
  page: Page,
  { shown, hidden }: { shown: [path: string, label: string][]; hidden: [path: string, label: string][] },
): Promise<void> {
  for (const [path, label] of [...shown, ...ALWAYS_ENTRIES]) {
    await expect(entry(page, path), `${label} (${path})`).toHaveText(label);
    await expect(entry(page, path), `${label} (${path})`).toBeVisible();
  }
  await expect(logoutButton(page)).toBeVisible();
  for (const [path, label] of hidden) {
    await expect(entry(page, path), `${label} (${path})`).toHaveCount(0);
    await expect(drawer(page).getByText(label, { exact: true }), label).toHaveCount(0);
  }
}

/**
 * Shows the drawer when it is collapsed (a narrow viewport starts with it closed). The shell is waited for first: a
 * page still arriving (after the sign-in form, say) has no drawer yet, and clicking the ☰ of a drawer that then
 * turns out open would close it.
 */
export async function openDrawer(page: Page): Promise<void> {
  await expect(menuButton(page)).toBeVisible();
  if (!(await drawer(page).isVisible())) await menuButton(page).click();
  await expect(drawer(page)).toBeVisible();
}

/**
 * The drawer shows exactly the entries of these screens (and the always-present ones): every other entry of
 * PROFILE_GATED_ENTRIES is absent. What a user of a profile holding exactly `paths` must see.
 */
export async function expectOnlyEntries(page: Page, paths: readonly string[]): Promise<void> {
  await openDrawer(page);
  await expectDrawerEntries(page, {
    shown: PROFILE_GATED_ENTRIES.filter(([p]) => paths.includes(p)),
    hidden: PROFILE_GATED_ENTRIES.filter(([p]) => !paths.includes(p)),
  });
}

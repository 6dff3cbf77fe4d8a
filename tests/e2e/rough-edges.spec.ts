// Issue 39 items 11 and 12 with JavaScript: the screens' remaining rough edges (checks in rough-edges-support.ts)
// and Tiempos de Auditoría's dialogs giving the focus back to the link that opened them, as the turnos dialogs do.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, waitForHydration } from "./support";
import {
  checkBookletBullets,
  checkCapaNames,
  checkDrawerMarker,
  checkInactiveRows,
  checkPerfilesWidth,
  checkRegLink,
  inactiveProfile,
} from "./rough-edges-support";
import { gridRows } from "./grid-support";

test.beforeEach(async ({ page, signIn }) => {
  if (test.info().title.startsWith("public")) return;
  await signIn(page, ADMIN);
});

test("Padrón Farmacia: the Reg_ link says the file's full name and what it holds", async ({ page }) => {
  test.setTimeout(240_000);
  await checkRegLink(page);
});

test("public page: each booklet's bullet stands before its item", async ({ page }) => {
  await checkBookletBullets(page);
});

test("drawer: the groups' marker sits on the label's baseline, open and closed", async ({ page }) => {
  await waitForHydration(page, "nav summary");
  await checkDrawerMarker(page);
  await page.getByRole("navigation", { name: "Menú principal" }).locator("summary").first().click(); // closes it
  await checkDrawerMarker(page);
  await page.getByRole("navigation", { name: "Menú principal" }).locator("summary").first().click(); // open again
});

test("Perfiles takes the full width like Usuarios", async ({ page }) => {
  await checkPerfilesWidth(page, { axe: true });
});

test("Listado CAPA: names on one or two lines at 1366 px", async ({ page }) => {
  await checkCapaNames(page, { axe: true });
});

test("one look for inactive rows: Padrón Voluntarios, Padrón de Planes, Listado de afiliados, Perfiles", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await inactiveProfile(page);
  await checkInactiveRows(page, { axe: true });
});

const todayAR = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Argentina/Catamarca" });
const daysAgo = (n: number) => new Date(Date.parse(todayAR()) - n * 86_400_000).toISOString().slice(0, 10);

/** Opens the dialog with `link`, closes it with `close`, and expects the focus back on that same link. */
async function focusComesBack(page: Page, link: ReturnType<Page["getByRole"]>, dialog: string, close: string) {
  await link.focus();
  await page.keyboard.press("Enter");
  const d = page.getByRole("dialog", { name: dialog });
  await expect(d).toBeVisible();
  if (close === "Escape") await page.keyboard.press("Escape");
  else await d.getByRole("button", { name: close }).click();
  await expect(d).toHaveCount(0);
  await expect(link).toBeFocused();
}

test("Tiempos de Auditoría: closing a dialog gives the focus back to the link that opened it", async ({ page }) => {
  test.setTimeout(180_000);
  const screen = `/osep-tiempos-auditoria?fecha_desde=${daysAgo(30)}&fecha_hasta=${todayAR()}`;
  await expect(async () => {
    await page.goto(screen);
    await expect(gridRows(page, "Tabla General").first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 120_000, intervals: [2000] });
  await waitForHydration(page, "form button[type=submit]");
  const rows = gridRows(page, "Tabla General");
  // an auditor's row (not the team's): its audited authorisations, then its min-time authorisation
  const row = rows.nth(1);
  const listado = row.getByRole("link", { name: /autorizaciones auditadas de/ });
  const auditor = /de (.+)$/.exec((await listado.getAttribute("aria-label")) ?? "")?.[1] ?? "";
  await focusComesBack(page, listado, `Autorizaciones auditadas de ${auditor}`, "Escape");
  const aut = row.getByRole("link", { name: /\(tiempo mínimo\)$/ }).last();
  const nro = /autorización (\d+)/.exec((await aut.getAttribute("aria-label")) ?? "")?.[1];
  await focusComesBack(page, aut, `Autorización N° ${nro}`, "Cerrar");
  // the per-auditor view: the same
  await page.getByRole("link", { name: "Info por Auditor" }).click();
  const detalle = gridRows(page, "Info por Auditor")
    .nth(1)
    .getByRole("link", { name: /\(tiempo máximo\)$/ })
    .last();
  const nroMax = /autorización (\d+)/.exec((await detalle.getAttribute("aria-label")) ?? "")?.[1];
  await focusComesBack(page, detalle, `Autorización N° ${nroMax}`, "Escape");
});

// Shared checks of the phone layout (issue 28, ADR 056), for the JavaScript and the no-JavaScript specs: the top
// bar's title is never cut nor covered (the user's name gives way to initials), Padrón Voluntarios' name column stays
// readable and /users' row actions are reachable without scrolling sideways.
import { expect, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { ADMIN } from "./support";

export const PHONE = { width: 390, height: 800 };
export const DESKTOP = { width: 1366, height: 800 };

/** The screens whose titles the check walks: a short one, long ones, a list. */
export const TITLED = [
  { path: "/home", title: "Inicio" },
  { path: "/users", title: "Administracion de usuario" },
  { path: "/listado-capa", title: "Listado de Registros CAPA Covid" },
  { path: "/regcapa", title: "Centro de Atencion Ambulatoria de Pacientes Covid" },
  { path: "/padron_voluntarios", title: "Padrón Voluntarios" },
];

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, "bounding box").not.toBeNull();
  return box as Box;
}

/** The title is whole (no cut: nothing scrolls inside it), inside the bar, and neither ☰ nor the name covers it. */
export async function expectTitleReadable(page: Page, title: string): Promise<void> {
  const banner = page.getByRole("banner");
  const heading = banner.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(title);
  const fits = await heading.evaluate((h) => ({
    width: h.scrollWidth <= h.clientWidth,
    height: h.scrollHeight <= h.clientHeight,
  }));
  expect(fits, `title '${title}' not cut`).toEqual({ width: true, height: true });
  const [bar, text] = [await boxOf(banner), await boxOf(heading)];
  expect(text.x).toBeGreaterThanOrEqual(bar.x);
  expect(text.x + text.width).toBeLessThanOrEqual(bar.x + bar.width);
  expect(text.y + text.height).toBeLessThanOrEqual(bar.y + bar.height);
  const user = banner.getByTestId("apeynom");
  expect(overlaps(text, await boxOf(user)), "title and name do not overlap").toBe(false);
  const menu = banner.getByRole("button", { name: /menú/ }).filter({ visible: true });
  expect(overlaps(text, await boxOf(menu)), "title and ☰ do not overlap").toBe(false);
}

/** On a phone the name shows as initials, the full name is its tooltip and what a screen reader reads. */
export async function expectUserAsInitials(page: Page): Promise<void> {
  const user = page.getByRole("banner").getByTestId("apeynom");
  await expect(user).toHaveAttribute("title", ADMIN.apeynom);
  await expect(user).toHaveText(`${ADMIN.apeynom}AS`); // the full name (visually hidden) and the initials
  await expect(user.getByText("AS", { exact: true })).toBeVisible();
  const full = await user.getByText(ADMIN.apeynom, { exact: true }).boundingBox();
  expect(full?.width ?? 0).toBeLessThanOrEqual(1);
}

/**
 * Every screen of TITLED at the phone width: the title readable, and axe clean when `axe` (axe runs in the page's
 * JavaScript: the no-JavaScript project cannot run it; the JavaScript one checks the same server pages).
 */
export async function checkTitles(page: Page, { axe }: { axe: boolean }): Promise<void> {
  await page.setViewportSize(PHONE);
  for (const { path, title } of TITLED) {
    await page.goto(path);
    await expectTitleReadable(page, title);
    if (axe) await expectNoSeriousA11yViolations(page);
  }
  await expectUserAsInitials(page);
}

/** Each link of `links` lies inside the viewport's width, with the page not scrolled sideways. */
export async function expectInViewport(page: Page, links: Locator): Promise<void> {
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  const n = await links.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const box = await boxOf(links.nth(i));
    expect(box.x, `action ${i} starts in view`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `action ${i} ends in view`).toBeLessThanOrEqual(PHONE.width);
  }
}

/** /users at 390 px: its row actions (Modificar, Resetear contraseña) are in view without a sideways scroll. */
export async function checkUsersActions(page: Page, { axe }: { axe: boolean }): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.goto("/users");
  const table = page.getByRole("table", { name: "Usuarios" });
  await expectInViewport(page, table.getByRole("link", { name: /^(Modificar usuario|Resetear contraseña de) / }));
  if (axe) await expectNoSeriousA11yViolations(page);
}

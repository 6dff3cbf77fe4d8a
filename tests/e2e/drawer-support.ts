// Locators of the drawer tests (drawer-responsive.spec.ts and its no-JavaScript twin).
import type { Locator, Page } from "@playwright/test";

export const drawer = (page: Page): Locator => page.getByRole("navigation", { name: "Menú principal" });
export const menuButton = (page: Page): Locator => page.getByRole("banner").getByRole("button", { name: /menú/ });
export const backdrop = (page: Page): Locator => page.locator(".drawer-backdrop");

/** Playwright's trial click fails when another element would receive the click (the ☰ covered by the drawer). */
export async function expectClickable(locator: Locator): Promise<void> {
  await locator.click({ trial: true, timeout: 5000 });
}

// 'Consumos por Efector' with JavaScript (issue 38 item 7, ADR 073): on first open the dates hold the reports'
// default period (today) and no search runs; the filters kept in the browser still win over it; each search reads as
// one compact row at 1366 px and wraps without sideways scroll at 390 px; axe finds nothing at either width.
// The same checks without JavaScript: consumos-form.nojs.spec.ts.
import { expect, type Page } from "@playwright/test";
import { test, type SignIn } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";
import {
  DESKTOP,
  demoEfector,
  expectCompactRows,
  expectDefaultPeriod,
  expectPhoneRows,
  PHONE,
  SCREEN,
  STORAGE_KEY_EFECTOR,
} from "./consumos-form-support";
import { ADMIN, waitForHydration } from "./support";

/** The screen with nothing kept in the browser (a first visit). */
async function openFresh(page: Page, signIn: SignIn): Promise<void> {
  await signIn(page, ADMIN);
  await page.goto(SCREEN);
  await page.evaluate(() => {
    for (const k of Object.keys(window.localStorage))
      if (k.startsWith("osep.consumos-por-prestador")) window.localStorage.removeItem(k);
  });
  await page.goto(SCREEN);
  await waitForHydration(page, "form button[type=submit]");
}

test("first open: Fecha Desde and Fecha Hasta hold today, no search runs; the kept filters win over it", async ({
  page,
  signIn,
}) => {
  await openFresh(page, signIn);
  await expectDefaultPeriod(page);

  // Filters kept by an earlier search come back instead of the default.
  await page.evaluate(
    (key) => window.localStorage.setItem(key, "fecha_desde=2025-01-01&fecha_hasta=2025-01-31"),
    STORAGE_KEY_EFECTOR,
  );
  await page.goto(SCREEN);
  await expect(page).toHaveURL(/fecha_desde=2025-01-01/);
  await expect(page.getByLabel("Fecha Desde", { exact: true })).toHaveValue("2025-01-01");
  await expect(page.getByLabel("Fecha Hasta", { exact: true })).toHaveValue("2025-01-31");
});

test("at 1366 px each search is one compact row (also with a professional's name shown); axe finds nothing", async ({
  page,
  request,
  signIn,
}) => {
  await page.setViewportSize(DESKTOP);
  await openFresh(page, signIn);
  await expectCompactRows(page);
  await expectNoSeriousA11yViolations(page);

  const codigo = await demoEfector(request);
  await page.goto(`${SCREEN}?tab=efector&codigo_efector=${codigo}`);
  await expect(page.getByText(/\(Mat\. /)).toBeVisible();
  await expectCompactRows(page, { nameShown: true });
});

test("at 390 px the searches wrap with no sideways scroll; axe finds nothing", async ({ page, signIn }) => {
  await page.setViewportSize(PHONE);
  await openFresh(page, signIn);
  await expectPhoneRows(page);
  await expectNoSeriousA11yViolations(page);
});

// 'Consumos por Efector' without JavaScript (issue 38 item 7, ADR 073): the server fills the dates with the reports'
// default period and runs no search; the rows are compact at 1366 px and wrap at 390 px (axe needs the page's
// JavaScript: consumos-form.spec.ts runs it on the same screen).
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import {
  DESKTOP,
  demoEfector,
  expectCompactRows,
  expectDefaultPeriod,
  expectPhoneRows,
  PHONE,
  SCREEN,
} from "./consumos-form-support";
import { ADMIN } from "./support";

test("first open: the server fills Fecha Desde and Fecha Hasta with today and runs no search", async ({
  page,
  signIn,
}) => {
  await signIn(page, ADMIN);
  await page.goto(SCREEN);
  await expectDefaultPeriod(page);
});

test("at 1366 px each search is one compact row, at 390 px they wrap with no sideways scroll", async ({
  page,
  request,
  signIn,
}) => {
  await signIn(page, ADMIN);
  await page.setViewportSize(DESKTOP);
  await page.goto(SCREEN);
  await expectCompactRows(page);
  const codigo = await demoEfector(request);
  await page.goto(`${SCREEN}?tab=efector&codigo_efector=${codigo}`);
  await expect(page.getByText(/\(Mat\. /)).toBeVisible();
  await expectCompactRows(page, { nameShown: true });

  await page.setViewportSize(PHONE);
  await page.goto(SCREEN);
  await expectPhoneRows(page);
});

// Issue 28's screens re-checked with axe at 1366 and 390 px, in the states its items touched that the screens' own
// specs do not already check at both widths: /home telling why a screen was refused, Asignación de Turnos on a
// Saturday ('Sin atención') and on a past day (read-only), Consulta de Turnos with results, the profile dialogs
// (drawer labels, operation codes) and 'Nuevo usuario'. No serious or critical violation, and nothing needs a
// sideways scroll at 390 px.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";
import { ADMIN, waitForHydration } from "./support";
import { addDaysAR, grid, gridUrl, todayAR, weekdayOfAR } from "./turnos-support";

test.describe.configure({ timeout: 180_000 });

/** The first day from `from` on (step +1 or -1) whose weekday is one of `weekdays`. */
function dayFrom(from: string, step: 1 | -1, weekdays: number[]): string {
  let d = from;
  while (!weekdays.includes(weekdayOfAR(d))) d = addDaysAR(d, step);
  return d;
}

async function check(page: Page, width: number, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await waitForHydration(page);
  await ready(page);
  await expectNoSeriousA11yViolations(page);
  if (width <= 390) {
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits, `${path}: no sideways scroll at ${width} px`).toBe(true);
  }
}

for (const width of [1366, 390]) {
  test(`axe at ${width} px: /home's refusal, turnos on a Saturday and a past day, Consulta de Turnos, profile and user dialogs`, async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, ADMIN);

    await check(page, width, "/home?sinPermiso=%2Fusers", async (p) => {
      await expect(p.getByText(/No tiene permiso para acceder a/)).toBeVisible();
    });
    const saturday = dayFrom(addDaysAR(todayAR(), 1), 1, [6]);
    await check(page, width, gridUrl("REINTEGROS", saturday), async (p) => {
      await expect(p.getByRole("status").filter({ hasText: "Sin atención" })).toBeVisible();
    });
    const pastWeekday = dayFrom(addDaysAR(todayAR(), -3), -1, [1, 2, 3, 4, 5]);
    await check(page, width, gridUrl("REINTEGROS", pastWeekday), async (p) => {
      await expect(grid(p)).toBeVisible();
      await expect(grid(p).getByRole("link", { name: /^Disponible, / })).toHaveCount(0);
    });
    await check(page, width, `/listado-turnos?buscar=fecha&fecha=${pastWeekday}&tipo_tramite=TODOS`, async (p) => {
      await expect(p.getByRole("table", { name: "Turnos encontrados" }).locator("tbody tr").first()).toBeVisible();
      await expect(p.getByRole("link", { name: "Exportar a Excel" })).toBeVisible();
    });
    for (const tipo of ["operaciones", "pantallas"]) {
      await check(page, width, `/perfiles?dialogo=${tipo}&id=2`, async (p) => {
        await expect(p.getByRole("dialog")).toBeVisible();
      });
    }
    await check(page, width, "/users?nuevo=1", async (p) => {
      await expect(p.getByRole("dialog", { name: "Nuevo usuario" })).toBeVisible();
    });
  });
}

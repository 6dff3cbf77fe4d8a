// 'Consulta de Turnos' at 1366×768 with the drawer open (issue 39 item 7): no header nor cell of the results table is
// cut ('Operador' was), and the table needs no sideways scroll; at 390 px the table stays usable (it scrolls inside its
// frame, the page does not). Shared by listado-turnos-columnas.spec.ts and its no-JavaScript twin.
import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { addDaysAR, todayAR, weekdayOfAR } from "./turnos-support";

/** A date search of a past weekday (the seed's busy days: every procedure type, long names, observations). */
export function busquedaDeUnDiaPasado(): string {
  let fecha = addDaysAR(todayAR(), -3);
  while ([0, 6].includes(weekdayOfAR(fecha))) fecha = addDaysAR(fecha, -1);
  return `/listado-turnos?buscar=fecha&fecha=${fecha}&tipo_tramite=TODOS`;
}

/** Every header and cell whose content is wider than its box (cut), as 'header: text'. */
async function cutCells(page: Page): Promise<string[]> {
  return page
    .getByRole("table", { name: "Turnos encontrados" })
    .evaluate((table) =>
      [...table.querySelectorAll("th, td, td > span[title]")]
        .filter((c) => c.scrollWidth > c.clientWidth + 1)
        .map((c) => `${c.tagName}: ${(c.textContent ?? "").trim()}`),
    );
}

export async function checkColumnas(page: Page, url: string, { axe, shot }: { axe: boolean; shot: string }) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(url);
  const table = page.getByRole("table", { name: "Turnos encontrados" });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Menú principal" })).toBeVisible(); // the drawer is open
  await page.screenshot({ path: `/work/shots/b/${shot}-1366.png` });
  expect(await cutCells(page)).toEqual([]);
  const wrap = await table.evaluate((t) => {
    const w = t.parentElement!;
    return { scroll: w.scrollWidth, client: w.clientWidth };
  });
  expect(wrap.scroll, "the table needs no sideways scroll").toBeLessThanOrEqual(wrap.client);
  for (const header of ["Turno", "Tipo de trámite", "Apellido y Nombre", "Observación", "Operador"]) {
    await expect(table.getByRole("columnheader", { name: header })).toBeInViewport({ ratio: 1 });
  }
  if (axe) await expectNoSeriousA11yViolations(page);

  // 390 px: the page does not scroll sideways; the table scrolls in its frame and its rows stay links.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(url);
  await expect(table.locator("tbody tr").first()).toBeVisible();
  await page.screenshot({ path: `/work/shots/b/${shot}-390.png` });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
  await expect(table.getByRole("columnheader", { name: "Turno" })).toBeInViewport();
  await expect(table.locator("tbody tr").first().getByRole("link").first()).toBeInViewport();
  if (axe) await expectNoSeriousA11yViolations(page);
}

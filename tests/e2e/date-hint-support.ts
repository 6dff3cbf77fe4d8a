// A date field's 'dd/mm/aaaa' hint does not push the buttons beside it out of line (issue 28, ADR 056): the checks
// shared by the JavaScript and the no-JavaScript specs, on screens with a date field beside buttons.
import { expect, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, "bounding box").not.toBeNull();
  return box as Box;
}

/** The screens: the date field, the other inputs and the buttons of its row, and what comes under the row. */
export const SCREENS = [
  {
    path: "/turnos",
    date: "Fecha",
    inputs: ["Tipo de trámite", "Día"],
    buttons: ["Día hábil anterior", "Próximo día hábil", "Ver Turnos"],
  },
  {
    path: "/listado-turnos",
    date: "Fecha del turno",
    inputs: ["Tipo de trámite", "DNI"],
    buttons: ["Buscar por DNI", "Buscar por Fecha"],
  },
  {
    path: "/listado-capa",
    date: "Fecha Desde",
    inputs: ["Fecha Hasta"],
    buttons: ["Buscar"],
    below: "Exportar a PDF",
  },
];

/** The buttons' tops and the inputs' tops are level with the date input's; its hint is shown and covers nothing. */
export async function checkDateRows(page: Page, { axe }: { axe: boolean }): Promise<void> {
  for (const s of SCREENS) {
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(s.path);
    const main = page.getByRole("main");
    const date = main.getByLabel(s.date, { exact: true });
    const top = (await boxOf(date)).y;
    for (const label of s.inputs) {
      expect(
        Math.abs((await boxOf(main.getByLabel(label, { exact: true }))).y - top),
        `${s.path} ${label}`,
      ).toBeLessThan(1);
    }
    for (const name of s.buttons) {
      const button = main.getByRole("button", { name, exact: true });
      expect(Math.abs((await boxOf(button)).y - top), `${s.path} '${name}' level with ${s.date}`).toBeLessThan(1);
    }
    const hintId = ((await date.getAttribute("aria-describedby")) ?? "").split(" ")[0];
    const hint = page.locator(`[id="${hintId}"]`);
    await expect(hint).toBeVisible();
    const [h, d] = [await boxOf(hint), await boxOf(date)];
    expect(h.y, `${s.path}: the hint under its input`).toBeGreaterThanOrEqual(d.y + d.height);
    if (s.below) {
      const under = await boxOf(main.getByRole("link", { name: s.below }));
      expect(h.y + h.height, `${s.path}: the hint above '${s.below}'`).toBeLessThanOrEqual(under.y);
    }
    if (axe) {
      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize({ width: 390, height: 800 });
      await expectNoSeriousA11yViolations(page);
    }
  }
}

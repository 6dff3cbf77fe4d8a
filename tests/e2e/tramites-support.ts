// The layout of 'Consulta de Expedientes' (issue 28), checked with and without JavaScript: at 1366 px the nine
// filter controls in one row and every document number on one line; at 390 px no sideways page scroll; axe at both.
import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";

const FILTROS = [
  "Tipo de Documento",
  "Número",
  "Año",
  "Letra",
  "DNI",
  "Fecha Desde",
  "Fecha Hasta",
  "Iniciador",
  "Extracto",
];

/**
 * Opens /tramites at 1366 px and at 390 px and checks the layout at each (the page is signed in). `axe`: false where
 * the page runs no script (axe runs inside the page).
 */
export async function expectTramitesLayout(page: Page, { axe = true } = {}): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/tramites");
  const numeros = page.getByRole("table", { name: "Expedientes encontrados" }).locator("tbody td:nth-child(3) span");
  await expect(numeros).toHaveCount(20);

  const form = page.getByRole("form", { name: "Filtros de expedientes" });
  const tops = [];
  for (const label of FILTROS) {
    const box = await form.getByLabel(label, { exact: true }).boundingBox();
    expect(box, label).not.toBeNull();
    tops.push(Math.round(box!.y));
  }
  expect(new Set(tops).size, `the filters' tops: ${tops.join(", ")}`).toBe(1);

  // One line: an inline box has one client rectangle per line it takes.
  const lines = await numeros.evaluateAll((spans) =>
    spans.map((s) => ({ text: s.textContent, lines: s.getClientRects().length })),
  );
  expect(lines.filter((n) => n.lines !== 1)).toEqual([]);
  expect(lines.some((n) => n.text?.includes(" - "))).toBe(true);
  if (axe) await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/tramites");
  await expect(numeros.first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(form.getByLabel("Extracto", { exact: true })).toBeInViewport();
  if (axe) await expectNoSeriousA11yViolations(page);
}

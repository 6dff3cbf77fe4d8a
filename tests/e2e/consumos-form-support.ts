// 'Consumos por Efector' (/consumos-por-prestador): its form's two searches each read as one compact filter row, and
// its dates start with the reports' default period (issue 38 item 7, ADR 073). The checks shared by the JavaScript
// and the no-JavaScript specs (consumos-form.spec.ts, consumos-form.nojs.spec.ts).
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { whenSnapshotReady } from "./support";

export const SCREEN = "/consumos-por-prestador";
export const DESKTOP = { width: 1366, height: 800 };
export const PHONE = { width: 390, height: 844 };
/** The tab's filters in the browser (consumosStorage.ts, STORAGE_KEY_EFECTOR). */
export const STORAGE_KEY_EFECTOR = "osep.consumos-por-prestador.efector";

export const todayAR = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Argentina/Catamarca" });

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, "bounding box").not.toBeNull();
  return box as Box;
}

/** The two searches: their group (legend), their inputs (labels) and their button, in reading order. */
function searches(page: Page) {
  const main = page.getByRole("main");
  const group = (name: string) => main.getByRole("group", { name, exact: true });
  const prof = group("Buscar profesional");
  const efector = group("Consumos del efector");
  return [
    {
      name: "Buscar profesional",
      group: prof,
      controls: [
        prof.getByLabel("Apellido", { exact: true }),
        prof.getByLabel("Nombre", { exact: true }),
        prof.getByRole("button", { name: "Buscar Profesional", exact: true }),
      ],
    },
    {
      name: "Consumos del efector",
      group: efector,
      controls: [
        efector.getByLabel("Código de Efector", { exact: true }),
        efector.getByLabel("Fecha Desde", { exact: true }),
        efector.getByLabel("Fecha Hasta", { exact: true }),
        efector.getByRole("button", { name: "Buscar", exact: true }),
      ],
    },
  ];
}

/** A provider code of the demo data (the top of the last 60 days' ranking), whose name the form shows. */
export async function demoEfector(request: APIRequestContext): Promise<string> {
  const hasta = todayAR();
  const desde = new Date(Date.parse(hasta) - 60 * 86_400_000).toISOString().slice(0, 10);
  const { resultado } = await whenSnapshotReady<{ resultado: { codigo: string }[] }>(
    request,
    `/api/statistics/consumos/ranking-consumos-por-efector?fecha_desde=${desde}&fecha_hasta=${hasta}`,
  );
  expect(resultado.length).toBeGreaterThan(0);
  return resultado[0].codigo;
}

/** First open: Fecha Desde and Fecha Hasta hold today (the reports' default period), and no search has run. */
export async function expectDefaultPeriod(page: Page): Promise<void> {
  const efector = page.getByRole("main").getByRole("group", { name: "Consumos del efector", exact: true });
  await expect(efector.getByLabel("Fecha Desde", { exact: true })).toHaveValue(todayAR());
  await expect(efector.getByLabel("Fecha Hasta", { exact: true })).toHaveValue(todayAR());
  await expect(efector.getByLabel("Código de Efector", { exact: true })).toHaveValue("");
  expect(new URL(page.url()).searchParams.get("buscar")).toBeNull();
  await expect(page.getByText("Prácticas consumidas")).toHaveCount(0);
}

/**
 * At 1366 px each search is one row: its inputs and its button level (same top), next to each other (no wide gap
 * between two controls) and its box as wide as its row, not the page. `nameShown`: a professional's name stands
 * between the code and the dates (the gaps are then not checked).
 */
export async function expectCompactRows(page: Page, { nameShown = false } = {}): Promise<void> {
  for (const s of searches(page)) {
    const boxes = [];
    for (const c of s.controls) boxes.push(await boxOf(c));
    for (const [i, b] of boxes.entries()) {
      expect(Math.abs(b.y - boxes[0].y), `${s.name}: control ${i + 1} on the row of the first`).toBeLessThan(1);
    }
    if (!nameShown || s.name === "Buscar profesional") {
      for (let i = 1; i < boxes.length; i++) {
        const gap = boxes[i].x - (boxes[i - 1].x + boxes[i - 1].width);
        expect(gap, `${s.name}: gap before control ${i + 1}`).toBeLessThanOrEqual(24);
      }
    }
    const group = await boxOf(s.group);
    const last = boxes[boxes.length - 1];
    const end = group.x + group.width - (last.x + last.width);
    expect(end, `${s.name}: the box ends after its button`).toBeLessThanOrEqual(24);
  }
}

/**
 * At 390 px the rows wrap inside the page: nothing scrolls sideways, every control is whole on screen, Apellido and
 * Nombre share a row, and so do Fecha Desde and Fecha Hasta.
 */
export async function expectPhoneRows(page: Page): Promise<void> {
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways, "the page does not scroll sideways").toBeLessThanOrEqual(0);
  const width = page.viewportSize()?.width ?? PHONE.width;
  for (const s of searches(page)) {
    for (const c of [s.group, ...s.controls]) {
      const b = await boxOf(c);
      expect(b.x, `${s.name}: left edge on screen`).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width, `${s.name}: right edge on screen`).toBeLessThanOrEqual(width);
    }
  }
  const [prof, efector] = searches(page);
  const [apellido, nombre] = [await boxOf(prof.controls[0]), await boxOf(prof.controls[1])];
  expect(Math.abs(apellido.y - nombre.y), "Apellido and Nombre on one row").toBeLessThan(1);
  const [desde, hasta] = [await boxOf(efector.controls[1]), await boxOf(efector.controls[2])];
  expect(Math.abs(desde.y - hasta.y), "Fecha Desde and Fecha Hasta on one row").toBeLessThan(1);
}

// 'Importaciones' with JavaScript (issue 37, ADR 068): a feed file dropped in FEED_DIR is imported by the server's
// nightly job (tests/e2e/importaciones-support.ts) and listed newest first with its origin, table, mode, counts and
// status chip, the status, message and report in sight at 1366 px; the SHA-256 opens whole; the filters narrow the list; the refusal report downloads (UTF-8 with BOM,
// ';') and reads back; at 390 px only the table scrolls sideways; axe finds nothing serious at 1366 and 390 px.
import fs from "node:fs";
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";
import { ADMIN, expectPath, waitForHydration } from "./support";
import { COBERTURAS_FILE, dropFeedFile, expectReport, importaciones, newestRow } from "./importaciones-support";

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  await dropFeedFile(COBERTURAS_FILE.name, COBERTURAS_FILE.text);
});

test("the drawer leads to the list; the import is there with its counts and status", async ({ page, signIn }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, ADMIN);
  await waitForHydration(page, "nav a");
  await page.getByRole("navigation").getByRole("link", { name: "Importaciones", exact: true }).click();
  await expectPath(page, "/importaciones");
  await expect(page.getByRole("banner").getByRole("heading", { name: "Importaciones" })).toBeVisible();
  const row = newestRow(page, COBERTURAS_FILE.name);
  await expect(row).toBeVisible();
  for (const text of ["tarea nocturna", "coberturas", "delta", "RECHAZADO"]) await expect(row).toContainText(text);
  const cells = row.getByRole("cell");
  const header = await importaciones(page).locator("thead th").allTextContents();
  const at = (name: string) => cells.nth(header.findIndex((h) => h.toLowerCase() === name.toLowerCase()));
  await expect(at("Filas")).toHaveText("2");
  await expect(at("Rechazadas")).toHaveText("1");
  await expect(at("Insertadas")).toHaveText("0");
  await expect(at("Fecha y hora")).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  // what an administrator reads first is in sight at 1366 px with the drawer open, without scrolling the table
  for (const name of ["Fecha y hora", "Archivo", "Estado", "Mensaje", "Informe"]) {
    await expect(importaciones(page).getByRole("columnheader", { name, exact: true }), name).toBeInViewport({
      ratio: 1,
    });
  }
  await expect(row.getByRole("link", { name: /^Descargar el informe de rechazos/ })).toBeInViewport({ ratio: 1 });

  // the SHA-256: shortened, the whole value one click away
  const sha = at("SHA-256");
  await expect(sha.locator("summary")).toHaveText(/^[0-9a-f]{12}…$/);
  await sha.locator("summary").click();
  await expect(sha.locator(".imp-sha-full")).toHaveText(/^[0-9a-f]{64}$/);
  await expectNoSeriousA11yViolations(page);
});

test("the filters narrow the list; the refusal report downloads and reads back", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await page.goto("/importaciones");
  await waitForHydration(page);
  await page.getByLabel("Estado").selectOption({ label: "RECHAZADO" });
  await page.getByLabel("Tabla").selectOption("coberturas");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/estado=RECHAZADO/);
  await expect(page).toHaveURL(/tabla=coberturas/);
  const rows = importaciones(page).locator("tbody tr");
  await expect(rows.first()).toContainText(COBERTURAS_FILE.name);
  for (const text of await rows.allTextContents()) expect(text).toContain("RECHAZADO");

  await page.getByLabel("Estado").selectOption({ label: "SIN CAMBIOS" });
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/estado=SIN_CAMBIOS/);
  await expect(importaciones(page).getByRole("cell", { name: COBERTURAS_FILE.name, exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Limpiar Filtros" }).click();
  await expectPath(page, "/importaciones");

  const link = newestRow(page, COBERTURAS_FILE.name).getByRole("link", {
    name: /^Descargar el informe de rechazos de coberturas\.delta\.csv del \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
  });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("coberturas.delta.rechazos.csv");
  expectReport(fs.readFileSync((await download.path())!), { columna: "gravcodgra", valor: "xx" });
});

test("at 390 px the wide table scrolls sideways inside its region, the page does not", async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  await page.goto("/importaciones");
  await waitForHydration(page);
  await expect(newestRow(page, COBERTURAS_FILE.name)).toBeVisible();
  const region = page.getByRole("region", { name: "Archivos importados" });
  await expect(region).toHaveAttribute("tabindex", "0");
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByRole("button", { name: "Buscar" })).toBeInViewport();
  await expectNoSeriousA11yViolations(page);
});

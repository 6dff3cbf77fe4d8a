// 'Importaciones' without JavaScript (project 'no-js'; issue 37, ADR 068): the server's nightly job imports a feed file
// dropped in FEED_DIR (tests/e2e/importaciones-support.ts); the list, its GET filters, a refused filter's message, the
// SHA-256 in its details element, the refusal report's download (attachment, CSV with BOM) and the list at 390 px all
// work with plain links and forms; a user without the screen is sent to /home.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, CONSULTA, expectPath } from "./support";
import { dropFeedFile, expectReport, importaciones, MOTIVOS_FILE, newestRow } from "./importaciones-support";

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  await dropFeedFile(MOTIVOS_FILE.name, MOTIVOS_FILE.text);
});

test("list, filters, SHA-256 and the report's download with plain forms and links", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await page.goto("/importaciones");
  const row = newestRow(page, MOTIVOS_FILE.name);
  await expect(row).toContainText("RECHAZADO");
  await expect(row).toContainText("tarea nocturna");

  await page.getByLabel("Tabla").selectOption("motivos_baja");
  await page.getByLabel("Estado").selectOption({ label: "RECHAZADO" });
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/[?&]estado=RECHAZADO/);
  await expect(page).toHaveURL(/[?&]tabla=motivos_baja/);
  await expect(page.getByLabel("Tabla")).toHaveValue("motivos_baja");
  for (const text of await importaciones(page).locator("tbody tr").allTextContents()) {
    expect(text).toContain("motivos_baja");
  }

  const sha = newestRow(page, MOTIVOS_FILE.name).locator("details.imp-sha");
  await sha.locator("summary").click();
  await expect(sha.locator(".imp-sha-full")).toBeVisible();
  await expect(sha.locator(".imp-sha-full")).toHaveText(/^[0-9a-f]{64}$/);

  const link = newestRow(page, MOTIVOS_FILE.name).getByRole("link", {
    name: /^Descargar el informe de rechazos de motivos_baja\.delta\.csv/,
  });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/importaciones\/\d+\/rechazos\.csv$/);
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(res.headers()["content-disposition"]).toBe("attachment; filename=motivos_baja.delta.rechazos.csv");
  expect(res.headers()["cache-control"]).toBe("no-store");
  expectReport(await res.body(), { columna: "bambacodig", valor: "zz" });
});

test("a refused filter shows its message; a report that does not exist is a Spanish 404 page", async ({
  page,
  signIn,
}) => {
  await signIn(page, ADMIN);
  await page.goto("/importaciones?estado=BORRADO");
  await expect(page.getByText("El estado no es válido")).toBeVisible();
  await expect(importaciones(page)).toHaveCount(0);
  const res = await page.goto("/importaciones/999999999/rechazos.csv");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText("Importación inexistente");
});

test("at 390 px the table scrolls sideways in its region, the page does not", async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  await page.goto("/importaciones");
  await expect(newestRow(page, MOTIVOS_FILE.name)).toBeVisible();
  const region = page.getByRole("region", { name: "Archivos importados" });
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a user without the screen is sent to /home", async ({ page, signIn }) => {
  await signIn(page, CONSULTA);
  await page.goto("/importaciones");
  await expectPath(page, "/home");
});

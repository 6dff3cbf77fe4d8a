// Reportes Programados (/reportes-programados; issue 29, ADR 058) with JavaScript: create a schedule (a refused one
// keeps what was typed, errors next to the fields; more than once an hour is refused), run it now (not again within
// the hour), download its file from the list, delete it with the confirmation dialog (its file stays); anonymous
// downloads are refused; axe at 1366 and 390 px.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { ADMIN, login, waitForHydration, whenSnapshotReady } from "./support";

const SCREEN = "/reportes-programados";

/** The form 'Nueva programación'. */
const nueva = (page: Page) => page.getByRole("form", { name: "Nueva programación" });

async function open(page: Page): Promise<void> {
  await page.goto(SCREEN);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Reportes Programados", level: 2 })).toBeVisible();
}

/** The schedules' row with this cron expression (each test uses its own). */
const scheduleRow = (page: Page, cron: string) =>
  page.getByRole("table", { name: "Programaciones" }).getByRole("row").filter({ hasText: cron });

test("create, run now, download and delete a schedule", async ({ page, request }) => {
  test.setTimeout(240_000);
  await whenSnapshotReady(
    request,
    "/api/statistics/consumos/ranking-consumos-por-efector?fecha_desde=2026-01-01&fecha_hasta=2026-01-31",
  );
  await login(page, ADMIN.usuario, ADMIN.password);
  await open(page);
  const cron = "11 6 1 * *";
  await nueva(page).getByLabel("Reporte").selectOption({ label: "Ranking de Consumos" });
  await nueva(page).getByLabel("Período").selectOption({ label: "Mes anterior" });
  await expect(nueva(page).getByLabel("Formato").locator("option")).toHaveText(["Seleccione", "PDF", "Excel (xlsx)"]);
  await nueva(page).getByLabel("Formato").selectOption({ label: "Excel (xlsx)" });
  await nueva(page).getByLabel("Programación").fill(cron);
  await page.getByRole("button", { name: "Programar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Programación creada" })).toBeVisible();
  const row = scheduleRow(page, cron);
  await expect(row).toContainText("Ranking de Consumos");
  await expect(row).toContainText("Nunca");

  await waitForHydration(page);
  await row.getByRole("button", { name: /^Ejecutar ahora/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Ejecución iniciada" })).toBeVisible();
  const files = page.getByRole("table", { name: "Archivos generados" });
  const link = files.getByRole("link", { name: /^Descargar p\d+_ranking-consumos_/ });
  await expect(link.first()).toBeVisible({ timeout: 60_000 }); // the screen reloads its lists until the file is there
  const name = ((await link.first().textContent()) ?? "").trim();
  const [download] = await Promise.all([page.waitForEvent("download"), link.first().click()]);
  expect(download.suggestedFilename()).toBe(name);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 2).toString()).toBe("PK"); // an xlsx is a zip

  // anonymous: 401 JSON for a program, the sign-in page for a browser
  const href = (await link.first().getAttribute("href"))!;
  const anon = await page.context().browser()!.newContext();
  const refused = await anon.request.get(href, { headers: { accept: "application/json" } });
  expect(refused.status()).toBe(401);
  await anon.close();

  // 'Ejecutar ahora' again within the hour (issue 35): refused, with the reason
  await waitForHydration(page);
  await scheduleRow(page, cron)
    .getByRole("button", { name: /^Ejecutar ahora/ })
    .click();
  await expect(page.getByText("La programación se ejecutó hace menos de una hora")).toBeVisible();

  await waitForHydration(page);
  await scheduleRow(page, cron)
    .getByRole("link", { name: /^Eliminar/ })
    .click();
  const dialog = page.getByRole("alertdialog", { name: "¿Eliminar la programación?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Programación eliminada" })).toBeVisible();
  await expect(scheduleRow(page, cron)).toHaveCount(0);
  await expect(files.getByRole("link", { name: `Descargar ${name}` })).toBeVisible(); // its file stays
});

test("a refused schedule keeps what was typed, with the errors next to the fields", async ({ page }) => {
  await login(page, ADMIN.usuario, ADMIN.password);
  await open(page);
  await nueva(page).getByLabel("Reporte").selectOption({ label: "Preliquidación" });
  await nueva(page).getByLabel("Período").selectOption({ label: "Semana anterior" });
  await nueva(page).getByLabel("Formato").selectOption({ label: "CSV" });
  await nueva(page).getByLabel("Programación").fill("0 6 1 *");
  await page.getByRole("button", { name: "Programar" }).click();
  await expect(page.getByText("La programación debe tener cinco campos")).toBeVisible();
  await expect(page.getByText("Debe elegir el responsable de la preliquidación")).toBeVisible();
  await expect(nueva(page).getByLabel("Programación")).toHaveValue("0 6 1 *");
  await expect(nueva(page).getByLabel("Formato")).toHaveValue("csv");
  // node-cron's own check comes from the server, next to the field too
  await nueva(page).getByLabel("Programación").fill("0 25 * * *");
  await nueva(page).getByLabel("Responsable").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Programar" }).click();
  await expect(page.getByText("Programación inválida: revise cada campo")).toBeVisible();
  await expect(nueva(page).getByLabel("Programación")).toHaveValue("0 25 * * *");
  // more than once an hour (issue 35): refused next to the field
  await nueva(page).getByLabel("Programación").fill("*/15 6 * * *");
  await page.getByRole("button", { name: "Programar" }).click();
  await expect(page.getByText("La programación no puede ejecutarse más de una vez por hora")).toBeVisible();
  await expect(nueva(page).getByLabel("Programación")).toHaveValue("*/15 6 * * *");
});

test("axe: the screen at 1366 and 390 px, and the delete dialog", async ({ page, request }) => {
  await login(page, ADMIN.usuario, ADMIN.password);
  const token = (await (await request.post("/api/auth", { data: { usuario: "admin", password: "admin" } })).json())
    .token as string;
  const res = await request.post("/api/reportes-programados", {
    headers: { "x-auth-token": token },
    data: { reporte: "tiempos-auditoria", periodo: "dia-anterior", formato: "pdf", cron: "13 7 * * 1-5" },
  });
  expect(res.status()).toBe(201);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await open(page);
    await expectNoSeriousA11yViolations(page);
    if (width === 390) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  }
  await scheduleRow(page, "13 7 * * 1-5")
    .getByRole("link", { name: /^Eliminar/ })
    .click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

// Reportes Programados without JavaScript (project 'no-js'): the form posts to the route's action (a refusal keeps
// what was typed, errors next to the fields), 'Ejecutar ahora' is a POST form (not again within the hour), the file
// downloads from its link, and 'Eliminar' is a link to the confirmation section, whose form deletes.
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, login, whenSnapshotReady } from "./support";

const SCREEN = "/reportes-programados";

/** The form 'Nueva programación'. */
const nueva = (page: Page) => page.getByRole("form", { name: "Nueva programación" });

test("create, run now, download and delete with plain forms", async ({ page, request }) => {
  test.setTimeout(240_000);
  await whenSnapshotReady(
    request,
    "/api/statistics/consumos/ranking-consumos-por-efector?fecha_desde=2026-01-01&fecha_hasta=2026-01-31",
  );
  await login(page, ADMIN.usuario, ADMIN.password, { hydrate: false });
  await page.goto(SCREEN);
  const cron = "17 6 1 * *";

  // refused: the shape's and the rules' errors next to the fields, what was typed kept
  await nueva(page).getByLabel("Reporte").selectOption({ label: "Tiempos de Auditoría" });
  await nueva(page).getByLabel("Período").selectOption({ label: "Mes anterior" });
  await nueva(page).getByLabel("Formato").selectOption({ label: "CSV" });
  await nueva(page).getByLabel("Programación").fill(cron);
  await page.getByRole("button", { name: "Programar" }).click();
  await expect(page.getByText("El formato CSV sólo está disponible para la preliquidación")).toBeVisible();
  await expect(nueva(page).getByLabel("Programación")).toHaveValue(cron);
  await expect(nueva(page).getByLabel("Reporte")).toHaveValue("tiempos-auditoria");

  await nueva(page).getByLabel("Formato").selectOption({ label: "Excel (xlsx)" });
  await page.getByRole("button", { name: "Programar" }).click();
  await expect(page.getByText("Programación creada")).toBeVisible();
  const row = page.getByRole("table", { name: "Programaciones" }).getByRole("row").filter({ hasText: cron });
  await expect(row).toContainText("Tiempos de Auditoría");

  await row.getByRole("button", { name: /^Ejecutar ahora/ }).click();
  await expect(page.getByText("Ejecución iniciada")).toBeVisible();
  const link = page
    .getByRole("table", { name: "Archivos generados" })
    .getByRole("link", { name: /^Descargar p\d+_tiempos-auditoria_/ });
  const refresh = page.getByRole("link", { name: "Actualizar lista" }); // the message's link reloads the lists
  await expect(refresh).toHaveAttribute("href", SCREEN);
  await expect(async () => {
    await page.goto(SCREEN);
    await expect(link.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000, intervals: [500, 1000, 2000] });
  const name = ((await link.first().textContent()) ?? "").trim();
  const file = await page.request.get((await link.first().getAttribute("href"))!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toContain("spreadsheetml");
  expect(file.headers()["content-disposition"]).toContain(name);

  // again within the hour (issue 35): refused, with the reason
  await page
    .getByRole("table", { name: "Programaciones" })
    .getByRole("row")
    .filter({ hasText: cron })
    .getByRole("button", { name: /^Ejecutar ahora/ })
    .click();
  await expect(page.getByText("La programación se ejecutó hace menos de una hora")).toBeVisible();

  await page
    .getByRole("table", { name: "Programaciones" })
    .getByRole("row")
    .filter({ hasText: cron })
    .getByRole("link", { name: /^Eliminar/ })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "¿Eliminar la programación?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(page.getByText("Programación eliminada")).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Programaciones" }).getByRole("row").filter({ hasText: cron }),
  ).toHaveCount(0);
  await expect(page.getByRole("link", { name: `Descargar ${name}` })).toBeVisible();
});

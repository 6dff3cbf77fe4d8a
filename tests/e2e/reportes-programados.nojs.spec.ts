// Reportes Programados without JavaScript (project 'no-js'): the form posts to the route's action (a refusal keeps
// what was typed, errors next to the fields), 'Ejecutar ahora' is a POST form (not again within the hour), the file
// downloads from its link, and 'Eliminar' is a link to the confirmation section, whose form deletes. Issue 38 (ADR
// 069): 'Frecuencia' and 'Hora' (the cron field is there, used only with 'Avanzado'), the form empty after a creation,
// an identical schedule refused beside the form, the required marks and outlines, and after 'Ejecutar ahora' the
// running state with 'Actualizar lista' until the file is there.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, whenSnapshotReady } from "./support";

const SCREEN = "/reportes-programados";

/** The form 'Nueva programación'. */
const nueva = (page: Page) => page.getByRole("form", { name: "Nueva programación" });

/** A field of the form by its label. */
const valueOf = (page: Page, label: string) => nueva(page).getByLabel(new RegExp(`^${label}( \\*)?$`));

test("create, run now, download and delete with plain forms", async ({ page, request, signIn }) => {
  test.setTimeout(240_000);
  await whenSnapshotReady(
    request,
    "/api/statistics/consumos/ranking-consumos-por-efector?fecha_desde=2026-01-01&fecha_hasta=2026-01-31",
  );
  await signIn(page, ADMIN);
  await page.goto(SCREEN);
  const minute = Math.floor(Math.random() * 60); // a retry must not meet its first try's schedule (409)
  const cron = `cron: ${minute} 6 1 * 2`;

  // refused: the shape's and the rules' errors next to the fields, what was typed kept
  await nueva(page).getByLabel("Reporte").selectOption({ label: "Tiempos de Auditoría" });
  await nueva(page).getByLabel("Período").selectOption({ label: "Mes anterior" });
  await nueva(page).getByLabel("Formato").selectOption({ label: "CSV" });
  await valueOf(page, "Frecuencia").selectOption({ label: "Avanzado (expresión cron)" });
  await nueva(page).getByLabel("Programación").fill(`${minute} 6 1 * 2`);
  await page.getByRole("button", { name: "Programar" }).click();
  await expect(page.getByText("El formato CSV sólo está disponible para la preliquidación")).toBeVisible();
  await expect(nueva(page).getByLabel("Programación")).toHaveValue(`${minute} 6 1 * 2`);
  await expect(nueva(page).getByLabel("Reporte")).toHaveValue("tiempos-auditoria");
  await expect(valueOf(page, "Frecuencia")).toHaveValue("avanzado");

  await nueva(page).getByLabel("Formato").selectOption({ label: "Excel (xlsx)" });
  await page.getByRole("button", { name: "Programar" }).click();
  await expect(page.getByText("Programación creada")).toBeVisible();
  const row = page.getByRole("table", { name: "Programaciones" }).getByRole("row").filter({ hasText: cron });
  await expect(row).toContainText("Tiempos de Auditoría");
  // the form starts empty again
  await expect(valueOf(page, "Reporte")).toHaveValue("");
  await expect(valueOf(page, "Frecuencia")).toHaveValue("diaria");
  await expect(valueOf(page, "Hora")).toHaveValue("06:00");
  await expect(valueOf(page, "Programación")).toHaveValue("");

  // this schedule's files only (p<id>_…): other specs' schedules may have left files of the same report in the list
  const id = await row.locator('input[name="id"]').first().getAttribute("value");
  await row.getByRole("button", { name: /^Ejecutar ahora/ }).click();
  const link = page
    .getByRole("table", { name: "Archivos generados" })
    .getByRole("link", { name: new RegExp(`^Descargar p${id}_tiempos-auditoria_`) });
  // the running state: its message with 'Actualizar lista' (a link to this same state) until the file is there
  const refresh = page.getByRole("link", { name: "Actualizar lista" });
  if (await page.getByText("Ejecución iniciada").isVisible()) {
    await expect(refresh).toHaveAttribute(
      "href",
      /^\/reportes-programados\?aviso=iniciada&programacion=\d+&desde=\d+$/,
    );
    await expect(row).toContainText("En curso");
    await expect(link).toHaveCount(0);
  }
  await expect(async () => {
    if (await refresh.isVisible()) await refresh.click();
    await expect(link.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000, intervals: [500, 1000, 2000] });
  await expect(page.getByText("Ejecución terminada: el archivo está en la lista")).toBeVisible();
  await expect(row).not.toContainText("En curso");
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

test("presets: the cron field counts only with 'Avanzado'; an identical schedule is refused beside the form", async ({
  page,
  signIn,
}) => {
  await signIn(page, ADMIN);
  await page.goto(SCREEN);
  const mm = String(Math.floor(Math.random() * 60)).padStart(2, "0"); // a retry must not meet its first try's (409)
  const fill = async () => {
    await valueOf(page, "Reporte").selectOption({ label: "Ranking de Consumos" });
    await valueOf(page, "Período").selectOption({ label: "Semana anterior" });
    await valueOf(page, "Formato").selectOption({ label: "PDF" });
    await valueOf(page, "Frecuencia").selectOption({ label: "Cada lunes" });
    await valueOf(page, "Hora").fill(`07:${mm}`);
    await valueOf(page, "Programación").fill("5 5 5 5 5"); // not 'Avanzado': not used
    await page.getByRole("button", { name: "Programar" }).click();
  };
  await fill();
  await expect(page.getByText("Programación creada")).toBeVisible();
  const rows = page.getByRole("table", { name: "Programaciones" }).getByRole("row");
  await expect(rows.filter({ hasText: `Cada lunes a las 07:${mm}` })).toContainText("Ranking de Consumos");
  await expect(rows.filter({ hasText: "5 5 5 5 5" })).toHaveCount(0);
  await fill();
  await expect(nueva(page).getByRole("alert")).toContainText("Ya existe una programación activa igual");
  await expect(valueOf(page, "Hora")).toHaveValue(`07:${mm}`);
  await expect(valueOf(page, "Frecuencia")).toHaveValue("lunes");
  await expect(rows.filter({ hasText: `Cada lunes a las 07:${mm}` })).toHaveCount(1);
});

test("required marks; an empty form is refused with each required field outlined (aria-invalid)", async ({
  page,
  signIn,
}) => {
  await signIn(page, ADMIN);
  await page.goto(SCREEN);
  for (const label of ["Reporte", "Período", "Formato", "Frecuencia", "Hora"])
    await expect(
      nueva(page)
        .locator("label.ui-label", { hasText: new RegExp(`^${label}`) })
        .locator(".ui-required"),
      label,
    ).toBeVisible();
  await valueOf(page, "Hora").fill("");
  await page.getByRole("button", { name: "Programar" }).click();
  for (const label of ["Reporte", "Período", "Formato", "Hora"]) {
    await expect(valueOf(page, label), label).toHaveAttribute("aria-invalid", "true");
    await expect(valueOf(page, label), label).toHaveCSS("border-top-color", "rgb(198, 40, 40)");
  }
  await expect(page.getByText("Debe indicar la hora como HH:MM")).toBeVisible();
});

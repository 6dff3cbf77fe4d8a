// Reportes Programados (/reportes-programados; issue 29, ADR 058; issue 38, ADR 069) with JavaScript: create a
// schedule from 'Frecuencia' and 'Hora' (the form clears after it; the list says 'El día 1 de cada mes a las 06:11'),
// a refused one keeps what was typed, errors next to the fields with the red outline, the required marks; an identical
// one is refused beside the form; run it now (the files list refreshes by itself; not again within the hour), download
// its file (its name breaks after '_' at 390 px), delete it with the confirmation dialog (its file stays); anonymous
// downloads are refused; the filters' names beside their codes; axe at 1366 and 390 px.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";
import { ADMIN, waitForHydration, whenSnapshotReady } from "./support";

const SCREEN = "/reportes-programados";

/** The form 'Nueva programación'. */
const nueva = (page: Page) => page.getByRole("form", { name: "Nueva programación" });

async function open(page: Page): Promise<void> {
  await page.goto(SCREEN);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Reportes Programados", level: 2 })).toBeVisible();
}

/** The schedules' row with this text (its schedule in Spanish, or 'cron: <expr>'; each test uses its own). */
const scheduleRow = (page: Page, text: string) =>
  page.getByRole("table", { name: "Programaciones" }).getByRole("row").filter({ hasText: text });

/** The form's fields as typed: a field's value by its label. */
const valueOf = (page: Page, label: string) => nueva(page).getByLabel(new RegExp(`^${label}( \\*)?$`));

/** A minute of its own for each run of a test (a retry must not meet its first try's schedule: 409). */
const minuto = () => String(Math.floor(Math.random() * 60)).padStart(2, "0");

/** A required field: the house's mark ('*', aria-hidden) in its label. */
const requiredMark = (page: Page, label: string) =>
  nueva(page)
    .locator("label.ui-label", { hasText: new RegExp(`^${label}`) })
    .locator(".ui-required");

test("create, run now, download and delete a schedule", async ({ page, request, signIn }) => {
  test.setTimeout(240_000);
  await whenSnapshotReady(
    request,
    "/api/statistics/consumos/ranking-consumos-por-efector?fecha_desde=2026-01-01&fecha_hasta=2026-01-31",
  );
  await signIn(page, ADMIN);
  await open(page);
  const mm = minuto();
  const cron = `El día 1 de cada mes a las 06:${mm}`;
  await nueva(page).getByLabel("Reporte").selectOption({ label: "Ranking de Consumos" });
  await nueva(page).getByLabel("Período").selectOption({ label: "Mes anterior" });
  await expect(nueva(page).getByLabel("Formato").locator("option")).toHaveText(["Seleccione", "PDF", "Excel (xlsx)"]);
  await nueva(page).getByLabel("Formato").selectOption({ label: "Excel (xlsx)" });
  // presets, 'Avanzado' last; the cron field only with 'Avanzado'
  await expect(valueOf(page, "Frecuencia").locator("option")).toHaveText([
    "Todos los días",
    "Cada lunes",
    "Cada martes",
    "Cada miércoles",
    "Cada jueves",
    "Cada viernes",
    "Cada sábado",
    "Cada domingo",
    "El día 1 de cada mes",
    "Avanzado (expresión cron)",
  ]);
  await expect(valueOf(page, "Hora")).toHaveValue("06:00");
  await expect(valueOf(page, "Programación")).toHaveCount(0);
  await valueOf(page, "Frecuencia").selectOption({ label: "El día 1 de cada mes" });
  await valueOf(page, "Hora").fill(`06:${mm}`);
  await page.getByRole("button", { name: "Programar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Programación creada" })).toBeVisible();
  const row = scheduleRow(page, cron);
  await expect(row).toContainText("Ranking de Consumos");
  await expect(row).toContainText("Nunca");
  // the form is empty again for the next one
  await expect(valueOf(page, "Reporte")).toHaveValue("");
  await expect(valueOf(page, "Período")).toHaveValue("");
  await expect(valueOf(page, "Formato")).toHaveValue("");
  await expect(valueOf(page, "Frecuencia")).toHaveValue("diaria");
  await expect(valueOf(page, "Hora")).toHaveValue("06:00");

  await waitForHydration(page);
  await row.getByRole("button", { name: /^Ejecutar ahora/ }).click();
  await expect(page.getByRole("status").filter({ hasText: /Ejecución (iniciada|terminada)/ })).toBeVisible();
  const files = page.getByRole("table", { name: "Archivos generados" });
  const link = files.getByRole("link", { name: /^Descargar p\d+_ranking-consumos_/ });
  // the screen reloads its lists by itself until the file is there, and says so
  await expect(link.first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("status").filter({ hasText: "Ejecución terminada" })).toBeVisible();
  const name = ((await link.first().textContent()) ?? "").trim();
  const [download] = await Promise.all([page.waitForEvent("download"), link.first().click()]);
  expect(download.suggestedFilename()).toBe(name);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 2).toString()).toBe("PK"); // an xlsx is a zip

  // at 390 px the name breaks after its '_' (and a word's '-'), never inside a part; the page keeps its width
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await link.first().locator("wbr").count()).toBe(name.split("_").length - 1);
  const breaksAfter = await link.first().evaluate((a) => {
    const text = a.textContent ?? "";
    const range = document.createRange();
    const tops: number[] = [];
    let node: Node | null;
    const walker = document.createTreeWalker(a, NodeFilter.SHOW_TEXT);
    while ((node = walker.nextNode()))
      for (let i = 0; i < (node.textContent ?? "").length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        tops.push(Math.round(range.getBoundingClientRect().top));
      }
    return tops.flatMap((top, i) => (i > 0 && top > tops[i - 1] ? [text[i - 1]] : []));
  });
  expect(breaksAfter.length).toBeGreaterThan(0);
  for (const c of breaksAfter) expect(["_", "-"]).toContain(c);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });

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

test("a refused schedule keeps what was typed, with the errors next to the fields", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await open(page);
  await nueva(page).getByLabel("Reporte").selectOption({ label: "Preliquidación" });
  await nueva(page).getByLabel("Período").selectOption({ label: "Semana anterior" });
  await nueva(page).getByLabel("Formato").selectOption({ label: "CSV" });
  await valueOf(page, "Frecuencia").selectOption({ label: "Avanzado (expresión cron)" });
  await expect(valueOf(page, "Hora")).toHaveCount(0);
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

test("required marks on every required field; refused, each is outlined (aria-invalid)", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await open(page);
  for (const label of ["Reporte", "Período", "Formato", "Frecuencia", "Hora"])
    await expect(requiredMark(page, label), label).toBeVisible();
  await valueOf(page, "Hora").fill("");
  await page.getByRole("button", { name: "Programar" }).click();
  for (const label of ["Reporte", "Período", "Formato", "Hora"]) {
    await expect(valueOf(page, label), label).toHaveAttribute("aria-invalid", "true");
    await expect(valueOf(page, label), label).toHaveCSS("border-top-color", "rgb(198, 40, 40)");
  }
  await expect(page.getByText("Debe indicar la hora como HH:MM")).toBeVisible();
  // the filter a report needs, and the cron expression with 'Avanzado': marked, and outlined when missing
  await valueOf(page, "Reporte").selectOption({ label: "Preliquidación" });
  await valueOf(page, "Frecuencia").selectOption({ label: "Avanzado (expresión cron)" });
  for (const label of ["Responsable", "Programación"]) await expect(requiredMark(page, label), label).toBeVisible();
  await page.getByRole("button", { name: "Programar" }).click();
  for (const label of ["Responsable", "Programación"])
    await expect(valueOf(page, label), label).toHaveAttribute("aria-invalid", "true");
  await valueOf(page, "Reporte").selectOption({ label: "Consumos por Efector" });
  await expect(requiredMark(page, "Efector")).toBeVisible();
  await page.getByRole("button", { name: "Programar" }).click();
  await expect(valueOf(page, "Efector")).toHaveAttribute("aria-invalid", "true");
});

test("an identical active schedule is refused beside the form, what was typed kept; names beside codes", async ({
  page,
  request,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const token = (await (await request.post("/api/auth", { data: { usuario: "admin", password: "admin" } })).json())
    .token as string;
  const headers = { "x-auth-token": token };
  const mm = minuto();
  const body = {
    reporte: "tiempos-auditoria",
    periodo: "semana-anterior",
    formato: "pdf",
    cron: `${Number(mm)} 7 * * 4`,
  };
  expect((await request.post("/api/reportes-programados", { headers, data: body })).status()).toBe(201);
  const again = await request.post("/api/reportes-programados", { headers, data: body });
  expect(again.status()).toBe(409);
  expect((await again.json()).msg).toContain("Ya existe una programación activa igual");
  await open(page);
  await expect(scheduleRow(page, `Cada jueves a las 07:${mm}`)).toContainText("Tiempos de Auditoría");
  await valueOf(page, "Reporte").selectOption({ label: "Tiempos de Auditoría" });
  await valueOf(page, "Período").selectOption({ label: "Semana anterior" });
  await valueOf(page, "Formato").selectOption({ label: "PDF" });
  await valueOf(page, "Frecuencia").selectOption({ label: "Cada jueves" });
  await valueOf(page, "Hora").fill(`07:${mm}`);
  await page.getByRole("button", { name: "Programar" }).click();
  await expect(nueva(page).getByRole("alert")).toContainText("Ya existe una programación activa igual");
  await expect(valueOf(page, "Frecuencia")).toHaveValue("jueves");
  await expect(valueOf(page, "Hora")).toHaveValue(`07:${mm}`);
  await expect(valueOf(page, "Reporte")).toHaveValue("tiempos-auditoria");
  await expect(scheduleRow(page, `Cada jueves a las 07:${mm}`)).toHaveCount(1);

  // the responsable's and the efector's names beside their codes
  await valueOf(page, "Reporte").selectOption({ label: "Preliquidación" });
  const option = valueOf(page, "Responsable").locator("option").nth(1);
  const [, nombre, cuit] = /^(.*) \((.*)\)$/.exec((await option.textContent()) ?? "")!;
  const { resultado } = await whenSnapshotReady<{ resultado: { codigo: string; nommedefector: string }[] }>(
    request,
    "/api/statistics/consumos/ranking-consumos-por-efector?fecha_desde=2026-01-01&fecha_hasta=2026-01-31",
    token,
  );
  const efector = resultado.find((e) => e.nommedefector)!;
  for (const data of [
    {
      reporte: "preliquidacion",
      periodo: "mes-anterior",
      formato: "csv",
      cron: `${Number(mm)} 8 1 * *`,
      responsable: cuit,
    },
    {
      reporte: "consumos-prestadores",
      periodo: "mes-anterior",
      formato: "pdf",
      cron: `${Number(mm)} 9 1 * *`,
      efector: efector.codigo,
    },
  ])
    expect((await request.post("/api/reportes-programados", { headers, data })).status()).toBe(201);
  await open(page);
  await expect(scheduleRow(page, `El día 1 de cada mes a las 08:${mm}`)).toContainText(`${cuit} — ${nombre}`);
  await expect(scheduleRow(page, `El día 1 de cada mes a las 09:${mm}`)).toContainText(`${efector.codigo} — `);
  await expect(scheduleRow(page, `El día 1 de cada mes a las 09:${mm}`)).toContainText(efector.nommedefector.trim());
});

test("axe: the screen at 1366 and 390 px, and the delete dialog", async ({ page, request, signIn }) => {
  await signIn(page, ADMIN);
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
  await scheduleRow(page, "cron: 13 7 * * 1-5")
    .getByRole("link", { name: /^Eliminar/ })
    .click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

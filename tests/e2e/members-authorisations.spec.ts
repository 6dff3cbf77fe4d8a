// Member detail, authorisation side: 'Ficha de Consumo' (filters, detail dialog, popover, summary and practice
// counters, Excel parsed back, 'Consumo Medicamentos'), 'Internaciones' (stay dialog and its Excel), permissions
// (consulta has 15 but not 38) and the JSON API of these calls (bad input → Spanish 4xx).
import ExcelJS from "exceljs";
import fs from "node:fs";
import { expect, type APIRequestContext, type Download, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, CONSULTA, adminToken, apiToken, waitForHydration } from "./support";

type Auth = {
  id: number;
  idafi: number;
  nroautorizacion: number;
  fecha: string;
  practica: string;
  nrointernacion: number | null;
  cantidad: number;
};

const HEADERS = [
  "Número",
  "Afiliado",
  "CUIL",
  "N° Afiliado",
  "Práctica",
  "Descripción",
  "Cobertura",
  "Autorizó",
  "Modalidad",
  "Estado A/I",
  "Fecha",
  "Hora",
  "Cantidad",
  "Tipo de Pago",
  "Coseguro",
  "Estado",
  "Entidad",
  "Delegación",
];

async function getJson<T>(request: APIRequestContext, token: string, url: string, status = 200): Promise<T> {
  const res = await request.get(url, { headers: { "x-auth-token": token } });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

/** A member with a stay that has authorisations (found through the API's consultaGlobal). */
async function memberWithStay(request: APIRequestContext): Promise<{ idafi: number; nro: number; auths: Auth[] }> {
  const token = await adminToken(request);
  const { autorizaciones } = await getJson<{ autorizaciones: Auth[] }>(
    request,
    token,
    "/api/afiliado/autorizaciones?consultaGlobal=true",
  );
  const withStay = autorizaciones.find((a) => a.nrointernacion != null)!;
  expect(withStay, "an inpatient authorisation among the latest").toBeTruthy();
  const mine = await getJson<{ autorizaciones: Auth[] }>(
    request,
    token,
    `/api/afiliado/autorizaciones?idafi=${withStay.idafi}`,
  );
  return { idafi: withStay.idafi, nro: withStay.nrointernacion!, auths: mine.autorizaciones };
}

async function openDetail(page: Page, idafi: number, query: string): Promise<void> {
  await page.goto(`/consultar-padron/${idafi}?${query}`);
  await waitForHydration(page);
}

async function parseXlsx(download: Download): Promise<ExcelJS.Workbook> {
  const file = await download.path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync(file!) as unknown as ArrayBuffer);
  return wb;
}

const authTable = (page: Page) => page.getByRole("table", { name: "Autorizaciones del afiliado" });

test.describe("admin", () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn(page, ADMIN);
  });

  test("Listado de Autorizaciones: filters, detail, popover, summary, practice counters, Excel", async ({
    page,
    request,
  }) => {
    const { idafi, auths } = await memberWithStay(request);
    await openDetail(page, idafi, "tab=consumo");
    await expect(page.getByRole("link", { name: "Listado de Autorizaciones" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: "Consumo Medicamentos" })).toBeVisible();
    await expect(authTable(page).locator("tbody tr")).toHaveCount(auths.length);

    // filter by one day
    const day = auths[0].fecha;
    const sameDay = auths.filter((a) => a.fecha === day);
    await page.getByLabel("Fecha desde").fill(day);
    await page.getByLabel("Fecha hasta").fill(day);
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(new RegExp(`fecha_desde=${day}.*fecha_hasta=${day}`));
    await expect(page).toHaveURL(/tab=consumo/);
    await expect(authTable(page).locator("tbody tr")).toHaveCount(sameDay.length);

    // popover on hover of the number, then the detail dialog
    const a = sameDay[0];
    const number = page.getByRole("link", { name: `Autorización ${a.nroautorizacion}: ver detalle` });
    await number.hover();
    const tip = page.getByRole("tooltip").filter({ hasText: "Cantidad" }).first();
    await expect(tip).toBeVisible();
    await expect(tip).toContainText(a.practica);
    await number.click();
    const detail = page.getByRole("dialog", { name: `Autorización N° ${a.nroautorizacion}` });
    await expect(detail).toBeVisible();
    for (const label of ["Tipo de pago", "Estado A/I", "Auditor", "Fecha vencimiento", "Médico efector"])
      await expect(detail.getByText(label, { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(detail).toBeHidden();

    // practice drill-down with the counters of §9
    await page
      .getByRole("link", { name: `Práctica ${a.practica}: ver contadores` })
      .first()
      .click();
    const practice = page.getByRole("dialog", { name: new RegExp(`^Práctica ${a.practica}`) });
    await expect(practice).toBeVisible();
    for (const label of [
      "Emitidas",
      "Consumidas / Vigentes",
      "Previas",
      "Consumos",
      "Aut. y Cons. Simultáneas",
      "Denegadas",
      "Diferidas",
      "Vencidas",
    ]) {
      await expect(practice.getByRole("listitem").filter({ hasText: label }).first()).toBeVisible();
    }
    await expect(practice.locator('[data-counter="emitidas"] strong')).toHaveText(
      String(sameDay.filter((x) => x.practica === a.practica).length),
    );
    await page.keyboard.press("Escape");

    // summary
    // with JavaScript the links open the dialogs without a round trip (the URL does not change)
    const before = page.url();
    await page.getByRole("link", { name: "Resumen", exact: true }).click();
    const resumen = page.getByRole("dialog", { name: "Resumen" });
    await expect(resumen.locator('[data-counter="emitidas"] strong')).toHaveText(String(sameDay.length));
    expect(page.url()).toBe(before);
    // a practice of the summary opens its counters
    await resumen.getByRole("link", { name: `Práctica ${a.practica}: ver contadores` }).click();
    const fromSummary = page.getByRole("dialog", { name: new RegExp(`^Práctica ${a.practica}`) });
    await expect(fromSummary).toBeVisible();
    await expect(resumen).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(fromSummary).toBeHidden();

    // a bookmarked panel (?resumen=1) opens as the dialog; closing it drops the parameter
    await page.goto(`${page.url()}&resumen=1`);
    await waitForHydration(page);
    await expect(page.getByRole("dialog", { name: "Resumen" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).not.toHaveURL(/resumen=1/);
    await expect(page.getByRole("dialog", { name: "Resumen" })).toBeHidden();
    await expect(authTable(page)).toBeVisible();

    // Excel of the filtered list, parsed back
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Exportar a Excel" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`autorizaciones-${idafi}.xlsx`);
    const ws = (await parseXlsx(download)).getWorksheet("Autorizaciones")!;
    expect(ws).toBeDefined();
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(ws.rowCount).toBe(sameDay.length + 1);
    expect(sameDay.map((x) => x.nroautorizacion)).toContain(ws.getRow(2).getCell(1).value);

    // inverted range: a message, no rows
    await page.getByLabel("Fecha desde").fill("2025-05-10");
    await page.getByLabel("Fecha hasta").fill("2025-01-01");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "La fecha desde no puede ser posterior a la fecha hasta" }),
    ).toBeVisible();
  });

  test("Consumo Medicamentos: columns and dispensing filters", async ({ page, request }) => {
    const { idafi } = await memberWithStay(request);
    await openDetail(page, idafi, "tab=consumo");
    await page.getByRole("link", { name: "Consumo Medicamentos" }).click();
    await expect(page).toHaveURL(/sub=medicamentos/);
    const table = page.getByRole("table", { name: "Consumo de medicamentos" });
    for (const h of [
      "Farmacia",
      "Provincia",
      "Prestador",
      "Fecha receta",
      "Fecha dispensa",
      "Producto",
      "Cantidad",
      "% Descuento",
      "Programa",
    ]) {
      await expect(table.getByRole("columnheader", { name: h, exact: true })).toBeVisible();
    }
    await expect(page.getByLabel("Fecha dispensa desde")).toBeVisible();
    await page.getByLabel("Fecha dispensa hasta").fill("1999-01-01");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/dispensa_hasta=1999-01-01/);
    await expect(page).toHaveURL(/tab=consumo/);
  });

  test("Internaciones: the stay dialog with its authorisations, Excel and Cerrar", async ({ page, request }) => {
    const { idafi, nro } = await memberWithStay(request);
    await openDetail(page, idafi, "tab=internaciones");
    await expect(page.getByRole("table", { name: "Internaciones del afiliado" })).toBeVisible();
    await page.getByRole("link", { name: `Internación N° ${nro}: ver autorizaciones` }).click();
    const dialog = page.getByRole("dialog", { name: `Listado de autorizaciones - Internación N° ${nro}` });
    await expect(dialog).toBeVisible();
    const rows = dialog.getByRole("table", { name: "Autorizaciones de la internación" }).locator("tbody tr");
    expect(await rows.count()).toBeGreaterThan(0);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("link", { name: "Exportar a Excel" }).click(),
    ]);
    const ws = (await parseXlsx(download)).getWorksheet("Autorizaciones")!;
    expect(ws.rowCount).toBe((await rows.count()) + 1);
    await dialog.getByRole("link", { name: "Cerrar" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/internacion=/);
  });
});

test("consulta (15 but not 38 nor 39): Ficha de Consumo yes, Internaciones no; API and Excel 403", async ({
  page,
  request,
  signIn,
}) => {
  const { idafi, nro } = await memberWithStay(request);
  await signIn(page, CONSULTA);
  await openDetail(page, idafi, "tab=consumo");
  await expect(page.getByRole("tab", { name: "Ficha de Consumo" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Internaciones" })).toHaveCount(0);
  await expect(authTable(page)).toBeVisible();
  const excel = await page.request.get(`/consultar-padron/${idafi}/internaciones/${nro}.xlsx`);
  expect(excel.status()).toBe(403);
  const token = await apiToken(request, CONSULTA.usuario, CONSULTA.password);
  const denied = await getJson<{ msg: string }>(request, token, `/api/afiliado/internaciones?idafi=${idafi}`, 403);
  expect(denied.msg).toBe("No tiene permiso para realizar esta operación");
  await getJson(request, token, `/api/afiliado/autorizaciones?idafi=${idafi}`);
  // issue 12 (ADR 026): a stay's authorisations need 38, the cross-member listing 39; consulta holds neither
  for (const url of [
    `/api/afiliado/autorizaciones?nrointernacion=${nro}`,
    "/api/afiliado/autorizaciones?consultaGlobal=true&fecha_desde=2020-01-01&fecha_hasta=2030-12-31",
  ]) {
    const refused = await getJson<{ msg: string }>(request, token, url, 403);
    expect(refused).toEqual({ msg: "No tiene permiso para realizar esta operación" });
  }
});

test("JSON API: answers and bad input", async ({ request }) => {
  const token = await adminToken(request);
  const { idafi, nro, auths } = await memberWithStay(request);
  const { internaciones } = await getJson<{ internaciones: { numero_orden: number }[] }>(
    request,
    token,
    `/api/afiliado/internaciones?idafi=${idafi}&cobertura=TODAS`,
  );
  expect(internaciones.map((i) => i.numero_orden)).toContain(nro);
  const stay = await getJson<{ autorizaciones: Auth[] }>(
    request,
    token,
    `/api/afiliado/autorizaciones?nrointernacion=${nro}`,
  );
  expect(stay.autorizaciones.every((a) => a.nrointernacion === nro)).toBe(true);
  const one = await getJson<{ autorizacion: Auth }>(
    request,
    token,
    `/api/afiliado/autorizacion?id=${auths[0].nroautorizacion}&practica=${auths[0].practica}`,
  );
  expect(one.autorizacion.nroautorizacion).toBe(auths[0].nroautorizacion);
  await getJson(request, token, "/api/afiliado/autorizacion?id=1&practica=000000", 404);

  const bad: [string, RegExp][] = [
    [`/api/afiliado/autorizaciones?idafi=${encodeURIComponent("' OR 1=1 --")}`, /afiliado/],
    [
      `/api/afiliado/autorizaciones?idafi=${idafi}&fecha_desde=2025-05-10&fecha_hasta=2025-01-01`,
      /fecha desde no puede ser posterior/,
    ],
    ["/api/afiliado/autorizaciones", /Debe indicar un afiliado/],
    [`/api/afiliado/internaciones?idafi=${"9".repeat(10_000)}`, /afiliado/],
    ["/api/consumomedicamentos/?dni=12A45678", /DNI/],
    ["/api/afiliado/autorizacion?id=abc&practica=1", /autorización/],
  ];
  for (const [url, msg] of bad) expect((await getJson<{ msg: string }>(request, token, url, 400)).msg).toMatch(msg);
  const consumo = await getJson<{ consumo: unknown[] }>(
    request,
    token,
    "/api/consumomedicamentos/?dni=12345678&fecha_desde=2020-01-01&fecha_hasta=2030-01-01",
  );
  expect(Array.isArray(consumo.consumo)).toBe(true);
  expect((await request.get(`/api/afiliado/autorizaciones?idafi=${idafi}`)).status()).toBe(401);
});

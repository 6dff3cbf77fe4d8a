// 'Listados de afiliados' with JavaScript: filters, paging, inactive + reason, red rows, the reciprocity dialog,
// the streamed Excel export (parsed back), permissions (consulta has no operation 5) and the JSON API.
import ExcelJS from "exceljs";
import fs from "node:fs";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, CONSULTA, adminToken, apiToken, waitForHydration } from "./support";

type Listed = {
  id: number;
  apeynom: string;
  numdoc: string;
  nroafi: string;
  fechbaja: string;
  tipoconvenio: string | null;
};
type ListResponse = { listado: Listed[]; resultadoCount: { cant: number }[] };

async function api(request: APIRequestContext, token: string, query: Record<string, string>): Promise<ListResponse> {
  const res = await request.get(`/api/afiliado/listado-afiliados/?${new URLSearchParams(query)}`, {
    headers: { "x-auth-token": token },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ListResponse;
}

async function open(page: Page, query = ""): Promise<void> {
  await page.goto(`/listado-afiliados${query}`);
  await waitForHydration(page, "form button[type=submit]");
}

const table = (page: Page) => page.getByRole("table", { name: "Listado de afiliados" });
const bodyRows = (page: Page) => table(page).locator("tbody tr");
const pager = (page: Page) => page.getByRole("navigation", { name: "Paginación del listado" });

test.describe("admin", () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn(page, ADMIN);
  });

  test("first page of 20, total, paging Atrás / 'n de m' / Siguiente", async ({ page, request }) => {
    const total = (await api(request, await adminToken(request), {})).resultadoCount[0].cant;
    const pages = Math.ceil(total / 20);
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    await open(page);
    await expect(
      page.getByRole("heading", { name: "Listados de afiliados" }).or(page.locator(".topbar-title")),
    ).toContainText("Listados de afiliados");
    await expect(bodyRows(page)).toHaveCount(20);
    await expect(pager(page)).toContainText(`Total: ${total}`);
    await expect(pager(page).getByText(`1 de ${pages}`)).toBeVisible();
    await expect(pager(page).getByText("Atrás")).toHaveAttribute("aria-disabled", "true");
    const firstName = await bodyRows(page).first().locator("td").first().textContent();
    await pager(page).getByRole("link", { name: "Siguiente" }).click();
    await expect(page).toHaveURL(/page=1/);
    await expect(pager(page).getByText(`2 de ${pages}`)).toBeVisible();
    await expect(bodyRows(page).first().locator("td").first()).not.toHaveText(firstName!);
    await pager(page).getByRole("link", { name: "Atrás" }).click();
    await expect(pager(page).getByText(`1 de ${pages}`)).toBeVisible();
    expect(errors).toEqual([]); // no hydration mismatch or script error
  });

  test("filter by DNI and by name (accent- and case-insensitive); changing a filter clears the results", async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const someone = (await api(request, token, { page: "3" })).listado[7];
    await open(page);
    await expect(bodyRows(page)).toHaveCount(20);
    await page.getByLabel("DNI").fill(someone.numdoc);
    await expect(table(page)).toHaveCount(0); // changing a filter clears the shown results
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(new RegExp(`afi_dni=${someone.numdoc}`));
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText(someone.apeynom);
    await expect(pager(page)).toContainText("Total: 1");
    await expect(pager(page).getByText("1 de 1")).toBeVisible();
    await expect(pager(page).getByText("Siguiente")).toHaveAttribute("aria-disabled", "true");

    const surname = someone.apeynom.split(" ")[0];
    const typed = surname
      .toLowerCase()
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "");
    const expected = (await api(request, token, { nombre: typed })).resultadoCount[0].cant;
    await page.getByRole("link", { name: "Limpiar Filtros" }).click();
    await expect(page.getByLabel("DNI")).toHaveValue("");
    await page.getByLabel("Apellido y Nombre").fill(typed);
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(pager(page)).toContainText(`Total: ${expected}`);
    for (const name of await bodyRows(page).locator("td:first-child").allTextContents()) {
      expect(
        name
          .normalize("NFD")
          .replace(/[\u0300-\u036f]/g, "")
          .toLowerCase(),
      ).toContain(typed);
    }
  });

  test("inactive checkbox enables the reason select; inactive rows are red", async ({ page, request }) => {
    await open(page);
    const select = page.getByLabel("Motivo de Baja");
    await expect(select).toBeDisabled();
    await expect(select.locator("option").first()).toHaveText("-SELECCIONE-");
    await page.getByLabel("Afiliados Inactivos").check();
    await expect(select).toBeEnabled();
    await page.getByLabel("Afiliados Inactivos").uncheck();
    await expect(select).toBeDisabled();
    await page.getByLabel("Afiliados Inactivos").check();
    await select.selectOption({ label: "RENUNCIA" });
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/ver_solo_afi_inactivo=true/);
    await expect(page).toHaveURL(/motivo_de_baja=1/);
    const expected = (
      await api(request, await adminToken(request), { ver_solo_afi_inactivo: "true", motivo_de_baja: "1" })
    ).resultadoCount[0].cant;
    expect(expected).toBeGreaterThan(0);
    await expect(pager(page)).toContainText(`Total: ${expected}`);
    await expect(page.getByLabel("Afiliados Inactivos")).toBeChecked();
    await expect(select).toBeEnabled();
    await expect(select).toHaveValue("1");
    const n = await bodyRows(page).count();
    expect(n).toBe(Math.min(20, expected));
    for (let i = 0; i < n; i++) {
      await expect(bodyRows(page).nth(i).locator("td").nth(3)).toHaveText("INACTIVO");
      await expect(bodyRows(page).nth(i)).toHaveClass(/ui-row--inactivo/);
    }
  });

  test("red rows on the unfiltered list: every INACTIVO row is red", async ({ page }) => {
    await open(page, "?size=100");
    await expect(bodyRows(page)).toHaveCount(100);
    const statuses = await bodyRows(page).locator("td:nth-child(4)").allTextContents();
    expect(statuses).toContain("INACTIVO");
    for (let i = 0; i < statuses.length; i++) {
      if (statuses[i] === "INACTIVO") await expect(bodyRows(page).nth(i)).toHaveClass(/ui-row--inactivo/);
    }
    await expect(
      bodyRows(page)
        .first()
        .getByRole("link", { name: /Ver afiliado/ }),
    ).toHaveAttribute("href", /^\/consultar-padron\/\d+$/);
  });

  test("reciprocity agreement dialog", async ({ page, request }) => {
    const withAgreement = (await api(request, await adminToken(request), { ver_afiliados_en_convenio: "true" }))
      .listado[0];
    expect(withAgreement.tipoconvenio).toBeTruthy();
    await open(page, `?afi_dni=${withAgreement.numdoc}`);
    await bodyRows(page)
      .first()
      .getByRole("link", { name: /Ver convenio/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Convenio de Reciprocidad" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("convenio-detalle")).toContainText(withAgreement.apeynom);
    await expect(dialog).toContainText(withAgreement.numdoc);
    await expect(dialog).toContainText(withAgreement.tipoconvenio!);
    for (const label of [
      "Cobertura",
      "Vigencia de la cobertura",
      "Tipo de Convenio",
      "Clasificación",
      "Institución",
      "Provincia",
      "Inicio del Convenio",
      "Fin del Convenio",
    ]) {
      await expect(dialog.getByText(label, { exact: true })).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/[?&]convenio=/);
  });

  test("Exportar a Excel downloads the whole filtered list (parsed back)", async ({ page, request }) => {
    const expected = (await api(request, await adminToken(request), { ver_solo_afi_inactivo: "true" }))
      .resultadoCount[0].cant;
    expect(expected).toBeGreaterThan(20); // more than one page: the export is not just the page
    await open(page, "?ver_solo_afi_inactivo=true");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exportar a Excel" }).click();
    const file = await (await download).path();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync(file!) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet("Afiliados")!;
    expect(ws.actualRowCount).toBe(expected + 1);
    expect(ws.getRow(1).getCell(1).value).toBe("APELLIDO Y NOMBRE");
    expect(ws.getRow(2).getCell(4).value).toBe("INACTIVO");
  });
});

test("consulta (no operation 5): no export button, the export URL answers 403", async ({ page, signIn }) => {
  await signIn(page, CONSULTA);
  await open(page);
  await expect(bodyRows(page)).toHaveCount(20);
  await expect(page.getByRole("link", { name: "Exportar a Excel" })).toHaveCount(0);
  const res = await page.request.get("/listado-afiliados/exportar.xlsx", { maxRedirects: 0 });
  expect(res.status()).toBe(403);
  expect(res.headers()["content-type"]).not.toContain("spreadsheetml");
});

test("signed out: the export URL redirects to the login", async ({ request }) => {
  const res = await request.get("/listado-afiliados/exportar.xlsx", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()["location"]).toBe("/");
});

test("JSON API: listado + resultadoCount, motivos-baja, bad input, for_export needs operation 5", async ({
  request,
}) => {
  const token = await adminToken(request);
  const r = await api(request, token, { page: "1", size: "5", obtener_total: "true" });
  expect(r.listado).toHaveLength(5);
  expect(r.resultadoCount).toEqual([{ cant: expect.any(Number) }]);
  expect(Object.keys(r.listado[0])).toEqual(
    expect.arrayContaining([
      "id",
      "apeynom",
      "numdoc",
      "nroafi",
      "fechbaja",
      "baperfenac",
      "fechalta",
      "codmotbaja",
      "motbaja",
    ]),
  );
  const ex = await api(request, token, { ver_solo_afi_inactivo: "true", for_export: "true" });
  expect(ex.listado.length).toBe(ex.resultadoCount[0].cant);
  const motivos = await request.get("/api/afiliado/motivos-baja", { headers: { "x-auth-token": token } });
  expect(motivos.status()).toBe(200);
  expect((await motivos.json()).resultado).toContainEqual({ bambacodig: 1, bambadescr: "RENUNCIA" });
  for (const [q, msg] of [
    ["afi_dni=12a", "El DNI debe contener solo números (hasta 9 dígitos)"],
    [`afi_dni=${"9".repeat(10_000)}`, "El DNI debe contener solo números (hasta 9 dígitos)"],
    ["size=1000", "El tamaño de página debe ser un número entero entre 1 y 100"],
    ["page=-3", "La página debe ser un número entero mayor o igual a 0"],
  ]) {
    const res = await request.get(`/api/afiliado/listado-afiliados/?${q}`, { headers: { "x-auth-token": token } });
    expect(res.status()).toBe(400);
    expect((await res.json()).msg).toBe(msg);
  }
  const sqlish = await api(request, token, { nombre: "' OR 1=1 --" });
  expect(sqlish.resultadoCount[0].cant).toBe(0);
  const big = await request.get("/api/afiliado/listado-afiliados/?for_export=true", {
    headers: { "x-auth-token": token },
  });
  expect([200, 422]).toContain(big.status());
  const consulta = await apiToken(request, CONSULTA.usuario, CONSULTA.password);
  const denied = await request.get("/api/afiliado/listado-afiliados/?for_export=true", {
    headers: { "x-auth-token": consulta },
  });
  expect(denied.status()).toBe(403);
  expect((await request.get("/api/afiliado/listado-afiliados/")).status()).toBe(401);
});

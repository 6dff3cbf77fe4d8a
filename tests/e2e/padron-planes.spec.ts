// 'Buscar Afiliados Enrolados' (/consultar-padron-onco, ADR 040) with JavaScript: coverage 53 by default, paging
// (Atrás disabled on page 1, 'n de m', Siguiente disabled on the last page), the Vencidos/Activos checkboxes that
// exclude each other, paging hidden with expired-only (and red rows), the server's message when both come in the
// URL, both downloads (the PDF read with pdftotext, the Excel parsed back), and refusals for anonymous, `consulta`
// and the provider user on the screen, the API and the downloads. Reads the reporting snapshot the app builds at
// start-up: the tests wait for it through the API (503 until it exists).
import ExcelJS from "exceljs";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, CONSULTA, adminToken, apiToken, waitForHydration } from "./support";
import { gridOf, gridRows } from "./grid-support";

/** The demo provider of db/reference.ts (liquidacion.spec.ts). */
const PRESTADOR = { usuario: "33-57035919-9", password: "prestador" };

type Row = { id: number; baperapell: string; bapernombr: string; dni: string; enprfecbaj: string };
type Answer = { resultado: Row[]; resultadoCount: number };

async function api(request: APIRequestContext, query: Record<string, string> = {}): Promise<Answer> {
  const token = await adminToken(request);
  let res = await request.get(`/api/enrolamiento/enrolamientos/?${new URLSearchParams(query)}`, {
    headers: { "x-auth-token": token },
  });
  // the app builds its first snapshot at start-up: 503 until then
  await expect(async () => {
    res = await request.get(`/api/enrolamiento/enrolamientos/?${new URLSearchParams(query)}`, {
      headers: { "x-auth-token": token },
    });
    expect(res.status()).toBe(200);
  }).toPass({ timeout: 150_000, intervals: [2000] });
  return (await res.json()) as Answer;
}

async function open(page: Page, query = ""): Promise<void> {
  await page.goto(`/consultar-padron-onco${query}`);
  await waitForHydration(page, "form button[type=submit]");
}

/** The one DataGrid (ADR 059): AG Grid's rows with JavaScript. */
const bodyRows = (page: Page) => gridRows(page, "Afiliados enrolados");
const pager = (page: Page) => page.getByRole("navigation", { name: "Paginación de enrolados" });

test.describe("admin", () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn(page, ADMIN);
  });

  test("coverage 53 by default, paged by 20: Atrás disabled on page 1, 'n de m', Siguiente", async ({
    page,
    request,
  }) => {
    test.setTimeout(200_000);
    const total = (await api(request)).resultadoCount;
    expect(total).toBeGreaterThan(20);
    const pages = Math.ceil(total / 20);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await open(page);
    await expect(page.locator(".topbar-title").or(page.getByRole("banner").getByRole("heading"))).toContainText(
      "Buscar Afiliados Enrolados",
    );
    await expect(page.getByText(/Datos al \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await expect(page.getByLabel("Cobertura")).toHaveValue("53");
    await expect(bodyRows(page)).toHaveCount(20);
    await expect(pager(page)).toContainText(`Total: ${total}`);
    await expect(pager(page).getByText(`1 de ${pages}`)).toBeVisible();
    await expect(pager(page).getByText("Atrás")).toHaveAttribute("aria-disabled", "true");
    const first = await bodyRows(page).first().locator("[role=gridcell]").first().textContent();
    await pager(page).getByRole("link", { name: "Siguiente" }).click();
    await expect(page).toHaveURL(/page=1/);
    await expect(pager(page).getByText(`2 de ${pages}`)).toBeVisible();
    await expect(bodyRows(page).first().locator("[role=gridcell]").first()).not.toHaveText(first!);
    await page.goto(`/consultar-padron-onco?cod_padron=53&page=${pages - 1}`);
    await expect(pager(page).getByText(`${pages} de ${pages}`)).toBeVisible();
    await expect(pager(page).getByText("Siguiente")).toHaveAttribute("aria-disabled", "true");
    await expect(pager(page).getByRole("link", { name: "Atrás" })).toBeVisible();
    await expect(
      bodyRows(page)
        .first()
        .getByRole("link", { name: /Ver afiliado/ }),
    ).toHaveAttribute("href", /^\/consultar-padron\/\d+$/);
    expect(errors).toEqual([]);
  });

  test("Vencidos and Activos exclude each other; expired-only hides paging and every row is red", async ({
    page,
    request,
  }) => {
    test.setTimeout(200_000);
    const expected = (await api(request, { ver_solo_enrolamiento_vencido: "true" })).resultadoCount;
    expect(expected).toBeGreaterThan(0);
    await open(page);
    const vencidos = page.getByLabel("Enrolamientos Vencidos");
    const activos = page.getByLabel("Enrolamientos Activos");
    await vencidos.check();
    await activos.check();
    await expect(vencidos).not.toBeChecked();
    await expect(activos).toBeChecked();
    await vencidos.check();
    await expect(activos).not.toBeChecked();
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/ver_solo_enrolamiento_vencido=true/);
    await expect(page).not.toHaveURL(/ver_solo_enrolamiento_activo/);
    await expect(page.getByText(`Total: ${expected}`)).toBeVisible();
    await expect(pager(page)).toHaveCount(0);
    await expect(bodyRows(page)).toHaveCount(Math.min(expected, 1000));
    for (const row of await bodyRows(page).all()) await expect(row).toHaveClass(/ui-row--inactivo/);
    await expect(vencidos).toBeChecked();
  });

  test("both in the URL: the server's message in an alert, which goes after 5 s", async ({ page }) => {
    await open(page, "?ver_solo_enrolamiento_vencido=true&ver_solo_enrolamiento_activo=true");
    const alert = page.getByRole("alert").filter({ hasText: "No se pueden combinar Enrolamientos Vencidos" });
    await expect(alert).toBeVisible();
    await expect(gridOf(page, "Afiliados enrolados")).toHaveCount(0);
    await expect(alert).toHaveCount(0, { timeout: 8000 });
  });

  test("Exportar a PDF (report.pdf, read back) and Exportar a Excel (the whole list, parsed back)", async ({
    page,
    request,
  }) => {
    test.setTimeout(200_000);
    const all = await api(request, { for_export: "true" });
    const vencidos = await api(request, { ver_solo_enrolamiento_vencido: "true" });
    await open(page, "?ver_solo_enrolamiento_vencido=true");
    const pdfDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exportar a PDF" }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe("report.pdf");
    const text = execFileSync("pdftotext", ["-layout", (await pdf.path())!, "-"]).toString("utf8");
    expect(text).toContain("Buscar Afiliados Enrolados");
    expect(text).toContain(`${vencidos.resultadoCount} enrolamientos`);
    expect(text).toContain(vencidos.resultado[0].dni);
    expect(text).toMatch(/Página 1 de \d+/); // as the other report PDFs (issue 38)
    // A3 landscape: 420 × 297 mm
    const info = execFileSync("pdfinfo", [(await pdf.path())!]).toString("utf8");
    const box = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info)!;
    expect(Math.abs(Number(box[1]) - 1190.6)).toBeLessThan(3);
    expect(Math.abs(Number(box[2]) - 841.9)).toBeLessThan(3);

    await open(page);
    const xlsxDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exportar a Excel" }).click();
    const file = await (await xlsxDownload).path();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync(file!) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet("Padrón de Planes")!;
    expect(ws.actualRowCount).toBe(all.resultadoCount + 1); // every row, not one page
    expect(ws.getRow(1).getCell(1).value).toBe("APELLIDO");
    expect(ws.getRow(2).getCell(3).value).toBe(all.resultado[0].dni);
  });
});

test("consulta, the provider user and anonymous are refused on the screen, the API and the downloads", async ({
  page,
  request,
  signIn,
}) => {
  const paths = [
    "/consultar-padron-onco/exportar.xlsx",
    "/consultar-padron-onco/report.pdf",
    "/api/enrolamiento/enrolamientos/",
    "/api/enrolamiento/coberturas",
  ];
  for (const u of [CONSULTA, PRESTADOR]) {
    const token = await apiToken(request, u.usuario, u.password);
    for (const p of paths) {
      const res = await request.get(p, { headers: { "x-auth-token": token } });
      expect([p, res.status()]).toEqual([p, 403]);
    }
  }
  for (const p of paths) {
    const res = await request.get(p, { maxRedirects: 0 });
    expect([401, 302]).toContain(res.status());
  }
  await page.goto("/consultar-padron-onco");
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, CONSULTA);
  await page.goto("/consultar-padron-onco");
  await expect(page).toHaveURL(/\/home\?sinPermiso=%2Fconsultar-padron-onco$/);
  await expect(gridOf(page, "Afiliados enrolados")).toHaveCount(0);
});

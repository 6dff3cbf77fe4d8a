// Padrón Voluntarios (/padron_voluntarios): admin lists by Estado, the local filter narrows the grid in the browser,
// a row (click or Enter) opens the member's detail, and 'Exportar a Excel' downloads the sheet 'Listado Voluntarios'
// (parsed back). The API answers the same list; bad input is a 400 with a Spanish msg; anonymous, 'consulta' and the
// provider are refused everywhere. Needs the reporting snapshot (built at start-up: waited for through the API).
import ExcelJS from "exceljs";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, adminToken, apiToken, CONSULTA, expectPath, waitForHydration, whenSnapshotReady } from "./support";

const PRESTADOR = { usuario: "33-57035919-9", password: "prestador" }; // the demo provider (db/reference.ts)
const API = "/api/padron_voluntarios/full-view";

type Voluntario = { apeynomfam: string; dnifam: string; nroafifam: string; idafifam: number; estado: string };

async function listado(request: APIRequestContext, query: string): Promise<Voluntario[]> {
  return (await whenSnapshotReady<{ listado: Voluntario[] }>(request, `${API}?${query}`)).listado;
}

const grid = (page: Page) => page.getByRole("region", { name: "Afiliados voluntarios" });
const gridRows = (page: Page) =>
  grid(page)
    .getByRole("row")
    .filter({ has: page.getByRole("gridcell") });

async function listar(page: Page, estado: string) {
  await page.goto("/padron_voluntarios");
  await waitForHydration(page);
  await page.getByLabel("Estado").selectOption(estado);
  await page.getByRole("button", { name: "Listar" }).click();
  await expect(page).toHaveURL(new RegExp(`estado=${estado}`));
}

test.describe.configure({ mode: "serial" });

test("list by Estado, filter in the browser, a row click and Enter open the member", async ({
  page,
  request,
  signIn,
}) => {
  test.setTimeout(240_000);
  const activos = await listado(request, "estado=ACTIVO");
  const inactivos = await listado(request, "estado=INACTIVO");
  expect(activos.length).toBeGreaterThan(0);
  expect(inactivos.length).toBeGreaterThan(0);
  expect(new Set(activos.map((v) => v.estado))).toEqual(new Set(["ACTIVO"]));

  await signIn(page, ADMIN);
  await listar(page, "INACTIVO");
  await expect(page.getByRole("status").filter({ hasText: "Total:" })).toHaveText(
    `Total: ${inactivos.length.toLocaleString("es-AR")}`,
  );
  await expect(gridRows(page).first()).toBeVisible();
  await expect(grid(page)).toContainText(inactivos[0].apeynomfam);

  // the local filter narrows the grid as one types (no navigation): a DNI leaves that member
  const one = inactivos[Math.floor(inactivos.length / 2)];
  const url = page.url();
  await page.getByLabel("Filtrar").fill(one.dnifam);
  await expect(page.getByRole("status").filter({ hasText: "Total:" })).toHaveText("Total: 1");
  await expect(gridRows(page)).toHaveCount(1);
  await expect(gridRows(page)).toContainText(one.apeynomfam);
  expect(page.url()).toBe(url);

  // a click on the row opens the member's detail
  await gridRows(page).getByRole("gridcell").nth(1).click();
  await expectPath(page, `/consultar-padron/${one.idafifam}`);

  // Enter on a focused row too (keyboard access)
  await page.goBack();
  await expectPath(page, "/padron_voluntarios");
  await waitForHydration(page);
  await page.getByLabel("Filtrar").fill(one.nroafifam);
  await expect(gridRows(page)).toHaveCount(1);
  await gridRows(page).getByRole("gridcell").nth(2).focus();
  await page.keyboard.press("Enter");
  await expectPath(page, `/consultar-padron/${one.idafifam}`);
});

test("'Exportar a Excel' downloads sheet 'Listado Voluntarios' with the list's rows", async ({
  page,
  request,
  signIn,
}) => {
  test.setTimeout(240_000);
  const inactivos = await listado(request, "estado=INACTIVO");
  await signIn(page, ADMIN);
  await listar(page, "INACTIVO");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Exportar a Excel" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("listado-voluntarios.xlsx");
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.read(await download.createReadStream());
  expect(wb.worksheets.map((w) => w.name)).toEqual(["Listado Voluntarios"]);
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual([
    "APELLIDO Y NOMBRE",
    "NÚMERO DE AFILIADO",
    "DNI",
    "CUIL",
    "NÚMERO INTERNO",
    "ESTADO",
    "CLASIFICACIÓN",
    "SEXO",
    "FECHA DE BAJA",
    "MOTIVO DE BAJA",
    "APELLIDO Y NOMBRE TITULAR",
    "NÚMERO INTERNO TITULAR",
    "CUIL TITULAR",
    "DNI TITULAR",
    "CATEGORÍA TITULAR",
  ]);
  expect(ws.rowCount).toBe(inactivos.length + 1);
  const first = ws.getRow(2);
  expect([first.getCell(1).value, first.getCell(3).value, first.getCell(5).value, first.getCell(6).value]).toEqual([
    inactivos[0].apeynomfam,
    inactivos[0].dnifam,
    inactivos[0].idafifam,
    "INACTIVO",
  ]);

  // the filter on screen narrows the export too; nothing listed → no export link
  await page.getByLabel("Filtrar").fill("zzzz-nadie");
  await expect(page.getByText("No se encontraron afiliados voluntarios")).toBeVisible();
  await expect(page.getByRole("link", { name: "Exportar a Excel" })).toHaveCount(0);
});

test("the API: bad estado or search is a 400 with a Spanish message", async ({ request }) => {
  await listado(request, "estado=TODOS");
  const token = await adminToken(request);
  const get = (q: string) => request.get(`${API}?${q}`, { headers: { "x-auth-token": token } });
  const bad = await get("estado=BORRADO");
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({
    msg: expect.stringContaining("Estado inválido"),
    errors: [{ param: "estado" }],
  });
  const sql = await get(`search=${encodeURIComponent("' OR 1=1 --")}`);
  expect(sql.status()).toBe(400);
  expect(await sql.json()).toMatchObject({ errors: [{ param: "search" }] });
  expect((await get(`search=${"x".repeat(101)}`)).status()).toBe(400);
  expect((await get(`estado=ACTIVO&search=${encodeURIComponent("%_")}`)).status()).toBe(200);
});

test("anonymous, 'consulta' and the provider are refused on the screen, the API and the Excel", async ({
  page,
  request,
  signIn,
}) => {
  await listado(request, "estado=TODOS");
  expect((await request.get(API, { headers: { "x-auth-token": "" } })).status()).toBe(401);
  expect(
    (await request.get("/padron_voluntarios/exportar.xlsx", { headers: { accept: "application/json" } })).status(),
  ).toBe(401);
  for (const u of [CONSULTA, PRESTADOR]) {
    const token = await apiToken(request, u.usuario, u.password);
    expect((await request.get(API, { headers: { "x-auth-token": token } })).status(), u.usuario).toBe(403);
    expect(
      (
        await request.get("/padron_voluntarios/exportar.xlsx?estado=TODOS", { headers: { "x-auth-token": token } })
      ).status(),
      u.usuario,
    ).toBe(403);
  }
  await page.goto("/padron_voluntarios?estado=TODOS");
  await expectPath(page, "/");
  await signIn(page, CONSULTA);
  await page.goto("/padron_voluntarios?estado=TODOS");
  await expectPath(page, "/home");
});

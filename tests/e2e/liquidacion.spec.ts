// Preliquidación (/liquidacion-prestadores): admin picks a responsable and a period → 'Listado'; the 'Excel'
// download is a CSV named liquidacion that parses (header + rows); the demo provider (usuario = its CUIT, profile
// PRESTADOR) sees only its entity and gets 403 for another's CSV and JSON. Needs a reporting snapshot: the app
// builds one at start-up; the tests wait for it through the API (503 until it exists).
import { expect, type APIRequestContext } from "@playwright/test";
import { test } from "./fixtures";
import {
  ADMIN,
  adminToken,
  apiToken,
  createThrowawayUser,
  login,
  waitForHydration,
  whenSnapshotReady,
} from "./support";
import { parse } from "content-disposition";
import { expectNoSeriousA11yViolations } from "./axe";

/** AUDITORIA MEDICA: sees every responsable (spec part 2 §6) and, by default, exports (operation 33). */
const PROFILE_AUDITORIA = 10;

/** The demo provider of db/reference.ts: the first seeded responsable (seed 1). */
const PRESTADOR = {
  usuario: "33-57035919-9",
  password: "prestador",
  nombre: "ASOCIACIÓN DE ANESTESIA, ANALGESIA Y REANIMACIÓN DE CATAMARCA",
};
const OTRO = "30-67987584-8"; // the second seeded responsable
const FIELDS = [
  "nroautorizacion",
  "fecha",
  "practica",
  "subitem",
  "montoauthonorario",
  "montoautgasto",
  "numautreferenciada",
  "matmedefector",
  "nroafiliado",
  "nombreafiliado",
  "cuil",
  "cantidad",
  "estadoambint",
  "cobertura",
  "descpractica",
  "usuarioautorizacion",
  "modalidad",
  "hora",
  "autorizo",
  "responsable",
  "entidad",
  "anulado",
  "autoken",
];

const todayAR = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Argentina/Catamarca" });
const daysAgo = (n: number) => new Date(Date.parse(todayAR()) - n * 86_400_000).toISOString().slice(0, 10);
const DESDE = daysAgo(30);
const HASTA = todayAR();
const query = (responsable: string, extra = "") =>
  `fecha_desde=${DESDE}&fecha_hasta=${HASTA}&responsable=${encodeURIComponent(responsable)}${extra}`;

/** A ';'-separated CSV with "..." quoting (what the export writes) → rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endRow = () => {
    row.push(cell);
    rows.push(row);
    row = [];
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        cell += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ";") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      endRow();
      i++;
    } else {
      cell += c;
    }
  }
  if (cell !== "" || row.length) endRow();
  return rows;
}

async function waitForSnapshot(request: APIRequestContext, token: string) {
  await whenSnapshotReady(request, `/api/prestadores/liquidacion?${query(PRESTADOR.usuario)}`, token);
}

test.describe.configure({ mode: "serial" });

test("auditoría médica: responsable and period → Listado; the Excel download is liquidacion.csv and parses", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  await waitForSnapshot(request, token);
  const api = await request.get(`/api/prestadores/liquidacion?${query(PRESTADOR.usuario)}`, {
    headers: { "x-auth-token": token },
  });
  const { liquidacion } = (await api.json()) as { liquidacion: Record<string, unknown>[] };
  expect(liquidacion.length).toBeGreaterThan(0);
  expect(Object.keys(liquidacion[0])).toEqual(FIELDS);

  const auditor = await createThrowawayUser(request, { perfil: PROFILE_AUDITORIA });
  await login(page, auditor.usuario, auditor.password);
  await page.goto("/liquidacion-prestadores");
  await expect(page.getByRole("banner").getByRole("heading")).toHaveText("Preliquidación");
  await expect(page.getByText(/^Datos al \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expect(page.getByLabel("Fecha Desde")).toHaveValue(todayAR());
  await expect(page.getByLabel("Fecha Hasta")).toHaveValue(todayAR());
  expect(await page.getByLabel("Responsable").locator("option").count()).toBeGreaterThan(80);
  await waitForHydration(page, "form button[type=submit]");
  await page.getByLabel("Fecha Desde").fill(DESDE);
  await page.getByLabel("Responsable").selectOption({ label: PRESTADOR.nombre });
  await page.getByRole("button", { name: "Buscar" }).click();

  await expect(page.getByRole("heading", { name: "Listado" })).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: `${liquidacion.length.toLocaleString("es-AR")} autorizaciones` }),
  ).toBeVisible();
  const grid = page.getByRole("region", { name: "Listado" });
  await expect(grid.getByRole("columnheader", { name: "Nro. Autorización" })).toBeVisible();
  const dataRows = grid.getByRole("row").filter({ has: page.getByRole("gridcell") });
  await expect(dataRows.first()).toBeVisible();
  if (liquidacion.length > 20)
    await expect(grid.getByText(`1 a 20 de ${liquidacion.length}`, { exact: true })).toBeVisible(); // 20 a page
  // the local filter narrows the rows to one authorisation number
  const nro = String(liquidacion[0].nroautorizacion);
  await page.getByLabel("Filtrar").fill(nro);
  await expect.poll(() => dataRows.count()).toBeLessThan(Math.min(liquidacion.length, 11));
  await expect(dataRows.first()).toContainText(nro);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Excel" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("liquidacion.csv");
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  const bytes = Buffer.concat(chunks);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parseCsv(bytes.subarray(3).toString("utf8"));
  expect(rows[0]).toEqual(FIELDS);
  expect(rows.length - 1).toBe(liquidacion.length);
  for (const r of rows.slice(1)) {
    expect(r).toHaveLength(23);
    expect(r[1]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(r[19]).toBe(PRESTADOR.nombre);
  }
  expect(rows[1][0]).toBe(String(liquidacion[0].nroautorizacion));
});

test("demo provider: only its entity in the select; another entity's CSV and JSON → 403", async ({
  page,
  request,
  signIn,
}) => {
  test.setTimeout(240_000);
  await waitForSnapshot(request, await adminToken(request));
  await signIn(page, PRESTADOR);
  await page.goto("/liquidacion-prestadores");
  const options = page.getByLabel("Responsable").locator("option");
  await expect(options).toHaveCount(2); // '-Seleccione-' and its own entity
  await expect(options.nth(1)).toHaveText(PRESTADOR.nombre);
  await expect(page.getByLabel("Responsable")).toHaveValue(PRESTADOR.usuario);

  // another entity typed into the URL: the alert, never a row
  await page.goto(`/liquidacion-prestadores?${query(OTRO)}`);
  await expect(page.getByRole("alert")).toContainText("Error al obtener información");
  await expect(page.getByRole("alert")).toContainText(
    "No tiene permiso para consultar la liquidación de ese responsable",
  );
  await expect(page.getByRole("heading", { name: "Listado" })).toHaveCount(0);

  const other = await page.request.get(`/liquidacion-prestadores/liquidacion.csv?${query(OTRO)}`);
  expect(other.status()).toBe(403);
  expect(await other.text()).not.toContain(";");
  const own = await page.request.get(`/liquidacion-prestadores/liquidacion.csv?${query(PRESTADOR.usuario)}`);
  expect(own.status()).toBe(200);
  expect(parse(own.headers()["content-disposition"]).parameters.filename).toBe("liquidacion.csv");

  const token = await apiToken(request, PRESTADOR.usuario, PRESTADOR.password);
  const denied = await request.get(`/api/prestadores/liquidacion?${query(OTRO)}`, {
    headers: { "x-auth-token": token },
  });
  expect(denied.status()).toBe(403);
  expect(await denied.json()).toEqual({ msg: "No tiene permiso para consultar la liquidación de ese responsable" });
  const deniedCsv = await request.get(`/api/prestadores/liquidacion?${query(OTRO, "&exportExcel=true")}`, {
    headers: { "x-auth-token": token },
  });
  expect(deniedCsv.status()).toBe(403);
  const ownJson = await request.get(`/api/prestadores/liquidacion?${query(PRESTADOR.usuario)}`, {
    headers: { "x-auth-token": token },
  });
  expect(ownJson.status()).toBe(200);
  const { liquidacion } = (await ownJson.json()) as { liquidacion: { responsable: string }[] };
  expect(liquidacion.every((r) => r.responsable === PRESTADOR.nombre)).toBe(true);
  const ownCsv = await request.get(`/api/prestadores/liquidacion?${query(PRESTADOR.usuario, "&exportExcel=true")}`, {
    headers: { "x-auth-token": token },
  });
  expect(ownCsv.status()).toBe(200);
  expect(ownCsv.headers()["content-type"]).toContain("text/csv");
});

test("bad input on the API: 400 with the Spanish messages, never a 500", async ({ request }) => {
  const token = await adminToken(request);
  const h = { headers: { "x-auth-token": token } };
  const missing = await request.get("/api/prestadores/liquidacion", h);
  expect(missing.status()).toBe(400);
  expect((await missing.json()).errors).toEqual(
    expect.arrayContaining([{ param: "responsable", msg: "Debe seleccionar un responsable" }]),
  );
  const inverted = await request.get(
    `/api/prestadores/liquidacion?fecha_desde=${HASTA}&fecha_hasta=${DESDE}&responsable=${PRESTADOR.usuario}`,
    h,
  );
  expect(inverted.status()).toBe(400);
  const sqlish = await request.get(`/api/prestadores/liquidacion?${query("' OR 1=1; --")}`, h);
  expect([200, 503]).toContain(sqlish.status());
  if (sqlish.status() === 200) expect((await sqlish.json()).liquidacion).toEqual([]);
});

test("no responsable: 'Debe seleccionar un responsable' once, by the field; no general alert (issue 28)", async ({
  page,
  signIn,
}) => {
  await signIn(page, ADMIN);
  await page.goto("/liquidacion-prestadores");
  const responsable = page.getByLabel("Responsable");
  await expect(responsable).toHaveValue("");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/responsable=(&|$)/);
  await expect(page.getByText("Debe seleccionar un responsable")).toHaveCount(1);
  await expect(responsable).toHaveAttribute("aria-invalid", "true");
  await expect(responsable).toHaveAccessibleDescription("Debe seleccionar un responsable");
  await expect(page.getByText("Error al obtener información")).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousA11yViolations(page);
  }
});

// 'Buscar Ficha' (spec part 1 §2–§6): fichas created through POST /api/onco, then the filter by DNI with the spec's
// columns and status chip, the filters kept in localStorage, the full-screen detail with the drug rows, the delete
// with the confirmation texts, the A4 landscape 'Listado de Fichas' PDF (operation 3), the consulta user (no case
// buttons, no export, a forged delete and a direct PDF link refused) and the same screen without JavaScript (?ver=N,
// ?eliminar=N).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";
import { freeMemberDni } from "./ficha-support";
import { ADMIN, CONSULTA, adminToken, apiToken, waitForHydration } from "./support";

const FORBIDDEN = "No tiene permiso para realizar esta operación";

type Created = { id: number; nro_ficha: number; afi_dni: string; afi_nombre: string; organo: string };
const DRUGS = ["CAPECITABINA E2E", "DOCETAXEL E2E"];

/**
 * Creates a ficha with two drug rows through the JSON API, as admin: INGRESO, or with `from` a drug change
 * (CAMBIO_MEDICAMENTO) or a readmission (REINGRESO) of that ficha. The DNI is a member's no other test uses (a
 * ficha's DNI must be a member's) unless given.
 */
async function createFicha(
  request: APIRequestContext,
  dni?: string,
  from?: { operacion: "change_of_drogs" | "reingreso"; id: number },
): Promise<Created> {
  dni ??= await freeMemberDni(request);
  const token = await adminToken(request);
  const headers = { "x-auth-token": token };
  const organos = (await (await request.get("/api/organo", { headers })).json()) as {
    resultado: { id: number; descripcion: string }[];
  };
  const organo = organos.resultado[0];
  const afi_nombre = `PRUEBA ONCO ${dni}`; // sent, and replaced by the registry's name
  const drug = (droga: string, presentacion: string) => ({
    droga,
    mgrs_protocolo: 1000,
    cantidad: 14,
    dosis_dia: 2000,
    dosis_total: 28000,
    presentacion,
    presentacion_cantidad: 500,
    ciclos: 6,
    frecuencia: 21,
  });
  const res = await request.post("/api/onco", {
    headers,
    data: {
      fecha: "2025-03-10",
      afi_dni: dni,
      afi_nro_afi: "123456/00",
      afi_parentesco: "TITULAR",
      afi_sexo: "F",
      afi_nombre,
      afi_estado_civil: "SOLTERA",
      afi_domicilio: "CALLE FALSA 123",
      afi_localidad: "SAN FERNANDO DEL VALLE DE CATAMARCA",
      fecha_diagnostico: "2025-01-15",
      diagnostico_histologico: "Carcinoma ductal infiltrante",
      organoId: organo.id,
      resumen_historia_clinica: "Resumen de prueba",
      diagnostico: "Cáncer de prueba",
      estadio: "II",
      peso: 65,
      talla: 165,
      sup_corporal: 1.73,
      quimioterapia: true,
      fecha_quimioterapia: "2025-02-01",
      esquema_quimioterapia: "ESQUEMA AC-T E2E",
      observacion: "Observación E2E",
      monodrogas: [drug(DRUGS[0], "Comprimido"), drug(DRUGS[1], "Ampolla")],
      ...(from ? { operacion: from.operacion, id_origen: from.id } : {}),
    },
  });
  expect(res.status(), `POST /api/onco: ${await res.text()}`).toBe(201);
  const { newFicha } = (await res.json()) as { newFicha: { id: number; nro_ficha: number; afi_nombre: string } };
  // the stored name is the registry's for the DNI, not the one sent (issue 26)
  return {
    id: newFicha.id,
    nro_ficha: newFicha.nro_ficha,
    afi_dni: dni,
    afi_nombre: newFicha.afi_nombre,
    organo: organo.descripcion,
  };
}

const table = (page: Page) => page.getByRole("table", { name: "Listado de Fichas" });
/** The row whose FICHA cell is exactly this number (a plain text filter would also match '50' inside '150'). */
const rowByNro = (page: Page, nro: number) =>
  table(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: String(nro), exact: true }) });
const rowOf = (page: Page, f: Created) => table(page).getByRole("row").filter({ hasText: f.afi_nombre });

async function searchByDni(page: Page, dni: string): Promise<void> {
  await page.goto("/buscar-ficha");
  await waitForHydration(page, "form button[type=submit]");
  await page.getByLabel("DNI").fill(dni);
  await page.getByRole("button", { name: "Buscar Ficha" }).click();
  await expect(page).toHaveURL(new RegExp(`afi_dni=${dni}`));
}

test.describe("admin", () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn(page, ADMIN);
    await page.evaluate(() => window.localStorage.clear());
  });

  test("filter by DNI: the spec's columns, status chip and options; filters restored from localStorage", async ({
    page,
    request,
  }) => {
    const f = await createFicha(request);
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    await searchByDni(page, f.afi_dni);
    // auto-retrying: the table appears when the search's data arrives
    await expect(table(page).locator("thead th")).toHaveText([
      "APELLIDO Y NOMBRE",
      "DNI",
      "ORGANO",
      "FECHA",
      "FICHA",
      "ESTADO",
      "OPCIONES",
    ]);
    const row = rowOf(page, f);
    await expect(row).toHaveCount(1);
    const cells = row.getByRole("cell");
    await expect(cells.nth(1)).toHaveText(f.afi_dni);
    await expect(cells.nth(2)).toHaveText(f.organo);
    await expect(cells.nth(3)).toHaveText("10/03/2025");
    await expect(cells.nth(4)).toHaveText(String(f.nro_ficha));
    await expect(cells.nth(5).locator(".ui-chip")).toHaveText("INGRESO");
    await expect(cells.nth(5).locator(".ui-chip")).toHaveClass(/ui-chip--info/);
    for (const name of ["Ver ficha", "Modificar ficha", "Eliminar ficha", "Cambio de Medicamento", "Reingreso"]) {
      await expect(row.getByRole("link", { name })).toBeVisible();
    }
    await expect(row.getByRole("link", { name: "Modificar ficha" })).toHaveAttribute(
      "href",
      `/nueva-ficha?op=update&id=${f.id}`,
    );
    await expect(row.getByRole("link", { name: "Cambio de Medicamento" })).toHaveAttribute(
      "href",
      `/nueva-ficha?op=change_of_drogs&id=${f.id}`,
    );
    await expect(row.getByRole("link", { name: "Reingreso" })).toHaveAttribute(
      "href",
      `/nueva-ficha?op=reingreso&id=${f.id}`,
    );

    // Another status finds nothing for that DNI.
    await page.getByLabel("Estado").selectOption("REINGRESO");
    await page.getByRole("button", { name: "Buscar Ficha" }).click();
    await expect(table(page)).toContainText("La búsqueda no ha encontrado ningún resultado");
    await page.getByLabel("Estado").selectOption("INGRESO");
    await page.getByRole("button", { name: "Buscar Ficha" }).click();
    await expect(rowOf(page, f)).toHaveCount(1);

    // localStorage: /buscar-ficha without a query comes back with the last search.
    await page.goto("/buscar-ficha");
    await expect(page).toHaveURL(new RegExp(`afi_dni=${f.afi_dni}`));
    await expect(page.getByLabel("DNI")).toHaveValue(f.afi_dni);
    await expect(rowOf(page, f)).toHaveCount(1);

    // Limpiar Filtros forgets them.
    await waitForHydration(page, "form button[type=submit]");
    await page.getByRole("link", { name: "Limpiar Filtros" }).click();
    await expect(page).toHaveURL((u) => u.pathname === "/buscar-ficha" && u.search === "");
    await expect(page.getByLabel("DNI")).toHaveValue("");
    await page.reload();
    await waitForHydration(page, "form button[type=submit]");
    await expect(page).toHaveURL((u) => u.search === "");
    await expect(table(page)).toHaveCount(0);
    expect(errors).toEqual([]); // no hydration mismatch or script error
  });

  test("Estado TODOS lists INGRESO, CAMBIO_MEDICAMENTO and REINGRESO of the DNI; INGRESO stays the default; saved and exported", async ({
    page,
    request,
  }) => {
    const dni = await freeMemberDni(request);
    const ingreso = await createFicha(request, dni);
    const cambio = await createFicha(request, dni, { operacion: "change_of_drogs", id: ingreso.id });
    const reingreso = await createFicha(request, dni, { operacion: "reingreso", id: cambio.id });
    await page.goto("/buscar-ficha");
    await waitForHydration(page, "form button[type=submit]");
    const estado = page.getByLabel("Estado");
    await expect(estado).toHaveValue("INGRESO"); // the spec's default
    await expect(estado.locator("option")).toHaveText(["TODOS", "INGRESO", "CAMBIO_MEDICAMENTO", "REINGRESO"]);
    await page.getByLabel("DNI").fill(dni);
    await page.getByRole("button", { name: "Buscar Ficha" }).click();
    await expect(table(page).locator("tbody tr")).toHaveCount(1);
    await expect(rowByNro(page, ingreso.nro_ficha)).toHaveCount(1);

    await estado.selectOption("TODOS");
    await page.getByRole("button", { name: "Buscar Ficha" }).click();
    await expect(page).toHaveURL(/estado_ficha=TODOS/);
    await expect(table(page).locator("tbody tr")).toHaveCount(3);
    for (const [f, chip] of [
      [ingreso, "INGRESO"],
      [cambio, "CAMBIO_MEDICAMENTO"],
      [reingreso, "REINGRESO"],
    ] as const) {
      await expect(rowByNro(page, f.nro_ficha).locator(".ui-chip")).toHaveText(chip);
    }

    // localStorage: the TODOS search comes back on /buscar-ficha
    await page.goto("/buscar-ficha");
    await expect(page).toHaveURL(/estado_ficha=TODOS/);
    await expect(page.getByLabel("Estado")).toHaveValue("TODOS");
    await expect(table(page).locator("tbody tr")).toHaveCount(3);

    // the A4 'Listado de Fichas' with the same filter lists the three (text read with pdftotext, poppler-utils)
    const pdf = await page.request.get(`/buscar-ficha/report.pdf?afi_dni=${dni}&organoId=-1&estado_ficha=TODOS`);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 4).toString("latin1")).toBe("%PDF");
    const file = test.info().outputPath("todos.pdf");
    fs.writeFileSync(file, await pdf.body());
    const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
    expect(text).toContain("Estado: TODOS");
    for (const f of [ingreso, cambio, reingreso]) expect(text).toContain(String(f.nro_ficha));
    expect(text).toContain("CAMBIO_MEDICAMENTO");
    expect(text).toContain("REINGRESO");
  });

  for (const [name, size] of [
    ["desktop", { width: 1280, height: 800 }],
    ["390 px", { width: 390, height: 844 }],
  ] as const) {
    test(`accessibility (${name}): no serious axe violation with results and with the detail open`, async ({
      page,
      request,
    }) => {
      const f = await createFicha(request);
      await page.setViewportSize(size);
      // on a phone the drawer overlays the screen: start with it closed (the shell remembers it)
      if (size.width < 800) await page.evaluate(() => window.localStorage.setItem("osep.drawer.open", "0"));
      await page.goto(`/buscar-ficha?afi_dni=${f.afi_dni}&organoId=-1&estado_ficha=INGRESO`);
      await waitForHydration(page, "form button[type=submit]");
      await expect(page.locator("#drawer")).toBeVisible({ visible: size.width >= 800 });
      await expect(rowOf(page, f)).toHaveCount(1);
      await expectNoSeriousA11yViolations(page);
      await rowOf(page, f).getByRole("link", { name: "Ver ficha" }).click();
      const dialog = page.getByRole("dialog", { name: `Ficha ${f.nro_ficha}` });
      await expect(dialog.getByRole("table", { name: "Monodrogas de la ficha" }).locator("tbody tr")).toHaveCount(2);
      // the detail itself (its drug-table scroll box is a focusable, named region)
      await expectNoSeriousA11yViolations(page, ".ficha-detalle");
      await expect(dialog.getByRole("region", { name: "Monodrogas" })).toHaveAttribute("tabindex", "0");
      // the whole page, the dialog's own scroll body included (shared Dialog)
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("bad filters get a clear message (the screen, its PDF and the API alike)", async ({ page, request }) => {
    await page.goto("/buscar-ficha?afi_dni=12ab&organoId=-1&estado_ficha=INGRESO");
    await expect(page.getByText("DNI inválido")).toBeVisible();
    await expect(page.getByLabel("DNI")).toHaveValue("12ab"); // kept as typed, beside its message
    const pdf = await page.goto("/buscar-ficha/report.pdf?afi_dni=12A");
    expect(pdf!.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("DNI inválido");
    const api = await request.post("/api/onco/buscarporfiltro", {
      headers: { "x-auth-token": await adminToken(request) },
      data: { afi_dni: "12ab" },
    });
    expect(api.status()).toBe(400);
    expect(((await api.json()) as { msg: string }).msg).toMatch(/DNI inválido/);
    await page.goto("/buscar-ficha?fecha_desde=2025-05-01&fecha_hasta=2025-01-01&organoId=-1&estado_ficha=INGRESO");
    await expect(page.getByText("La fecha desde no puede ser posterior a la fecha hasta")).toBeVisible();
    await expect(table(page)).toHaveCount(0);
    // impossible or out-of-range values: the field's message and no search, never a server error (issue 12)
    for (const [query, text] of [
      ["fecha_desde=2026-02-30", "Fecha inválida"],
      ["fecha_hasta=0000-01-01", "Fecha inválida"],
      ["organoId=99999999999", "Órgano inválido"],
    ]) {
      const res = await page.goto(`/buscar-ficha?${query}&estado_ficha=INGRESO`);
      expect(res!.status(), query).toBe(200);
      await expect(page.getByText(text)).toBeVisible();
      await expect(table(page)).toHaveCount(0);
      expect((await page.request.get(`/buscar-ficha/report.pdf?${query}`)).status(), query).toBe(400);
    }
  });

  test("the full-screen detail shows the whole case and its drug rows", async ({ page, request }) => {
    const f = await createFicha(request);
    await searchByDni(page, f.afi_dni);
    await rowOf(page, f).getByRole("link", { name: "Ver ficha" }).click();
    const dialog = page.getByRole("dialog", { name: `Ficha ${f.nro_ficha}` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(f.afi_nombre);
    await expect(dialog).toContainText("ESQUEMA AC-T E2E");
    await expect(dialog).toContainText("01/02/2025");
    await expect(dialog).toContainText("Observación E2E");
    const drugs = dialog.getByRole("table", { name: "Monodrogas de la ficha" }).locator("tbody tr");
    await expect(drugs).toHaveCount(2);
    await expect(drugs.nth(0)).toContainText(DRUGS[0]);
    await expect(drugs.nth(0)).toContainText("Comprimido");
    await expect(drugs.nth(1)).toContainText(DRUGS[1]);
    await expect(drugs.nth(1)).toContainText("Ampolla");
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog).toHaveCount(0);

    // A bookmarked ?ver=N opens the dialog on load; closing it drops ver from the URL.
    await page.goto(`/buscar-ficha?afi_dni=${f.afi_dni}&organoId=-1&estado_ficha=INGRESO&ver=${f.id}`);
    await waitForHydration(page, "form button[type=submit]");
    await expect(dialog.getByRole("table", { name: "Monodrogas de la ficha" }).locator("tbody tr")).toHaveCount(2);
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(page).not.toHaveURL(/ver=/);
    await expect(rowOf(page, f)).toHaveCount(1);
  });

  test("delete asks with the spec's texts, then 'Eliminada!' and the row is gone", async ({ page, request }) => {
    const dni = await freeMemberDni(request);
    const keep = await createFicha(request, dni);
    const gone = await createFicha(request, dni);
    await searchByDni(page, dni);
    await expect(table(page).locator("tbody tr")).toHaveCount(2);
    await rowByNro(page, gone.nro_ficha).getByRole("link", { name: "Eliminar ficha" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Está seguro de eliminar la ficha?" });
    await expect(confirm).toContainText("No será posible revertir la operación!");
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await expect(table(page).locator("tbody tr")).toHaveCount(2);
    await rowByNro(page, gone.nro_ficha).getByRole("link", { name: "Eliminar ficha" }).click();
    await confirm.getByRole("button", { name: "Si, eliminar la ficha!" }).click();
    const done = page.getByRole("status").filter({ hasText: "Eliminada!" });
    await expect(done).toContainText("La Ficha se ha eliminado correctamente");
    await expect(table(page).locator("tbody tr")).toHaveCount(1);
    await expect(table(page)).toContainText(String(keep.nro_ficha));
    await expect(done).toHaveCount(0, { timeout: 6000 }); // auto-hide
    const res = await request.get(`/api/onco/buscarporid/${gone.id}`, {
      headers: { "x-auth-token": await adminToken(request) },
    });
    expect(res.status()).toBe(404); // deleted (soft): no longer found
  });

  test("Exportar a PDF downloads report.pdf: A4 landscape 'Listado de Fichas' with the rows", async ({
    page,
    request,
  }, info) => {
    const f = await createFicha(request);
    await searchByDni(page, f.afi_dni);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Exportar a PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("report.pdf");
    expect(new URL(download.url()).searchParams.get("afi_dni")).toBe(f.afi_dni); // the filters searched
    const file = info.outputPath("report.pdf");
    await download.saveAs(file);
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
    const boxes = [...bytes.toString("latin1").matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)];
    expect(boxes.length).toBeGreaterThan(0);
    for (const [, w, h] of boxes) {
      expect(Math.abs(Number(w) - 842)).toBeLessThan(2);
      expect(Math.abs(Number(h) - 595)).toBeLessThan(2);
    }
    const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
    expect(text).toContain("Listado de Fichas");
    expect(text).toContain(f.afi_nombre);
    expect(text).toContain(f.afi_dni);
    expect(text).toContain(String(f.nro_ficha));
    expect(text).toContain("INGRESO");
  });
});

test.describe("consulta", () => {
  test("sees the search and the detail, no case buttons, no export; a forged delete and the PDF are refused", async ({
    page,
    request,
    signIn,
  }) => {
    const f = await createFicha(request);
    await signIn(page, CONSULTA);
    await page.evaluate(() => window.localStorage.clear());
    await searchByDni(page, f.afi_dni);
    const row = rowOf(page, f);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("link", { name: "Ver ficha" })).toBeVisible();
    await expect(row.getByRole("link")).toHaveCount(1);
    for (const name of ["Modificar", "Eliminar", "Cambio de Medicamento", "Reingreso"])
      await expect(table(page).getByText(name, { exact: true })).toHaveCount(0);
    // operation 3 ('Exportar listado de fichas a PDF') is not in the CONSULTA profile
    await expect(page.getByRole("button", { name: "Buscar Ficha" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Exportar a PDF" })).toHaveCount(0);
    await row.getByRole("link", { name: "Ver ficha" }).click();
    await expect(
      page
        .getByRole("dialog", { name: `Ficha ${f.nro_ficha}` })
        .getByRole("table", { name: "Monodrogas de la ficha" })
        .locator("tbody tr"),
    ).toHaveCount(2);

    const forged = await page.request.post("/buscar-ficha", { form: { intent: "eliminar", id: String(f.id) } });
    expect(forged.status()).toBe(403);
    const noConfirm = await page.request.get(
      `/buscar-ficha?afi_dni=${f.afi_dni}&organoId=-1&estado_ficha=INGRESO&eliminar=${f.id}`,
    );
    expect(await noConfirm.text()).not.toContain("Si, eliminar la ficha!");
    await page.reload();
    await expect(rowOf(page, f)).toHaveCount(1); // still there

    // The PDF by its address: the app's 403 page for the browser, JSON { msg } for an API client.
    const query = `afi_dni=${f.afi_dni}&organoId=-1&estado_ficha=INGRESO`;
    const res = await page.goto(`/buscar-ficha/report.pdf?${query}`);
    expect(res!.status()).toBe(403);
    expect(res!.headers()["content-type"]).toMatch(/text\/html/);
    await expect(page.getByRole("alert")).toContainText(FORBIDDEN);
    await expect(page.getByRole("link", { name: "Volver" })).toHaveAttribute("href", "/buscar-ficha");
    const token = await apiToken(request, CONSULTA.usuario, CONSULTA.password);
    const api = await request.get(`/buscar-ficha/report.pdf?${query}`, { headers: { "x-auth-token": token } });
    expect(api.status()).toBe(403);
    expect(await api.json()).toEqual({ msg: FORBIDDEN });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("GET search, ?ver=N detail section, ?eliminar=N confirmation and delete", async ({ page, request, signIn }) => {
    const dni = await freeMemberDni(request);
    const keep = await createFicha(request, dni);
    const gone = await createFicha(request, dni);
    await signIn(page, ADMIN);
    await page.goto("/buscar-ficha");
    await page.getByLabel("DNI").fill(dni);
    await page.getByRole("button", { name: "Buscar Ficha" }).click();
    await expect(table(page).locator("tbody tr")).toHaveCount(2);

    await rowByNro(page, keep.nro_ficha).getByRole("link", { name: "Ver ficha" }).click();
    await expect(page).toHaveURL(new RegExp(`ver=${keep.id}`));
    const section = page.getByRole("region", { name: "Detalle de la Ficha" });
    await expect(section.getByRole("table", { name: "Monodrogas de la ficha" }).locator("tbody tr")).toHaveCount(2);
    await section.getByRole("link", { name: "Cerrar" }).click();
    await expect(page).not.toHaveURL(/ver=/);

    await rowByNro(page, gone.nro_ficha).getByRole("link", { name: "Eliminar ficha" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Está seguro de eliminar la ficha?" });
    await expect(confirm).toContainText("No será posible revertir la operación!");
    await confirm.getByRole("button", { name: "Si, eliminar la ficha!" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Eliminada!" })).toContainText(
      "La Ficha se ha eliminado correctamente",
    );
    await expect(table(page).locator("tbody tr")).toHaveCount(1);
    await expect(page.getByRole("alertdialog")).toHaveCount(0);

    // Exportar a PDF is a plain link to the PDF of the filters searched.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Exportar a PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("report.pdf");
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
  });
});

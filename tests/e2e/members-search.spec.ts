// 'Consulta de Padrón de Afiliados' and the member detail: each search method, row click → detail dialog, tabs
// per operation (admin vs consulta), family row, close, the status certificate PDF, and the JSON API.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, adminToken, apiToken, CONSULTA, waitForHydration } from "./support";

type Afiliado = { idafi: number; apeynom: string; numdoc: string; nroafi: string; grupo: string };
type Detail = { afiliado: Afiliado; familiares: { idafi: number; apeynom: string }[]; notas_ag: unknown[] };

const ALL_TABS = [
  "Afiliación",
  "Notas",
  "Ficha de Consumo",
  "Internaciones",
  "Aportes",
  "Datos Laborales",
  "Expedientes",
];

async function findMember(request: APIRequestContext, ok: (d: Detail) => boolean): Promise<Detail> {
  const token = await adminToken(request);
  for (let id = 1; id < 400; id++) {
    const res = await request.get(`/api/afiliado/buscarporidafi/${id}`, { headers: { "x-auth-token": token } });
    if (res.status() !== 200) continue;
    const d = (await res.json()) as Detail;
    if (ok(d)) return d;
  }
  throw new Error("no demo member fits");
}

async function openSearch(page: Page) {
  await page.goto("/consultar-padron");
  await expect(page.getByText("Consulta de Padrón de Afiliados").first()).toBeVisible();
  await waitForHydration(page, "form[role=search] input");
}

const dialog = (page: Page) => page.getByRole("dialog");

test.describe("admin", () => {
  test.beforeEach(async ({ page, signIn }) => signIn(page, ADMIN));

  test("search by DNI, by member number and by name; only the chosen input is enabled", async ({ page, request }) => {
    const { afiliado: m } = await findMember(request, () => true);
    await openSearch(page);
    const dni = page.getByLabel("Ingrese el DNI");
    const nro = page.getByLabel("Ingrese el número de afiliado");
    const nombre = page.getByLabel("Ingrese parte del apellido y/o nombre");
    await expect(dni).toBeEnabled();
    await expect(nro).toBeDisabled();
    await expect(nombre).toBeDisabled();

    await dni.fill(m.numdoc);
    await page.getByRole("button", { name: "Buscar" }).click();
    const table = page.getByRole("table", { name: "Resultados de la búsqueda" });
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table.getByRole("row").nth(1)).toContainText(m.apeynom);
    for (const h of ["Apellido y Nombre", "DNI", "Grupo", "Número", "Nro. Familiar", "Parentesco", "Id"]) {
      await expect(table.getByRole("columnheader", { name: h, exact: true })).toBeVisible();
    }

    await page.getByRole("radio", { name: "Número de Afiliado" }).check();
    await expect(dni).toBeDisabled();
    await expect(nro).toBeEnabled();
    await nro.fill(m.nroafi);
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/metodo=nroafi/);
    await expect(table.getByRole("row").nth(1)).toContainText(m.numdoc);

    await page.getByRole("radio", { name: "Apellido y/o Nombre" }).check();
    await nombre.fill("gonzalez");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(table.getByRole("row").nth(1)).toContainText("GONZÁLEZ");

    await nombre.fill("zzqxw");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByText("La búsqueda no ha encontrado ningún resultado")).toBeVisible();

    await nombre.fill("   ");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByText("Debe especificar un apellido o nombre")).toBeVisible();
  });

  test("row click opens the detail dialog with every tab; family row loads that member; close returns", async ({
    page,
    request,
  }) => {
    const d = await findMember(request, (x) => x.familiares.length >= 2 && x.notas_ag.length > 0);
    await openSearch(page);
    await page.getByLabel("Ingrese el DNI").fill(d.afiliado.numdoc);
    await page.getByRole("button", { name: "Buscar" }).click();
    await page
      .getByRole("table", { name: "Resultados de la búsqueda" })
      .getByRole("row")
      .nth(1)
      .getByRole("cell")
      .nth(2)
      .click();

    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole("heading", { name: d.afiliado.apeynom })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/consultar-padron/${d.afiliado.idafi}\\?metodo=dni`));
    for (const h of ["Datos Principales", "Domicilio", "Estado"])
      await expect(dialog(page).getByRole("heading", { name: h })).toBeVisible();
    await expect(dialog(page).getByText("Vencimiento:")).toBeVisible();
    await expect(dialog(page).getByRole("table", { name: "Grupo Familiar" })).toBeVisible();
    await expect(dialog(page).getByRole("table", { name: "Coberturas" })).toBeVisible();
    await expect(dialog(page).getByRole("link", { name: "Imprimir Constancia" })).toBeVisible();
    await expect(dialog(page).getByRole("tab")).toHaveText(ALL_TABS);
    await expect(dialog(page).getByRole("heading", { name: "Datos de Afiliación" })).toBeVisible();

    await dialog(page).getByRole("tab", { name: "Notas" }).click();
    await expect(page).toHaveURL(/tab=notas/);
    await expect(dialog(page).getByRole("heading", { name: "Notas - Sistema Viejo" })).toBeVisible();
    // operation 13 'Exportar notas del afiliado': the link, and the file it downloads
    const exportNotas = dialog(page).getByRole("link", { name: "Exportar a Excel" });
    await expect(exportNotas).toHaveAttribute("href", `/consultar-padron/${d.afiliado.idafi}/notas.xlsx`);
    const [notas] = await Promise.all([page.waitForEvent("download"), exportNotas.click()]);
    expect(notas.suggestedFilename()).toBe(`notas-afiliado-${d.afiliado.nroafi}.xlsx`);
    expect(
      fs
        .readFileSync(await notas.path())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");

    await dialog(page).getByRole("tab", { name: "Datos Laborales" }).click();
    await expect(dialog(page).getByText("En desarrollo...")).toBeVisible();
    await dialog(page).getByRole("tab", { name: "Aportes" }).click();
    await expect(dialog(page).getByRole("heading", { name: /^Aportes/ })).toBeVisible();

    const other = d.familiares.find((f) => f.idafi !== d.afiliado.idafi)!;
    await dialog(page)
      .getByRole("table", { name: "Grupo Familiar" })
      .getByRole("row", { name: new RegExp(other.apeynom) })
      .click();
    await expect(dialog(page).getByRole("heading", { name: other.apeynom })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/consultar-padron/${other.idafi}\\?`));

    await dialog(page).getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(
      (u) => u.pathname === "/consultar-padron" && u.searchParams.get("metodo") === "dni" && !u.searchParams.has("tab"),
    );
    await expect(page.getByRole("table", { name: "Resultados de la búsqueda" })).toBeVisible();
  });

  test("retiree and active members see their own contribution columns", async ({ page, request }) => {
    const retiree = await findMember(request, (x) =>
      ["01", "02", "03", "04", "05", "06", "99"].includes(x.afiliado.grupo),
    );
    await page.goto(`/consultar-padron/${retiree.afiliado.idafi}?tab=aportes`);
    await expect(dialog(page).getByRole("columnheader", { name: "Suma de Beneficios" })).toBeVisible();
    await expect(dialog(page).getByRole("columnheader", { name: "Rem. Imponible" })).toHaveCount(0);
    const active = await findMember(request, (x) => x.afiliado.grupo === "10");
    await page.goto(`/consultar-padron/${active.afiliado.idafi}?tab=aportes`);
    await expect(dialog(page).getByRole("columnheader", { name: "Rem. Imponible" })).toBeVisible();
    await expect(dialog(page).getByRole("columnheader", { name: "Suma de Beneficios" })).toHaveCount(0);
  });

  test("the certificate downloads as one A5 landscape page with the member's name", async ({ page, request }) => {
    const { afiliado: m } = await findMember(request, () => true);
    await page.goto(`/consultar-padron/${m.idafi}`);
    await expect(dialog(page)).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog(page).getByRole("link", { name: "Imprimir Constancia" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("constancia-estado-afiliado.pdf");
    await expect(dialog(page).getByRole("link", { name: "haga clic aquí" })).toHaveAttribute(
      "href",
      `/consultar-padron/${m.idafi}/constancia`,
    );
    await expect(dialog(page).getByText("Si la descarga no comienza,")).toBeVisible();
    const file = await download.path();
    const bytes = fs.readFileSync(file).toString("latin1");
    expect(bytes.startsWith("%PDF")).toBe(true);
    expect(bytes.match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
    const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(bytes)!;
    const [w, h] = [Number(box[1]), Number(box[2])];
    expect(Math.abs(w - 595.3)).toBeLessThan(2); // 210 mm wide
    expect(Math.abs(h - 419.5)).toBeLessThan(2); // 148 mm high: landscape
    // pdftotext (poppler-utils) is installed by npm test like chromium
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"]).toString("utf8");
    expect(text.replace(/\s+/g, " ")).toContain(m.apeynom);
    expect(text).toContain("válida a la fecha de emisión");
  });

  test("unknown member → 404 page in Spanish", async ({ page }) => {
    const res = await page.goto("/consultar-padron/99999999");
    expect(res?.status()).toBe(404);
    await expect(page.getByText("El afiliado solicitado no existe.")).toBeVisible();
    expect((await page.goto("/consultar-padron/abc"))?.status()).toBe(404);
    expect((await page.request.get("/consultar-padron/99999999/notas.xlsx")).status()).toBe(404);
  });
});

test.describe("consulta", () => {
  test("sees Afiliación, Notas and Ficha de Consumo only, no certificate, and cannot export the notes", async ({
    page,
    request,
    signIn,
  }) => {
    await signIn(page, CONSULTA);
    const { afiliado: m } = await findMember(request, () => true);
    await page.goto(`/consultar-padron/${m.idafi}`);
    await expect(dialog(page).getByRole("heading", { name: m.apeynom })).toBeVisible();
    await expect(dialog(page).getByRole("tab")).toHaveText(["Afiliación", "Notas", "Ficha de Consumo"]);
    await expect(dialog(page).getByRole("link", { name: "Imprimir Constancia" })).toHaveCount(0);
    await page.goto(`/consultar-padron/${m.idafi}?tab=aportes`); // a tab it does not hold falls back to the first
    await expect(dialog(page).getByRole("heading", { name: "Datos de Afiliación" })).toBeVisible();
    const pdf = await page.request.get(`/consultar-padron/${m.idafi}/constancia`);
    expect(pdf.status()).toBe(403);
    // operation 14 shows the notes; exporting them is operation 13, which the demo profile CONSULTA does not hold
    await page.goto(`/consultar-padron/${m.idafi}?tab=notas`);
    await expect(dialog(page).getByRole("heading", { name: "Notas - Sistema Viejo" })).toBeVisible();
    await expect(dialog(page).getByRole("link", { name: "Exportar a Excel" })).toHaveCount(0);
    const xlsx = await page.request.get(`/consultar-padron/${m.idafi}/notas.xlsx`);
    expect(xlsx.status()).toBe(403);
    expect(xlsx.headers()["content-type"]).not.toMatch(/spreadsheetml/);
  });
});

test.describe("JSON API", () => {
  test("search, detail and contributions with the spec's keys; bad input → 400 in Spanish", async ({ request }) => {
    const token = await adminToken(request);
    const h = { "x-auth-token": token };
    const d = await findMember(request, (x) => x.afiliado.grupo === "10");
    const byDni = await request.get(`/api/afiliado/?targetField=dni&dni=${d.afiliado.numdoc}`, { headers: h });
    expect(byDni.status()).toBe(200);
    const { resultado } = await byDni.json();
    expect(resultado[0]).toMatchObject({
      idafi: d.afiliado.idafi,
      apeynom: d.afiliado.apeynom,
      nroafi: d.afiliado.nroafi,
    });

    const byName = await request.get(`/api/afiliado/?targetField=nombre&nombre=gonzalez`, { headers: h });
    expect((await byName.json()).resultado[0].apeynom).toMatch(/^GONZÁLEZ/);

    for (const [q, msg] of [
      ["targetField=dni&dni=12a45", "El DNI debe contener solo números (hasta 9 dígitos)"],
      ["targetField=nombre&nombre=", "Debe especificar un apellido o nombre"],
      ["targetField=xx", "targetField debe ser dni, nombre o nroafi"],
      [`targetField=dni&dni=${"9".repeat(10000)}`, "El DNI debe contener solo números (hasta 9 dígitos)"],
    ]) {
      const res = await request.get(`/api/afiliado/?${q}`, { headers: h });
      expect(res.status(), q.slice(0, 40)).toBe(400);
      expect((await res.json()).msg).toBe(msg);
    }

    const det = await request.get(`/api/afiliado/buscarporidafi/${d.afiliado.idafi}`, { headers: h });
    expect(Object.keys(await det.json()).sort()).toEqual([
      "afiliado",
      "autorizaciones",
      "domicilio",
      "familiares",
      "historico_ag",
      "notas_ag",
      "planes",
    ]);
    expect((await request.get("/api/afiliado/buscarporidafi/abc", { headers: h })).status()).toBe(400);
    expect((await request.get("/api/afiliado/buscarporidafi/99999999", { headers: h })).status()).toBe(404);

    const a = d.afiliado as Afiliado & { cuil_prefijo: string; cuil_nrocentral: string; cuil_dtoverific: string };
    const cuil = `${a.cuil_prefijo}${a.cuil_nrocentral}${a.cuil_dtoverific}`;
    const ap = await request.get(`/api/aportes/?afi_cuil=${cuil}&orderField=fecha&orderType=DESC`, { headers: h });
    expect(ap.status()).toBe(200);
    const { aportes } = await ap.json();
    expect(Array.isArray(aportes)).toBe(true);
    const bad = await request.get(`/api/aportes/?afi_cuil=20-1&orderField=fecha&orderType=DESC`, { headers: h });
    expect(bad.status()).toBe(400);

    const consulta = await apiToken(request, CONSULTA.usuario, CONSULTA.password);
    expect(
      (await request.get(`/api/aportes/?afi_cuil=${cuil}`, { headers: { "x-auth-token": consulta } })).status(),
    ).toBe(403);
    expect((await request.get(`/api/afiliado/?targetField=dni&dni=1`)).status()).toBe(401);
  });
});

// Member detail, authorisation side, without JavaScript: the filters are a GET form that keeps the tab, the
// sub-tabs are links, and a stay's authorisations show inline (?internacion=N) with Excel and Cerrar links.
import { expect, type APIRequestContext } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, adminToken } from "./support";

type Auth = { idafi: number; fecha: string; nrointernacion: number | null };

test("filters, sub-tabs and the stay list work as plain HTML", async ({ page, request, signIn }) => {
  const token = await adminToken(request);
  const res = await request.get("/api/afiliado/autorizaciones?consultaGlobal=true", {
    headers: { "x-auth-token": token },
  });
  const { autorizaciones } = (await res.json()) as { autorizaciones: Auth[] };
  const a = autorizaciones.find((x) => x.nrointernacion != null)!;
  await signIn(page, ADMIN);

  await page.goto(`/consultar-padron/${a.idafi}?tab=consumo`);
  const table = page.getByRole("table", { name: "Autorizaciones del afiliado" });
  await expect(table).toBeVisible();
  await page.getByLabel("Fecha desde").fill(a.fecha);
  await page.getByLabel("Fecha hasta").fill(a.fecha);
  await page.getByRole("region", { name: "Listado de Autorizaciones" }).getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(new RegExp(`tab=consumo.*fecha_desde=${a.fecha}`));
  // the URL changes when the new document commits; wait for its rows before reading them
  await page.waitForLoadState("load");
  await expect(table.locator("tbody tr td:nth-child(2)").first()).toHaveText(a.fecha.split("-").reverse().join("/"));
  const dates = await table.locator("tbody tr td:nth-child(2)").allTextContents();
  expect(dates.length).toBeGreaterThan(0);
  expect(new Set(dates)).toEqual(new Set([a.fecha.split("-").reverse().join("/")]));

  await page.getByRole("link", { name: "Consumo Medicamentos" }).click();
  await expect(page).toHaveURL(/tab=consumo.*sub=medicamentos/);
  await expect(page.getByRole("table", { name: "Consumo de medicamentos" })).toBeVisible();

  await page.goto(`/consultar-padron/${a.idafi}?tab=internaciones`);
  await page.getByRole("link", { name: `Internación N° ${a.nrointernacion}: ver autorizaciones` }).click();
  await expect(page).toHaveURL(new RegExp(`internacion=${a.nrointernacion}`));
  const inline = page.getByRole("region", { name: `Listado de autorizaciones - Internación N° ${a.nrointernacion}` });
  await expect(
    inline.getByRole("table", { name: "Autorizaciones de la internación" }).locator("tbody tr").first(),
  ).toBeVisible();
  await expect(inline.getByRole("link", { name: "Exportar a Excel" })).toHaveAttribute(
    "href",
    `/consultar-padron/${a.idafi}/internaciones/${a.nrointernacion}.xlsx`,
  );
  await inline.getByRole("link", { name: "Cerrar" }).click();
  await expect(page).not.toHaveURL(/internacion=/);
  await expect(inline).toHaveCount(0);
});

// Issue 10: the authorisation detail, the practice counters and 'Resumen' are links (?autorizacion=, ?practica=,
// ?resumen=1) that the loader reads; without JavaScript each shows as a section of the page with 'Cerrar'.
async function memberAuths(request: APIRequestContext) {
  const token = await adminToken(request);
  const res = await request.get("/api/afiliado/autorizaciones?consultaGlobal=true", {
    headers: { "x-auth-token": token },
  });
  const { autorizaciones } = (await res.json()) as {
    autorizaciones: (Auth & { nroautorizacion: number; practica: string })[];
  };
  const a = autorizaciones[0];
  const mine = await request.get(`/api/afiliado/autorizaciones?idafi=${a.idafi}`, {
    headers: { "x-auth-token": token },
  });
  const rows = ((await mine.json()) as { autorizaciones: (Auth & { nroautorizacion: number; practica: string })[] })
    .autorizaciones;
  return { idafi: a.idafi, rows };
}

test("authorisation detail without JavaScript: a link to ?autorizacion= shows the detail inline", async ({
  page,
  request,
  signIn,
}) => {
  const { idafi, rows } = await memberAuths(request);
  const a = rows[0];
  await signIn(page, ADMIN);
  await page.goto(`/consultar-padron/${idafi}?tab=consumo`);
  await page.getByRole("link", { name: `Autorización ${a.nroautorizacion}: ver detalle` }).click();
  await expect(page).toHaveURL(new RegExp(`autorizacion=${a.nroautorizacion}`));
  await expect(page).toHaveURL(/tab=consumo/);
  const panel = page.getByRole("region", { name: `Autorización N° ${a.nroautorizacion}` });
  await expect(panel).toBeVisible();
  for (const label of ["Tipo de pago", "Estado A/I", "Auditor", "Fecha vencimiento"])
    await expect(panel.getByText(label, { exact: true })).toBeVisible();
  await panel.getByRole("link", { name: "Cerrar" }).click();
  await expect(page).not.toHaveURL(/autorizacion=/);
  await expect(page.getByRole("region", { name: `Autorización N° ${a.nroautorizacion}` })).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Autorizaciones del afiliado" })).toBeVisible();
});

test("practice counters without JavaScript: a link to ?practica= shows the counters inline", async ({
  page,
  request,
  signIn,
}) => {
  const { idafi, rows } = await memberAuths(request);
  const a = rows[0];
  const same = rows.filter((r) => r.practica === a.practica).length;
  await signIn(page, ADMIN);
  await page.goto(`/consultar-padron/${idafi}?tab=consumo`);
  await page
    .getByRole("link", { name: `Práctica ${a.practica}: ver contadores` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`practica=${a.practica}`));
  const panel = page.getByRole("region", { name: new RegExp(`^Práctica ${a.practica}`) });
  await expect(panel).toBeVisible();
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
    await expect(panel.getByRole("listitem").filter({ hasText: label }).first()).toBeVisible();
  }
  await expect(panel.locator('[data-counter="emitidas"] strong')).toHaveText(String(same));
  await panel.getByRole("link", { name: "Cerrar" }).click();
  await expect(page).not.toHaveURL(/practica=/);
});

test("Resumen without JavaScript: a link to ?resumen=1 shows the summary inline, its practices link to the counters", async ({
  page,
  request,
  signIn,
}) => {
  const { idafi, rows } = await memberAuths(request);
  await signIn(page, ADMIN);
  await page.goto(`/consultar-padron/${idafi}?tab=consumo`);
  await page.getByRole("link", { name: "Resumen", exact: true }).click();
  await expect(page).toHaveURL(/resumen=1/);
  const panel = page.getByRole("region", { name: "Resumen" });
  await expect(panel.locator('[data-counter="emitidas"] strong')).toHaveText(String(rows.length));
  const table = panel.getByRole("table", { name: "Autorizaciones por práctica" });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  const first = (await table.locator("tbody tr td").first().innerText()).trim();
  await table.getByRole("link", { name: new RegExp(`^Práctica ${first}`) }).click();
  await expect(page).toHaveURL(new RegExp(`practica=${first}`));
  await expect(page).not.toHaveURL(/resumen=/);
  await expect(page.getByRole("region", { name: new RegExp(`^Práctica ${first}`) })).toBeVisible();
});

test("'Imprimir Constancia' without JavaScript is a plain link that downloads the PDF", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await page.goto("/consultar-padron/32");
  const link = page.getByRole("link", { name: "Imprimir Constancia" });
  await expect(link).toHaveAttribute("href", "/consultar-padron/32/constancia");
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("constancia-estado-afiliado.pdf");
});

// Member detail, authorisation side, without JavaScript: the filters are a GET form that keeps the tab, the
// sub-tabs are links, and a stay's authorisations show inline (?internacion=N) with Excel and Cerrar links.
import { expect, test } from "@playwright/test";
import { ADMIN, adminToken, login } from "./support";

type Auth = { idafi: number; fecha: string; nrointernacion: number | null };

test("filters, sub-tabs and the stay list work as plain HTML", async ({ page, request }) => {
  const token = await adminToken(request);
  const res = await request.get("/api/afiliado/autorizaciones?consultaGlobal=true", { headers: { "x-auth-token": token } });
  const { autorizaciones } = (await res.json()) as { autorizaciones: Auth[] };
  const a = autorizaciones.find((x) => x.nrointernacion != null)!;
  await login(page, ADMIN.usuario, ADMIN.password, { hydrate: false });

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
  await expect(inline.getByRole("table", { name: "Autorizaciones de la internación" }).locator("tbody tr").first()).toBeVisible();
  await expect(inline.getByRole("link", { name: "Exportar a Excel" })).toHaveAttribute("href", `/consultar-padron/${a.idafi}/internaciones/${a.nrointernacion}.xlsx`);
  await inline.getByRole("link", { name: "Cerrar" }).click();
  await expect(page).not.toHaveURL(/internacion=/);
  await expect(inline).toHaveCount(0);
});

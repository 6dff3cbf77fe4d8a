// Issue 38 (ADR 072), without JavaScript: a report's tables on screen have the columns of its one definition, and
// 'Exportar a PDF' prints what the screen shows — the order and the filter the URL holds (the grid's state).
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { headerLabel } from "./grid-support";
import { ADMIN } from "./support";
import { downloadPdf, estadisticas, ranking, rankingUrl, TIEMPOS_URL } from "./statistics-pdf-support";

test("Tiempos de Auditoría: sorted by 'Tiempo promedio' on screen, the PDF lists the auditors in that order", async ({
  page,
  request,
  signIn,
}) => {
  const { estadisticas: filas } = await estadisticas(request);
  expect(filas.length).toBeGreaterThan(2);
  await signIn(page, ADMIN);
  await page.goto(`${TIEMPOS_URL}&sort=promedio&dir=desc`);
  const tabla = page.getByRole("table", { name: "Tabla General" });
  const headers = (await tabla.getByRole("columnheader").allTextContents()).map(headerLabel);
  expect(headers).toEqual([
    "Auditor",
    "Autorizaciones",
    "Tiempo promedio",
    "Tiempo mínimo",
    "Tiempo máximo",
    "Del día anterior",
    "Menos de 2 min",
    "Interrupciones > 15 min",
  ]);
  const shown = (await tabla.locator("tbody tr").allInnerTexts()).map((r) => r.split("\t")[0].trim());
  expect(shown[0]).toBe("Equipo");
  await expect(page.getByRole("link", { name: "Exportar a PDF" })).toHaveAttribute("href", /sort=promedio&dir=desc/);
  const { text } = await downloadPdf(page, "tiempos-orden.pdf");
  const general = text.slice(text.indexOf("Tabla General"), text.indexOf("Autorizaciones por Auditor"));
  const printed = shown.slice(1).map((a) => general.search(new RegExp(`^\\s*${a}\\s`, "m")));
  expect(printed.every((i) => i > 0)).toBe(true);
  expect(printed).toEqual([...printed].sort((a, b) => a - b)); // the screen's order on paper
});

test("Ranking de Consumos: filtered on screen, the PDF holds only the rows the screen shows", async ({
  page,
  request,
  signIn,
}) => {
  await estadisticas(request);
  const rows = await ranking(request);
  const [top, other] = rows;
  expect(other, "two efectores in the ranking").toBeDefined();
  await signIn(page, ADMIN);
  await page.goto(`${rankingUrl()}&ranking_filtro=${encodeURIComponent(top.codigo)}`);
  const tabla = page.getByRole("table", { name: "Ranking de consumos por efector" });
  await expect(tabla.locator("tbody tr")).toHaveCount(1);
  const { text } = await downloadPdf(page, "ranking-filtro.pdf");
  expect(text).toContain(top.codigo);
  expect(text).not.toMatch(new RegExp(`\\s${other.codigo}\\s`));
});

test("a sort the table does not have is refused, on screen and by the PDF, with its message (ADR 075)", async ({
  page,
  signIn,
}) => {
  await signIn(page, ADMIN);
  await page.goto(`${TIEMPOS_URL}&sort=inventada&dir=desc`);
  const alerta = page.getByRole("alert").filter({ hasText: "La columna de orden no es válida" });
  await expect(alerta).toBeVisible();
  await expect(page.getByRole("table", { name: "Tabla General" })).toHaveCount(0);
  await alerta.getByRole("link", { name: "Ver el listado" }).click();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(page.getByRole("table", { name: "Tabla General" })).toBeVisible();
  const pdf = await page.request.get(`/osep-tiempos-auditoria/report.pdf?${TIEMPOS_URL.split("?")[1]}&dir=abajo`, {
    headers: { Accept: "application/json" },
  });
  expect(pdf.status()).toBe(400);
  expect((await pdf.json()).msg).toBe("La dirección del orden debe ser asc o desc");
});

// Issue 29 (ADR 057): 'Exportar a PDF' of Tiempos de Auditoría, both tabs of Consumos por Prestador and
// Preliquidación — the link downloads a PDF that opens (pdftotext) and holds the period's figures; a user without the
// export operation sees no link and the URL answers 403; the provider gets its own responsable only.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { gridOf } from "./grid-support";
import { ADMIN, createThrowawayUser, login } from "./support";
import {
  ar,
  DESDE,
  downloadPdf,
  efectorUrl,
  estadisticas,
  HASTA,
  liquidacionUrl,
  OTRO_RESPONSABLE,
  PRESTADOR,
  PROFILE_AUDITORIA,
  ranking,
  rankingUrl,
  TIEMPOS_URL,
} from "./statistics-pdf-support";

test("Tiempos de Auditoría: the PDF holds the period, the team's count, every auditor and page numbers", async ({
  page,
  request,
  signIn,
}) => {
  const { estadisticas: filas } = await estadisticas(request);
  await signIn(page, ADMIN);
  await page.goto(TIEMPOS_URL);
  const { download, text } = await downloadPdf(page, "tiempos.pdf");
  expect(download.suggestedFilename()).toBe("tiempos-auditoria.pdf");
  expect(text).toContain(`Período del ${ar(DESDE)} al ${ar(HASTA)}`);
  expect(text).toMatch(/Datos al \d{2}\/\d{2}\/\d{4}/);
  expect(text).toContain("Impreso por ADMINISTRADOR DEL SISTEMA (admin)");
  expect(text).toContain(filas[0].datos.cantidad_autorizaciones.toLocaleString("es-AR"));
  for (const f of filas.slice(1)) expect(text).toContain(f.auditor);
  expect(text).toContain("Autorizaciones por Auditor");
  expect(text).toMatch(/Página 1 de \d+/);
});

test("Consumos por Prestador: the ranking's and the top efector's PDFs hold their figures", async ({
  page,
  request,
  signIn,
}) => {
  await estadisticas(request);
  const [top] = await ranking(request);
  await signIn(page, ADMIN);
  await page.goto(rankingUrl());
  const r = await downloadPdf(page, "ranking.pdf");
  expect(r.download.suggestedFilename()).toBe("ranking-consumos.pdf");
  expect(r.text).toContain("Ranking de Consumos");
  expect(r.text).toContain(top.codigo);
  expect(r.text).toContain(top.cant_autorizaciones.toLocaleString("es-AR"));

  await page.goto(efectorUrl(top.codigo));
  const e = await downloadPdf(page, "efector.pdf");
  expect(e.download.suggestedFilename()).toBe("consumos-efector.pdf");
  expect(e.text).toContain(`Efector ${top.codigo}`);
  expect(e.text).toMatch(
    new RegExp(`Total\\s+[\\d.]+\\s+${top.cant_autorizaciones.toLocaleString("es-AR").replace(".", "\\.")}`),
  );
});

test("Preliquidación: the provider's own PDF with totals; another responsable's URL is 403", async ({
  page,
  request,
  signIn,
}) => {
  await estadisticas(request);
  await signIn(page, PRESTADOR);
  await page.goto(liquidacionUrl(PRESTADOR.usuario));
  await expect(page.getByRole("status").filter({ hasText: /autorizaciones|No hay/ })).toBeVisible();
  const { download, text } = await downloadPdf(page, "preliquidacion.pdf");
  expect(download.suggestedFilename()).toBe("preliquidacion.pdf");
  expect(text).toContain(`Responsable:`);
  expect(text).toContain(PRESTADOR.usuario);
  expect(text).toContain("Totales por práctica");
  expect(text).toMatch(/Página 1 de \d+/);
  const other = await page.request.get(
    `/liquidacion-prestadores/report.pdf?fecha_desde=${DESDE}&fecha_hasta=${HASTA}&responsable=${OTRO_RESPONSABLE}`,
  );
  expect(other.status()).toBe(403);
});

test("without operations 41 and 35 (AUDITORIA MEDICA): no link, and the URLs answer 403", async ({ page, request }) => {
  await estadisticas(request);
  const user = await createThrowawayUser(request, { perfil: PROFILE_AUDITORIA });
  await login(page, user.usuario, user.password);
  await page.goto(TIEMPOS_URL);
  await expect(gridOf(page, "Tabla General")).toBeVisible();
  await expect(page.getByRole("link", { name: "Exportar a PDF" })).toHaveCount(0);
  const t = await page.request.get(`/osep-tiempos-auditoria/report.pdf?fecha_desde=${DESDE}&fecha_hasta=${HASTA}`);
  expect(t.status()).toBe(403);
  await page.goto(rankingUrl());
  await expect(gridOf(page, "Ranking de consumos por efector")).toBeVisible();
  await expect(page.getByRole("link", { name: "Exportar a PDF" })).toHaveCount(0);
  const c = await page.request.get(
    `/consumos-por-prestador/report.pdf?tab=ranking&fecha_desde=${DESDE}&fecha_hasta=${HASTA}`,
  );
  expect(c.status()).toBe(403);
});

// Issue 29 (ADR 057) without JavaScript: 'Exportar a PDF' is a plain link to the report's URL with the filters on
// screen, so the three PDFs download the same way.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, expectPath } from "./support";
import {
  ar,
  DESDE,
  downloadPdf,
  estadisticas,
  HASTA,
  liquidacionUrl,
  PRESTADOR,
  ranking,
  rankingUrl,
  TIEMPOS_URL,
} from "./statistics-pdf-support";

test("the three PDF links work without JavaScript", async ({ page, request, signIn }) => {
  await estadisticas(request);
  const [top] = await ranking(request);
  await signIn(page, ADMIN);
  await expectPath(page, "/home");

  await page.goto(TIEMPOS_URL);
  const t = await downloadPdf(page, "tiempos.pdf");
  expect(t.text).toContain(`Período del ${ar(DESDE)} al ${ar(HASTA)}`);
  expect(t.text).toContain("Tabla General");

  await page.goto(rankingUrl());
  const r = await downloadPdf(page, "ranking.pdf");
  expect(r.text).toContain(top.codigo);

  await page.goto(liquidacionUrl(PRESTADOR.usuario));
  const l = await downloadPdf(page, "preliquidacion.pdf");
  expect(l.text).toContain("Totales por práctica");
});

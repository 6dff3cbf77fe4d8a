// Issue 29: the statistics PDFs (docs/decisions/057) on a hand-built snapshot — the figures of the period in the
// printed text (pdftotext, poppler-utils), 'Página X de Y', the header row on every page of a long table, the pie
// as SVG, the provider's scope of the pre-settlement, and the routes: 200 + audit entry, 400 with a Spanish msg for a
// bad filter, 403 without the screen or the operation.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { refreshSnapshot } from "~reporting/index";
import { PDF_SYSTEM } from "~reporting/render/pdf-admission";
import { requestContext } from "~/lib/request-context.server";
import { apiToken, TEST_REQUEST_CONTEXT, type RouteHandler } from "~tests/support/api";
import { DESDE, HASTA, insertAuditoriaFixture, insertAuditoriasSueltas } from "~tests/support/auditoria-fixture";
import { sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { restorePdfBrowserAfterEach } from "~tests/support/pdf-browser";
import { loader as consumosPdfRoute } from "~/routes/consumos-por-prestador.report[.pdf]";
import { loader as preliquidacionPdfRoute } from "~/routes/liquidacion-prestadores.report[.pdf]";
import { loader as tiemposPdfRoute } from "~/routes/osep-tiempos-auditoria.report[.pdf]";
import {
  exportPreliquidacion,
  preliquidacionHtml,
  preliquidacionPdf,
  totalesPreliquidacion,
} from "~/modules/prestadores/preliquidacion-report.server";
import { consumosEfectorPdf, consumosHtml, rankingConsumosPdf } from "./consumos.server";
import { tiemposAuditoriaHtml, tiemposAuditoriaPdf } from "./tiempos-auditoria.server";
import { INFO_POR_AUDITOR, TABLA_GENERAL } from "./tiempos-auditoria.columns";
import { columnsFor } from "~/modules/reporting/report-columns";

/** The tables of a report's HTML: their header texts and their body rows' cell texts. */
function htmlTables(html: string): { headers: string[]; rows: string[][] }[] {
  const text = (cell: string) =>
    cell
      .replace(/<[^>]+>/g, " ")
      .replace(/&gt;/g, ">")
      .replace(/&lt;/g, "<")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ")
      .trim();
  return [...html.matchAll(/<table[^>]*>([\s\S]*?)<\/table>/g)].map(([, t]) => ({
    headers: [...t.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map(([, c]) => text(c)),
    rows: [...(t.split("<tbody>")[1] ?? "").matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map(([, r]) =>
      [...r.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map(([, c]) => text(c)),
    ),
  }));
}

/** '12,5 min' or '2 h 05 min' in minutes. */
function minutesOf(text: string): number {
  const h = /(\d+) h (\d+) min/.exec(text);
  return h ? Number(h[1]) * 60 + Number(h[2]) : Number(text.replace(" min", "").replace(",", "."));
}

restorePdfBrowserAfterEach();

const A = { nombre: "CLÍNICA ALFA S.A.", cuit: "30-11111118-5" };
const B = { nombre: "SANATORIO BETA S.R.L.", cuit: "30-22222227-1" };
const MAYO = { fecha_desde: "2025-05-01", fecha_hasta: "2025-05-31" };
const META = { impresoPor: "Pérez Ana (aperez)" };
/** Rows of A in May: enough for several A4 pages. */
const MUCHAS = 400;

let t: TestDb;
let adminToken: string;
let consultaToken: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "osep-reports-test-"));

/** The text of a PDF, page by page (pdftotext -layout; pages end with a form feed). */
function pdfText(pdf: Uint8Array): string[] {
  const file = path.join(tmp, `r-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8").split("\f").slice(0, -1);
}

async function insertLiquidacion(
  nro: number,
  r: typeof A,
  practica: string,
  extra: Partial<Record<string, unknown>> = {},
) {
  await sqlRows(
    `insert into autorizaciones (nroautorizacion, nroafiliado, nombreafiliado, practica, subitem, descpractica, autorizo,
       modalidad, fecha, hora, cantidad, coseguro, entidad, codigo_efector, responsable, cuit_responsable, anulado,
       montoauthonorario, montoautgasto, matmedefector)
     values ($1, $2, $3, $4, '00', $5, 'AUTORIZADA', 'CONSUMO', $6, '10:00:00', $7, '250.00', $8, '70001', $8, $9, $10,
       $11, $12, '7001')`,
    [
      nro,
      `NA-${nro}`,
      `AFILIADO ${nro}`,
      practica,
      `DESC ${practica}`,
      extra.fecha ?? "2025-05-10",
      extra.cantidad ?? 1,
      r.nombre,
      r.cuit,
      extra.anulado ?? false,
      extra.honorario ?? "100.50",
      extra.gasto ?? "10.00",
    ],
  );
}

beforeAll(async () => {
  t = await useTestDatabase();
  adminToken = await apiToken(t, "admin");
  consultaToken = await apiToken(t, "consulta");
  await insertAuditoriaFixture();
  await insertAuditoriasSueltas();
  await sqlRows("insert into responsables (nombre, cuit) values ($1, $2), ($3, $4)", [
    A.nombre,
    A.cuit,
    B.nombre,
    B.cuit,
  ]);
  await sqlRows(
    "insert into efectores (codigo, matriculas, nommedefector, matmedefector) values ('70001', '7001', 'NÚÑEZ MARÍA', '7001')",
  );
  for (let i = 0; i < MUCHAS; i++) await insertLiquidacion(90_000 + i, A, i % 2 ? "420101" : "660101", { cantidad: 2 });
  await insertLiquidacion(91_000, A, "420101", { anulado: true, honorario: "5000.00" });
  await insertLiquidacion(92_000, B, "250101", { honorario: "777.77" });
  await refreshSnapshot();
}, 180_000);

afterAll(async () => {
  await t?.cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A route's answer to GET `pathAndQuery` with the token (a thrown Response is the answer too). */
async function get(handler: RouteHandler, pathAndQuery: string, token: string) {
  const request = new Request(`http://localhost${pathAndQuery}`, { headers: { "x-auth-token": token } });
  try {
    return (await requestContext.run(TEST_REQUEST_CONTEXT, () =>
      handler({ request, params: {}, context: {} }),
    )) as Response;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

const audits = async (accion: string) =>
  Number(await sqlOne(`SELECT count(*) FROM audit_log WHERE accion = '${accion}'`));

describe("Tiempos de Auditoría", () => {
  test("the HTML holds both tables, the pie as @nivo's SVG with its legend, the period, 'Datos al' and who printed", async () => {
    const html = await tiemposAuditoriaHtml({ fecha_desde: DESDE, fecha_hasta: HASTA }, META);
    expect(html).toContain("<h2>Tabla General</h2>");
    expect(html).toContain("<h2>Info por Auditor</h2>");
    expect(html).toMatch(/<svg[^>]*width="360"[^>]*height="300"/);
    expect((html.match(/<path /g) ?? []).length).toBeGreaterThanOrEqual(3); // one slice per auditor
    expect(html).toContain("<thead>");
    expect(html).toContain("Período del 10/03/2025 al 11/03/2025");
    expect(html).toMatch(/Datos al \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(html).toContain("Impreso por Pérez Ana (aperez)");
  });

  test("the PDF prints the screen's columns, in the order and with the filter of the screen's URL (ADR 072)", async () => {
    const search = "?fecha_desde=x&sort=promedio&dir=desc&info_filtro=AUDT2";
    const [general, info] = htmlTables(
      await tiemposAuditoriaHtml({ fecha_desde: DESDE, fecha_hasta: HASTA }, META, search),
    );
    expect(general.headers).toEqual(columnsFor(TABLA_GENERAL.columns, "print").map((c) => c.header));
    expect(info.headers).toEqual(columnsFor(INFO_POR_AUDITOR.columns, "print").map((c) => c.header));
    // 'Equipo' stays first; the auditors by 'Tiempo promedio', longest first
    expect(general.rows[0][0]).toBe("Equipo");
    const promedios = general.rows.slice(1).map((r) => minutesOf(r[2]));
    expect(promedios.length).toBeGreaterThan(1);
    expect(promedios).toEqual([...promedios].sort((a, b) => b - a));
    // the per-auditor table filtered by its own box: 'Equipo' and AUDT2 only
    expect(info.rows.map((r) => r[0])).toEqual(["Equipo", "AUDT2"]);
    // no state in the URL: the snapshot's order, every auditor
    const [plain] = htmlTables(await tiemposAuditoriaHtml({ fecha_desde: DESDE, fecha_hasta: HASTA }, META));
    expect(plain.rows.map((r) => r[0])).toEqual(["Equipo", "AUDT1", "AUDT2", "AUDT3"]);
  });

  test("the PDF: A4 landscape text with the period's figures and 'Página 1 de N'", async () => {
    const pages = pdfText(await tiemposAuditoriaPdf({ fecha_desde: DESDE, fecha_hasta: HASTA }, META, PDF_SYSTEM));
    const all = pages.join("\n");
    expect(all).toContain("OSEP / Tiempos de Auditoria Médica");
    expect(all).toContain("Período del 10/03/2025 al 11/03/2025");
    for (const a of ["Equipo", "AUDT1", "AUDT2", "AUDT3"]) expect(all).toContain(a);
    // AUDT1's fastest audit: its time first, then the authorisation that took it (auditoria.server.test.ts)
    expect(all).toMatch(/1,5 min\s+5 h 00 min\s+AUDT1[^\n]*\n\s+aut\. 1002/);
    expect(all).toMatch(/AUDT1: 8 \(/); // the pie's legend
    expect(pages[0]).toContain(`Página 1 de ${pages.length}`);
  }, 60_000);

  test("the route: 200 PDF and an audit entry for admin; 400 for a bad period; 403 without the screen", async () => {
    const before = await audits("tiempos_auditoria.exportar");
    const ok = await get(
      tiemposPdfRoute,
      `/osep-tiempos-auditoria/report.pdf?fecha_desde=${DESDE}&fecha_hasta=${HASTA}`,
      adminToken,
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("application/pdf");
    expect(
      Buffer.from(await ok.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect(await audits("tiempos_auditoria.exportar")).toBe(before + 1);
    const bad = await get(
      tiemposPdfRoute,
      `/osep-tiempos-auditoria/report.pdf?fecha_desde=${HASTA}&fecha_hasta=${DESDE}`,
      adminToken,
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { msg: string }).msg).toMatch(/fecha/i);
    const refused = await get(
      tiemposPdfRoute,
      `/osep-tiempos-auditoria/report.pdf?fecha_desde=${DESDE}&fecha_hasta=${HASTA}`,
      consultaToken,
    );
    expect(refused.status).toBe(403);
    expect(await audits("tiempos_auditoria.exportar")).toBe(before + 1);
  }, 60_000);
});

describe("Consumos por Prestador", () => {
  test("'Consumos por Efector' with a chosen practice: the practices with a total row and that practice's list", async () => {
    const f = { ...MAYO, codigo_efector: "70001", practica: "420101" };
    const html = await consumosHtml("efector", f, META);
    expect(html).toContain("Efector 70001 - NÚÑEZ MARÍA");
    expect(html).toContain("Autorizaciones - 420101 DESC 420101");
    const pages = pdfText(await consumosEfectorPdf(f, META, PDF_SYSTEM));
    const all = pages.join("\n");
    expect(all).toMatch(/660101\s+\/\s+00\s+DESC 660101\s+400\s+200/); // 200 authorisations × 2
    expect(all).toMatch(/Total\s+801\s+401/); // 400 × 2 units + B's 1 (same efector); the voided one is no consumption
    expect(all).toContain("AFILIADO 90001");
    expect(pages.at(-1)).toContain(`Página ${pages.length} de ${pages.length}`);
  }, 60_000);

  test("'Ranking de Consumos' and the route's tab check", async () => {
    const all = pdfText(await rankingConsumosPdf(MAYO, META, PDF_SYSTEM)).join("\n");
    expect(all).toContain("Ranking de Consumos");
    expect(all).toMatch(/1\s+70001\s+NÚÑEZ MARÍA/);
    const before = await audits("consumos.exportar");
    const ok = await get(
      consumosPdfRoute,
      `/consumos-por-prestador/report.pdf?tab=ranking&fecha_desde=2025-05-01&fecha_hasta=2025-05-31`,
      adminToken,
    );
    expect(ok.status).toBe(200);
    expect(await audits("consumos.exportar")).toBe(before + 1);
    const bad = await get(
      consumosPdfRoute,
      `/consumos-por-prestador/report.pdf?tab=otra&fecha_desde=2025-05-01&fecha_hasta=2025-05-31`,
      adminToken,
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { msg: string }).msg).toBe("La pestaña debe ser efector o ranking");
    const sinCodigo = await get(
      consumosPdfRoute,
      `/consumos-por-prestador/report.pdf?tab=efector&fecha_desde=2025-05-01&fecha_hasta=2025-05-31`,
      adminToken,
    );
    expect(sinCodigo.status).toBe(400);
    expect((await get(consumosPdfRoute, "/consumos-por-prestador/report.pdf?tab=ranking", consultaToken)).status).toBe(
      403,
    );
  }, 60_000);
});

describe("Preliquidación", () => {
  test("totals per practice and overall leave the voided authorisation out, in exact cents", async () => {
    const rows = [
      {
        practica: "1",
        subitem: "00",
        descpractica: "X",
        cantidad: 2,
        montoauthonorario: "0.10",
        montoautgasto: "0.20",
        anulado: false,
      },
      {
        practica: "1",
        subitem: "00",
        descpractica: "X",
        cantidad: 1,
        montoauthonorario: "0.20",
        montoautgasto: null,
        anulado: false,
      },
      {
        practica: "1",
        subitem: "00",
        descpractica: "X",
        cantidad: 9,
        montoauthonorario: "99.00",
        montoautgasto: "1",
        anulado: true,
      },
    ] as unknown as Parameters<typeof totalesPreliquidacion>[0];
    const { porPractica, total } = totalesPreliquidacion(rows);
    expect(porPractica).toEqual([
      expect.objectContaining({ practica: "1", autorizaciones: 2, cantidad: 3, honorarios: 30, gastos: 20 }),
    ]);
    expect(total).toMatchObject({ autorizaciones: 2, cantidad: 3, honorarios: 30, gastos: 20 });
  });

  test("every row on A4 pages, the header repeated on each page, the totals and 'Página X de Y'", async () => {
    const f = { ...MAYO, responsable: "30111111185" }; // the CUIT without dashes finds the same rows
    const html = await preliquidacionHtml(f, META);
    expect(html).toContain(`Responsable: ${A.nombre} (${A.cuit})`);
    const pages = pdfText(await preliquidacionPdf(f, META, PDF_SYSTEM));
    expect(pages.length).toBeGreaterThan(3);
    pages.forEach((p, i) => expect(p).toContain(`Página ${i + 1} de ${pages.length}`));
    // the detail's header row on every page it spans
    const detailPages = pages.filter((p) => /AFILIADO 9\d{4}/.test(p));
    expect(detailPages.length).toBeGreaterThan(2);
    for (const p of detailPages) expect(p).toMatch(/Nro\. Autorización\s+Fecha\s+Práctica/);
    const all = pages.join("\n");
    for (const nro of [90000, 90399, 91000]) expect(all).toContain(String(nro));
    expect(all).toContain("Anulado SI");
    expect(all).not.toContain("777,77"); // B's row
    // 200 rows of each practice: 400 units, $ 20.100,00 of fees and $ 2.000,00 of costs; overall 400 rows, 800 units
    expect(all).toMatch(/420101\s+00\s+DESC 420101\s+200\s+400\s+\$\s*20\.100,00\s+\$\s*2\.000,00\s+\$\s*22\.100,00/);
    expect(all).toMatch(/Total\s+400\s+800\s+\$\s*40\.200,00\s+\$\s*4\.000,00\s+\$\s*44\.200,00/);
  }, 90_000);

  test("a provider gets its own responsable only (403 for another, nothing audited); the route audits via pdf", async () => {
    const provA = { id: 4, usuario: A.cuit, apeynom: "CLÍNICA ALFA", profile: { id: 20 } };
    const before = await audits("liquidacion.exportar");
    expect(await exportPreliquidacion(provA, { ...MAYO, responsable: B.cuit })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await audits("liquidacion.exportar")).toBe(before);
    const ok = await get(
      preliquidacionPdfRoute,
      `/liquidacion-prestadores/report.pdf?fecha_desde=2025-05-01&fecha_hasta=2025-05-31&responsable=${B.cuit}`,
      adminToken,
    );
    expect(ok.status).toBe(200);
    expect(pdfText(new Uint8Array(await ok.arrayBuffer())).join("\n")).toContain("777,77");
    expect(await audits("liquidacion.exportar")).toBe(before + 1);
    const bad = await get(
      preliquidacionPdfRoute,
      "/liquidacion-prestadores/report.pdf?fecha_desde=2025-05-01&fecha_hasta=2025-05-31",
      adminToken,
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { msg: string }).msg).toBe("Debe seleccionar un responsable");
  }, 60_000);
});

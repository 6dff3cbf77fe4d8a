// Shared by statistics-pdf.spec.ts and statistics-pdf.nojs.spec.ts (issue 29, ADR 057): the period of the last 30
// days, the screens' URLs with a search run, the top efector of the period (from the ranking API), and a
// downloaded PDF's text (pdftotext, poppler-utils).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { expect, test, type APIRequestContext, type Download, type Page } from "@playwright/test";
import { adminToken, whenSnapshotReady } from "./support";

const todayAR = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Argentina/Catamarca" });
const daysAgo = (n: number) => new Date(Date.parse(todayAR()) - n * 86_400_000).toISOString().slice(0, 10);
export const DESDE = daysAgo(30);
export const HASTA = todayAR();
/** dd/mm/yyyy as the PDFs print a date. */
export const ar = (iso: string) => iso.split("-").reverse().join("/");

/** The demo provider (db/reference.ts) and the second seeded responsable. */
export const PRESTADOR = { usuario: "33-57035919-9", password: "prestador" };
export const OTRO_RESPONSABLE = "30-67987584-8";
/** AUDITORIA MEDICA: the three screens, operation 33 but neither 35 nor 41. */
export const PROFILE_AUDITORIA = 10;

export const TIEMPOS_URL = `/osep-tiempos-auditoria?fecha_desde=${DESDE}&fecha_hasta=${HASTA}`;
export const rankingUrl = () =>
  `/consumos-por-prestador?tab=ranking&ranking_desde=${DESDE}&ranking_hasta=${HASTA}&buscar=ranking`;
export const efectorUrl = (codigo: string) =>
  `/consumos-por-prestador?tab=efector&codigo_efector=${codigo}&fecha_desde=${DESDE}&fecha_hasta=${HASTA}&buscar=consumos`;
export const liquidacionUrl = (responsable: string) =>
  `/liquidacion-prestadores?fecha_desde=${DESDE}&fecha_hasta=${HASTA}&responsable=${encodeURIComponent(responsable)}`;

/** The period's general statistics (waits for the start-up snapshot). */
export async function estadisticas(request: APIRequestContext) {
  return whenSnapshotReady<{ estadisticas: { auditor: string; datos: { cantidad_autorizaciones: number } }[] }>(
    request,
    `/api/statistics/estadisticas-generales?fecha_desde=${DESDE}&fecha_hasta=${HASTA}&auditor=`,
  );
}

/** The period's ranking (the first row is the top efector). */
export async function ranking(request: APIRequestContext) {
  const res = await request.get(
    `/api/statistics/consumos/ranking-consumos-por-efector?fecha_desde=${DESDE}&fecha_hasta=${HASTA}`,
    { headers: { "x-auth-token": await adminToken(request) } },
  );
  expect(res.status()).toBe(200);
  const rows = ((await res.json()) as { resultado: { codigo: string; cant_autorizaciones: number }[] }).resultado;
  expect(rows.length).toBeGreaterThan(0);
  return rows;
}

/** The text of PDF bytes. */
export function pdfTextOf(bytes: Buffer, name: string): string {
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const file = test.info().outputPath(name);
  fs.writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
}

/** Clicks the screen's 'Exportar a PDF' link and returns the downloaded file's text. */
export async function downloadPdf(page: Page, name: string): Promise<{ download: Download; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Exportar a PDF" }).first().click(),
  ]);
  const file = test.info().outputPath(name);
  await download.saveAs(file);
  return { download, text: pdfTextOf(fs.readFileSync(file), `${name}.check.pdf`) };
}

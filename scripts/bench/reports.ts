// npm run bench:reports — issue 29's report PDFs on the bench scale (docs/benchmarks.md, "Issue 29 — report PDFs").
// Needs a bench-scale PostgreSQL in DATABASE_URL (npm run db:seed -- --scale bench), builds ONE snapshot
// with the product's refreshSnapshot() in a fresh temporary REPORTING_DIR, then measures, each beside its anchor —
// the same HTML printed by Chromium alone (a page of its own browser: setContent + page.pdf, same options) in the
// same run, so the ratio shows what the app adds (reading the snapshot, building the HTML, the shared renderer):
//  1. a year's Tiempos de Auditoría PDF (tiemposAuditoriaPdf), Chromium warm: p50 of BENCH_RUNS (goal ≤ 3 s);
//  2. the busiest responsable's month of pre-settlement as PDF (preliquidacionPdf, ~9–12 000 rows) in a fresh child
//     process (reports-child.ts, Chromium warmed first): the median of BENCH_PDF_RUNS (3) and the child's own peak
//     RSS (goal ≤ 10 s and ≤ 300 MB; its Chromium's memory is printed apart);
//  3. the four monthly reports of a schedule written (reports/scheduled.ts: four 'mes-anterior' PDF schedules run at
//     once through runProgramacion; goal ≤ 60 s); the bench database gets those four schedules for the run and loses
//     them after it. Figures only: no assertions; exit 0 unless something fails.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import puppeteer, { type Browser } from "puppeteer-core";
import { closeAllReaders, refreshSnapshot, withSnapshot } from "~reporting/index";
import { closePdfBrowser, warmPdfBrowser } from "~reporting/render/pdf";
import { PDF_SYSTEM } from "~reporting/render/pdf-admission";
import { tiemposAuditoriaHtml, tiemposAuditoriaPdf } from "~/modules/estadisticas/reports/tiempos-auditoria.server";
import { preliquidacionHtml } from "~/modules/prestadores/preliquidacion-report.server";
import { measureScheduledReports, type Month } from "./reports/scheduled";

if (!process.env.DATABASE_URL) {
  console.error(
    "Uso: DATABASE_URL=postgres://…/bench npm run bench:reports  (un PostgreSQL con la escala bench, solo lectura)",
  );
  process.exit(2);
}
process.env.REPORTING_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "osep-bench-reports-"));
const RUNS = Number(process.env.BENCH_RUNS || 7);
const META = { impresoPor: "bench (bench)" };
/** The renderer's options of every report PDF (app/modules/reporting/report-print.server.ts). */
const PDF_OPTIONS = {
  format: "A4" as const,
  landscape: true,
  printBackground: true,
  margin: { top: "10mm", right: "10mm", bottom: "14mm", left: "10mm" },
  displayHeaderFooter: true,
  headerTemplate: "<span></span>",
  footerTemplate:
    '<div style="width:100%;font:8px sans-serif;text-align:right;padding:0 10mm">Página <span class="pageNumber"></span> de <span class="totalPages"></span></div>',
};

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const r = await fn();
  return [performance.now() - t, r];
}

/** The anchor: Chromium alone printing `html` (its own browser, a page already open: warm). */
async function anchorPrint(browser: Browser, html: string, tagged = true): Promise<number> {
  const page = await browser.newPage();
  try {
    page.setDefaultTimeout(300_000);
    await page.setJavaScriptEnabled(false);
    const [ms] = await timed(async () => {
      await page.setContent(html, { waitUntil: "load" });
      return page.pdf({ ...PDF_OPTIONS, tagged });
    });
    return ms;
  } finally {
    await page.close();
  }
}

type Line = { work: string; ours: string; anchor: string; ratio: string; goal: string; met: string };
const lines: Line[] = [];

/** The last full year of data and the busiest responsable's month in it. */
async function periods() {
  return withSnapshot(async (reader) => {
    const [{ hasta }] = await reader.all<{ hasta: string }>(
      "SELECT CAST(max(fecha) AS VARCHAR) AS hasta FROM autorizaciones",
    );
    const desde = new Date(Date.parse(hasta) - 364 * 86_400_000).toISOString().slice(0, 10);
    const [busiest] = await reader.all<{ cuit: string; mes: string; n: number }>(
      `SELECT cuit_responsable AS cuit, CAST(date_trunc('month', fecha) AS VARCHAR) AS mes, count(*)::INTEGER AS n
         FROM autorizaciones WHERE cuit_responsable IS NOT NULL AND fecha BETWEEN CAST($desde AS DATE) AND CAST($hasta AS DATE)
        GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`,
      { desde, hasta },
    );
    const mes = busiest.mes.slice(0, 10);
    const end = new Date(Date.UTC(Number(mes.slice(0, 4)), Number(mes.slice(5, 7)), 0)).toISOString().slice(0, 10);
    return {
      year: { fecha_desde: desde, fecha_hasta: hasta },
      month: { fecha_desde: mes, fecha_hasta: end, responsable: busiest.cuit, rows: busiest.n },
    };
  });
}

async function measureTiempos(anchor: Browser, year: { fecha_desde: string; fecha_hasta: string }) {
  await tiemposAuditoriaPdf(year, META, PDF_SYSTEM); // warm: the snapshot's reader and a page of the shared Chromium
  const ours: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const [ms, pdf] = await timed(() => tiemposAuditoriaPdf(year, META, PDF_SYSTEM));
    ours.push(ms);
    bytes = pdf.length;
  }
  const html = await tiemposAuditoriaHtml(year, META);
  await anchorPrint(anchor, html);
  const plain: number[] = [];
  for (let i = 0; i < RUNS; i++) plain.push(await anchorPrint(anchor, html));
  const p50 = median(ours);
  console.log(
    `  Tiempos de Auditoría ${year.fecha_desde}..${year.fecha_hasta}: ${(bytes / 1024).toFixed(0)} KB, HTML ${(html.length / 1024).toFixed(0)} KB`,
  );
  lines.push({
    work: `Tiempos de Auditoría, un año (${year.fecha_desde}..${year.fecha_hasta}), Chromium caliente, p50 de ${RUNS}`,
    ours: fmt(p50),
    anchor: fmt(median(plain)),
    ratio: `${(p50 / median(plain)).toFixed(2)}×`,
    goal: "p50 ≤ 3 s",
    met: p50 <= 3000 ? "sí" : "no",
  });
}

const CHILD = path.join(import.meta.dirname, "reports-child.ts");
/** Runs of the pre-settlement PDF in the child (the peak RSS is over all of them). */
const CHILD_RUNS = Number(process.env.BENCH_PDF_RUNS || 3);

/** A module to preload that writes the process's own peak RSS (KB) into `file` when it exits (as bench:rosters). */
const rssAtExit = (file: string) =>
  `data:text/javascript,${encodeURIComponent(
    `process.on("exit", () => process.getBuiltinModule("node:fs").writeFileSync(${JSON.stringify(file)}, String(process.resourceUsage().maxRSS)));`,
  )}`;

/** `node --import tsx reports-child.ts …` in a fresh process: its JSON lines and its own peak RSS (bytes). */
function runChild(args: string[]): Promise<{ lines: Record<string, number>[]; peak: number }> {
  const rssFile = path.join(process.env.REPORTING_DIR!, `rss-${Date.now()}.txt`);
  return new Promise((resolve, reject) => {
    const argv = ["--import", rssAtExit(rssFile), "--import", "tsx", CHILD, ...args];
    const p = spawn(process.execPath, argv, { env: process.env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    p.stdout.on("data", (b: Buffer) => (out += b.toString("utf8")));
    p.on("error", reject);
    p.on("close", (code) => {
      if (code !== 0) return reject(new Error(`reports-child terminó con ${code}\n${out.slice(-2000)}`));
      const lines = out
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, number>);
      resolve({ lines, peak: Number(fs.readFileSync(rssFile, "utf8").trim()) * 1024 });
    });
  });
}

async function measurePreliquidacion(
  anchor: Browser,
  month: { fecha_desde: string; fecha_hasta: string; responsable: string; rows: number },
) {
  const f = { fecha_desde: month.fecha_desde, fecha_hasta: month.fecha_hasta, responsable: month.responsable };
  closeAllReaders(); // the child opens the snapshot itself
  const out = path.join(process.env.REPORTING_DIR!, "preliquidacion.pdf");
  const { lines: runs, peak } = await runChild([f.fecha_desde, f.fecha_hasta, f.responsable, out, String(CHILD_RUNS)]);
  const times = runs.filter((r) => r.ms != null).map((r) => r.ms);
  const chromium = runs.find((r) => r.chromiumMb != null)?.chromiumMb ?? 0;
  const bytes = fs.statSync(out).size;
  const html = await preliquidacionHtml(f, META);
  const plain: number[] = [];
  for (let i = 0; i < CHILD_RUNS; i++) plain.push(await anchorPrint(anchor, html, false));
  const ms = median(times);
  console.log(
    `  Preliquidación ${month.responsable} ${month.fecha_desde}..${month.fecha_hasta}: ${month.rows} filas, PDF ${(bytes / 1024 / 1024).toFixed(1)} MB, HTML ${(html.length / 1024 / 1024).toFixed(1)} MB; ` +
      `nuestro ${times.map(fmt).join(", ")} (proceso hijo nuevo, Chromium caliente), pico RSS del hijo ${mb(peak)} (antes del primero ${runs[0]?.rssBeforeMb} MB), Chromium del hijo ${chromium} MB; ` +
      `Chromium solo ${plain.map(fmt).join(", ")}; carga ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(" ")}`,
  );
  lines.push({
    work: `Preliquidación, mes del responsable con más filas (${month.rows} filas), mediana de ${CHILD_RUNS}`,
    ours: `${fmt(ms)}, pico RSS ${mb(peak)}`,
    anchor: fmt(median(plain)),
    ratio: `${(ms / median(plain)).toFixed(2)}×`,
    goal: "≤ 10 s, ≤ 300 MB",
    met: ms <= 10_000 && peak <= 300 * 1024 * 1024 ? "sí" : "no",
  });
}

/** The four monthly reports of a schedule written at once (reports/scheduled.ts; goal ≤ 60 s). */
async function measureFourScheduled(anchor: Browser, month: Month): Promise<void> {
  const [ms, plain, bytes] = await measureScheduledReports(month, (html, tagged) => anchorPrint(anchor, html, tagged));
  console.log(`  Cuatro informes mensuales (PDF) ${month.fecha_desde}..${month.fecha_hasta}: ${mb(bytes)} en total`);
  lines.push({
    work: "los cuatro informes mensuales de una programación (PDF, a la vez, por runProgramacion)",
    ours: fmt(ms),
    anchor: fmt(plain),
    ratio: `${(ms / plain).toFixed(2)}×`,
    goal: "≤ 60 s",
    met: ms <= 60_000 ? "sí" : "no",
  });
}

async function main() {
  const started = performance.now();
  await refreshSnapshot();
  console.log(
    `bench:reports — instantánea construida en ${fmt(performance.now() - started)} (${process.env.REPORTING_DIR})`,
  );
  const { year, month } = await periods();
  await warmPdfBrowser(() => undefined);
  const anchor = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [...(process.getuid?.() === 0 ? ["--no-sandbox"] : []), "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    await measurePreliquidacion(anchor, month); // first: its peak RSS is not the others' leftovers
    await measureTiempos(anchor, year);
    await measureFourScheduled(anchor, month);
  } finally {
    await anchor.close();
    await closePdfBrowser();
    await closeAllReaders();
    fs.rmSync(process.env.REPORTING_DIR!, { recursive: true, force: true });
  }
  console.log(
    "\n| trabajo | nuestro | Chromium solo (mismo HTML) | relación | objetivo | cumple |\n|---|---|---|---|---|---|",
  );
  for (const l of lines) console.log(`| ${l.work} | ${l.ours} | ${l.anchor} | ${l.ratio} | ${l.goal} | ${l.met} |`);
}

main().catch((e) => {
  console.error(`bench:reports: ${(e as Error).stack ?? e}`);
  process.exit(1);
});

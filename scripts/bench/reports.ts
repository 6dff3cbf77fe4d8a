// npm run bench:reports — the report PDFs on the bench scale (docs/benchmarks.md, "Issue 29 — report PDFs" and
// "Issue 38 — printing cost"). Needs a bench-scale PostgreSQL in DATABASE_URL (npm run db:seed -- --scale bench),
// builds ONE snapshot with the product's refreshSnapshot() in a fresh temporary REPORTING_DIR, then measures, each
// beside its anchor — the same HTML printed by Chromium alone (a second browser, a page of its own: setContent +
// page.pdf, the same options) in the same run, so the ratio shows what the app adds (reading the snapshot, building
// the HTML, the shared renderer):
//  1. a year's Tiempos de Auditoría PDF (tiemposAuditoriaPdf), Chromium warm, p50 of BENCH_RUNS, cold (the first read
//     of a snapshot) and after the screen's read of the period (the read memoised, ADR 074), with where its time goes
//     (the snapshot read, the HTML, our printing of the same HTML); BENCH_ONLY=tiempos measures only this; Consumos
//     por Efector and the Ranking of the busiest month likewise (goal of issue 38: every report PDF ≤ 1.5× Chromium alone);
//  2. the busiest responsable's month of pre-settlement as PDF (preliquidacionPdf, printed in parts: ADR 070) in a
//     fresh child process (reports-child.ts, Chromium warmed first): the median of BENCH_PDF_RUNS (3), the peak of its
//     Chromium tree sampled during the prints (goal ≤ 1 GB, the sum of the processes' RSS; the PSS beside it), the
//     child's own peak RSS; then two managers printing it at once (goal: both complete, within 2× the time of one).
//     Its anchor is the whole document printed in one go (the tree's peak sampled too: what one print cost before);
//  3. the four monthly reports of a schedule written (reports/scheduled.ts: four 'mes-anterior' PDF schedules run at
//     once through runProgramacion; goal ≤ 60 s); the bench database gets those four schedules for the run and loses
//     them after it. Figures and PASS / no cumple; exit 0 unless something fails.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import puppeteer, { type Browser } from "puppeteer-core";
import { closeAllReaders, refreshSnapshot, withSnapshot } from "~reporting/index";
import { closePdfBrowser, htmlToPdf, warmPdfBrowser } from "~reporting/render/pdf";
import { PDF_SYSTEM } from "~reporting/render/pdf-admission";
import { estadisticasGenerales } from "~/modules/estadisticas/auditoria.server";
import { consumosEfectorPdf, consumosHtml, rankingConsumosPdf } from "~/modules/estadisticas/reports/consumos.server";
import { tiemposAuditoriaHtml, tiemposAuditoriaPdf } from "~/modules/estadisticas/reports/tiempos-auditoria.server";
import { preliquidacionHtml } from "~/modules/prestadores/preliquidacion-report.server";
import { sampleTree, type TreeMemory } from "./reports/chromium-tree";
import { busiestEfector, measureScheduledReports, type Month } from "./reports/scheduled";

if (!process.env.DATABASE_URL) {
  console.error(
    "Uso: DATABASE_URL=postgres://…/bench npm run bench:reports  (un PostgreSQL con la escala bench, solo lectura)",
  );
  process.exit(2);
}
process.env.REPORTING_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "osep-bench-reports-"));
const RUNS = Number(process.env.BENCH_RUNS || 7);
/** BENCH_ONLY=tiempos: Tiempos de Auditoría alone (the snapshot is built all the same). */
const ONLY = process.env.BENCH_ONLY;
const META = { impresoPor: "bench (bench)" };
/** Issue 38's goals. */
const GOALS = { ratio: 1.5, treeMb: 1024, pair: 2 };
/** The renderer's options of every report PDF (app/modules/reporting/report-print.server.ts). */
const REPORT_OPTIONS = { format: "A4", landscape: true, margin: "10mm", pageNumbers: true } as const;
/** The same, as Chromium's page.pdf options (the anchor). */
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
const verdict = (ok: boolean) => (ok ? "PASS" : "no cumple");
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" / ");

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const r = await fn();
  return [performance.now() - t, r];
}

/** p50 of `runs` timings of `fn` (after one unmeasured run). */
async function p50(fn: () => Promise<unknown>, runs = RUNS): Promise<number> {
  await fn();
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) xs.push((await timed(fn))[0]);
  return median(xs);
}

/** The anchor: Chromium alone printing `html` (its own browser, a page opened for it, closed after it). */
async function anchorPrint(browser: Browser, html: string, tagged = true): Promise<number> {
  const page = await browser.newPage();
  try {
    page.setDefaultTimeout(600_000);
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

/** One report PDF against the anchor (p50 of RUNS each): a line with its ratio and the goal ≤ 1.5×. */
function ratioLine(work: string, ours: number, anchor: number, extra = ""): void {
  const r = ours / anchor;
  lines.push({
    work,
    ours: fmt(ours) + extra,
    anchor: fmt(anchor),
    ratio: `${r.toFixed(2)}×`,
    goal: `≤ ${GOALS.ratio}× Chromium solo`,
    met: verdict(r <= GOALS.ratio),
  });
}

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

/**
 * A year's Tiempos de Auditoría PDF twice (ADR 074): cold (the memo of the read emptied first: the first read after a
 * snapshot) and warm (the period read first, as the screen does before 'Exportar a PDF'), each against Chromium alone
 * printing the same HTML; the three alternate, run by run, so the machine's load weighs on all alike. Then where the
 * time goes: the snapshot read, the HTML, our printing of the same HTML.
 */
async function measureTiempos(anchor: Browser, year: { fecha_desde: string; fecha_hasta: string }) {
  const q = { ...year, auditor: null };
  const html = await tiemposAuditoriaHtml(year, META);
  const cold = async () => {
    estadisticasGenerales.forget();
    return (await timed(() => tiemposAuditoriaPdf(year, META, PDF_SYSTEM)))[0];
  };
  const warm = async () => {
    estadisticasGenerales.forget();
    await estadisticasGenerales(q); // the screen's read of the period
    return (await timed(() => tiemposAuditoriaPdf(year, META, PDF_SYSTEM)))[0];
  };
  await cold();
  await anchorPrint(anchor, html);
  const [colds, warms, plains]: number[][] = [[], [], []];
  for (let i = 0; i < RUNS; i++) {
    colds.push(await cold());
    warms.push(await warm());
    plains.push(await anchorPrint(anchor, html));
  }
  const [ours, memo, plain] = [median(colds), median(warms), median(plains)];
  const read = await p50(async () => {
    estadisticasGenerales.forget();
    await estadisticasGenerales(q);
  });
  const withHtml = await p50(() => tiemposAuditoriaHtml(year, META)); // the read memoised: the HTML alone
  const print = await p50(() => htmlToPdf(html, REPORT_OPTIONS));
  const svg = /<svg[\s\S]*?<\/svg>/.exec(html)?.[0].length ?? 0;
  console.log(
    `  Tiempos de Auditoría ${year.fecha_desde}..${year.fecha_hasta}: HTML ${(html.length / 1024).toFixed(0)} KB (la torta ${(svg / 1024).toFixed(0)} KB); ` +
      `p50: lectura de la instantánea en frío ${fmt(read)}, HTML ${fmt(withHtml)}, nuestra impresión del mismo HTML ${fmt(print)}; ` +
      `PDF en frío ${colds.map(fmt).join(", ")}; tras la pantalla ${warms.map(fmt).join(", ")}; Chromium solo ${plains.map(fmt).join(", ")}; carga ${load()}`,
  );
  ratioLine(`Tiempos de Auditoría, un año, en frío (primera lectura tras la instantánea), p50 de ${RUNS}`, ours, plain);
  ratioLine(
    `Tiempos de Auditoría, un año, tras leer el período en pantalla (lectura memorizada), p50 de ${RUNS}`,
    memo,
    plain,
  );
  lines.push({
    work: "  — de ella, solo la impresión del mismo HTML (nuestro renderizador)",
    ours: fmt(print),
    anchor: fmt(plain),
    ratio: `${(print / plain).toFixed(2)}×`,
    goal: "—",
    met: "—",
  });
}

/** Consumos por Efector (the month's busiest efector) and the Ranking of the month. */
async function measureConsumos(anchor: Browser, month: Month) {
  const periodo = { fecha_desde: month.fecha_desde, fecha_hasta: month.fecha_hasta };
  const efector = await busiestEfector(month);
  const f = { ...periodo, codigo_efector: efector };
  const efectorMs = await p50(() => consumosEfectorPdf(f, META, PDF_SYSTEM));
  const efectorHtml = await consumosHtml("efector", f, META);
  ratioLine(
    `Consumos por Efector ${efector}, un mes, p50 de ${RUNS}`,
    efectorMs,
    await p50(() => anchorPrint(anchor, efectorHtml)),
  );
  const rankingMs = await p50(() => rankingConsumosPdf(periodo, META, PDF_SYSTEM));
  const rankingHtml = await consumosHtml("ranking", { ...periodo, codigo_efector: "" }, META);
  ratioLine(
    `Ranking de Consumos, un mes, p50 de ${RUNS}`,
    rankingMs,
    await p50(() => anchorPrint(anchor, rankingHtml)),
  );
}

const CHILD = path.join(import.meta.dirname, "reports-child.ts");
/** Runs of the pre-settlement PDF in the child (the peak RSS is over all of them). */
const CHILD_RUNS = Number(process.env.BENCH_PDF_RUNS || 3);

/** A module to preload that writes the process's own peak RSS (KB) into `file` when it exits (as bench:rosters). */
const rssAtExit = (file: string) =>
  `data:text/javascript,${encodeURIComponent(
    `process.on("exit", () => process.getBuiltinModule("node:fs").writeFileSync(${JSON.stringify(file)}, String(process.resourceUsage().maxRSS)));`,
  )}`;

type ChildLine = {
  ms?: number;
  rssBeforeMb?: number;
  tree?: TreeMemory;
  pair?: [number, number];
  pairMs?: number;
  chromiumMb?: number;
};

/** `node --import tsx reports-child.ts …` in a fresh process: its JSON lines and its own peak RSS (bytes). */
function runChild(args: string[]): Promise<{ lines: ChildLine[]; peak: number }> {
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
        .map((l) => JSON.parse(l) as ChildLine);
      resolve({ lines, peak: Number(fs.readFileSync(rssFile, "utf8").trim()) * 1024 });
    });
  });
}

/** The pages of a PDF file (poppler's pdfinfo). */
function pdfPages(file: string): number {
  const { execFileSync } = process.getBuiltinModule("node:child_process");
  return Number(/^Pages:\s+(\d+)/m.exec(execFileSync("pdfinfo", [file]).toString("utf8"))?.[1] ?? 0);
}

const treeText = (t: TreeMemory) => `RSS ${t.rssMb} MB (PSS ${t.pssMb} MB, ${t.processes} procesos)`;

async function measurePreliquidacion(
  anchor: Browser,
  month: { fecha_desde: string; fecha_hasta: string; responsable: string; rows: number },
) {
  const f = { fecha_desde: month.fecha_desde, fecha_hasta: month.fecha_hasta, responsable: month.responsable };
  closeAllReaders(); // the child opens the snapshot itself
  const out = path.join(process.env.REPORTING_DIR!, "preliquidacion.pdf");
  const { lines: runs, peak } = await runChild([f.fecha_desde, f.fecha_hasta, f.responsable, out, String(CHILD_RUNS)]);
  const singles = runs.filter((r) => r.ms != null);
  const times = singles.map((r) => r.ms!);
  const tree = singles.reduce((m, r) => (r.tree!.rssMb > m.rssMb ? r.tree! : m), singles[0].tree!);
  const pair = runs.find((r) => r.pair)!;
  const bytes = fs.statSync(out).size;
  const pages = pdfPages(out);
  const html = await preliquidacionHtml(f, META);
  const plain: number[] = [];
  let anchorTree: TreeMemory = { rssMb: 0, pssMb: 0, processes: 0 };
  for (let i = 0; i < CHILD_RUNS; i++) {
    const sampler = sampleTree(anchor.process()!.pid!, true);
    plain.push(await anchorPrint(anchor, html, false));
    const t = sampler.stop();
    if (t.rssMb > anchorTree.rssMb) anchorTree = t;
  }
  const ms = median(times);
  console.log(
    `  Preliquidación ${month.responsable} ${month.fecha_desde}..${month.fecha_hasta}: ${month.rows} filas, ${pages} páginas, PDF ${(bytes / 1024 / 1024).toFixed(1)} MB, HTML ${(html.length / 1024 / 1024).toFixed(1)} MB; ` +
      `nuestro ${times.map(fmt).join(", ")} (en partes, proceso hijo nuevo, Chromium caliente), árbol de Chromium en el pico ${treeText(tree)}, ` +
      `pico RSS del hijo ${mb(peak)} (antes del primero ${singles[0].rssBeforeMb} MB); ` +
      `Chromium solo (el documento entero de una vez) ${plain.map(fmt).join(", ")}, su árbol en el pico ${treeText(anchorTree)}; ` +
      `dos a la vez: ${pair.pair!.map(fmt).join(" y ")}, ambos en ${fmt(pair.pairMs!)}, árbol ${treeText(pair.tree!)}; carga ${load()}`,
  );
  ratioLine(
    `Preliquidación, mes del responsable con más filas (${month.rows} filas), mediana de ${CHILD_RUNS}`,
    ms,
    median(plain),
  );
  lines.push({
    work: "  — árbol de procesos de Chromium durante la impresión (suma de RSS; pico)",
    ours: `${tree.rssMb} MB (PSS ${tree.pssMb} MB)`,
    anchor: `${anchorTree.rssMb} MB (PSS ${anchorTree.pssMb} MB)`,
    ratio: "—",
    goal: `≤ ${GOALS.treeMb} MB`,
    met: verdict(tree.rssMb <= GOALS.treeMb),
  });
  const both = pair.pairMs! / ms;
  lines.push({
    work: "  — dos gerentes a la vez (ambos terminan; el tiempo hasta que terminan los dos)",
    ours: `${fmt(pair.pairMs!)} (${pair.pair!.map(fmt).join(", ")})`,
    anchor: `uno solo ${fmt(ms)}`,
    ratio: `${both.toFixed(2)}×`,
    goal: `ambos, ≤ ${GOALS.pair}× uno`,
    met: verdict(pair.pair!.length === 2 && both <= GOALS.pair),
  });
  lines.push({
    work: "  — pico RSS del proceso hijo (Node: lectura, HTML, unión de las partes)",
    ours: mb(peak),
    anchor: "—",
    ratio: "—",
    goal: "—",
    met: "—",
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
    met: verdict(ms <= 60_000),
  });
}

async function main() {
  const started = performance.now();
  await refreshSnapshot();
  console.log(
    `bench:reports — instantánea construida en ${fmt(performance.now() - started)} (${process.env.REPORTING_DIR}); carga ${load()}`,
  );
  const { year, month } = await periods();
  await warmPdfBrowser(() => undefined);
  const anchor = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [...(process.getuid?.() === 0 ? ["--no-sandbox"] : []), "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    if (ONLY !== "tiempos") await measurePreliquidacion(anchor, month); // first: its peaks are not the others' leftovers
    await measureTiempos(anchor, year);
    if (ONLY !== "tiempos") {
      await measureConsumos(anchor, month);
      await measureFourScheduled(anchor, month);
    }
  } finally {
    await anchor.close();
    await closePdfBrowser();
    await closeAllReaders();
    fs.rmSync(process.env.REPORTING_DIR!, { recursive: true, force: true });
  }
  console.log(
    `\n| trabajo | nuestro | Chromium solo (mismo HTML) | relación | objetivo | cumple |\n|---|---|---|---|---|---|`,
  );
  for (const l of lines) console.log(`| ${l.work} | ${l.ours} | ${l.anchor} | ${l.ratio} | ${l.goal} | ${l.met} |`);
  console.log(`carga al terminar ${load()}`);
}

main().catch((e) => {
  console.error(`bench:reports: ${(e as Error).stack ?? e}`);
  process.exit(1);
});

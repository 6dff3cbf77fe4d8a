// Child of reports.ts (bench:reports): the pre-settlement PDF of one responsable and period through the product's
// preliquidacionPdf (snapshot of REPORTING_DIR, HTML, the shared Chromium warmed first, as the server warms it at
// start), `runs` times, so the parent reads the peak RSS of this Node process alone (its own maxRSS, written at exit
// by a preloaded snippet; Chromium's processes are printed apart). One JSON line per run: { ms, bytes, rssBeforeMb }, then
// { chromiumMb } (the resident memory of this process's Chromium tree after the last run).
//   tsx scripts/bench/reports-child.ts <fecha_desde> <fecha_hasta> <responsable> <out.pdf> [runs]
import fs from "node:fs";
import { closeAllReaders } from "~reporting/index";
import { closePdfBrowser, warmPdfBrowser } from "~reporting/render/pdf";
import { PDF_SYSTEM } from "~reporting/render/pdf-admission";
import { preliquidacionPdf } from "~/modules/prestadores/preliquidacion-report.server";

const [fecha_desde, fecha_hasta, responsable, out, runsArg] = process.argv.slice(2);
const runs = Math.max(1, Number(runsArg ?? 1));

/** The resident memory (MB) of every process under this one (the shared Chromium's tree). */
function descendantsRssMb(): number {
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const d of fs.readdirSync("/proc").filter((x) => /^\d+$/.test(x))) {
    try {
      const status = fs.readFileSync(`/proc/${d}/status`, "utf8");
      parent.set(Number(d), Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]));
      rss.set(Number(d), Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0));
    } catch {
      // the process ended meanwhile
    }
  }
  const ours = (pid: number): boolean => {
    for (let p = parent.get(pid), i = 0; p && p > 1 && i < 8; p = parent.get(p), i++)
      if (p === process.pid) return true;
    return false;
  };
  let kb = 0;
  for (const [pid, v] of rss) if (ours(pid)) kb += v;
  return Math.round(kb / 1024);
}

try {
  await warmPdfBrowser(() => undefined);
  for (let i = 0; i < runs; i++) {
    const rssBeforeMb = Math.round(process.memoryUsage().rss / 1e6);
    const t0 = performance.now();
    const pdf = await preliquidacionPdf(
      { fecha_desde, fecha_hasta, responsable },
      { impresoPor: "bench (bench)" },
      PDF_SYSTEM,
    );
    const ms = performance.now() - t0;
    fs.writeFileSync(out, pdf);
    console.log(JSON.stringify({ ms, bytes: pdf.length, rssBeforeMb }));
  }
  console.log(JSON.stringify({ chromiumMb: descendantsRssMb() }));
} finally {
  await closePdfBrowser();
  closeAllReaders();
}

// Child of reports.ts (bench:reports): the pre-settlement PDF of one responsable and period through the product's
// preliquidacionPdf (snapshot of REPORTING_DIR, HTML, the shared Chromium warmed first, as the server warms it at
// start), `runs` times alone, then twice at once (two managers: two people of the admission's report lane), so the
// parent reads the peak RSS of this Node process alone (its own maxRSS, written at exit by a preloaded snippet).
// The shared Chromium's tree (every process under this one) is sampled during each print (./reports/chromium-tree.ts).
// JSON lines: per run { ms, bytes, rssBeforeMb, tree }, then { pair: [ms, ms], pairMs, tree } (both at once: each
// one's time and the time until both ended), then { chromiumMb } (the tree's RSS after the last print).
//   tsx scripts/bench/reports-child.ts <fecha_desde> <fecha_hasta> <responsable> <out.pdf> [runs]
import fs from "node:fs";
import { closeAllReaders } from "~reporting/index";
import { closePdfBrowser, warmPdfBrowser } from "~reporting/render/pdf";
import { PDF_SYSTEM, type PdfRequester } from "~reporting/render/pdf-admission";
import { preliquidacionPdf } from "~/modules/prestadores/preliquidacion-report.server";
import { sampleTree, treeMemory } from "./reports/chromium-tree";

const [fecha_desde, fecha_hasta, responsable, out, runsArg] = process.argv.slice(2);
const runs = Math.max(1, Number(runsArg ?? 1));
const f = { fecha_desde, fecha_hasta, responsable };
const META = { impresoPor: "bench (bench)" };

async function timedPdf(who: PdfRequester): Promise<{ ms: number; pdf: Uint8Array }> {
  const t0 = performance.now();
  const pdf = await preliquidacionPdf(f, META, who);
  return { ms: performance.now() - t0, pdf };
}

try {
  await warmPdfBrowser(() => undefined);
  for (let i = 0; i < runs; i++) {
    const rssBeforeMb = Math.round(process.memoryUsage().rss / 1e6);
    const sampler = sampleTree(process.pid);
    const { ms, pdf } = await timedPdf(PDF_SYSTEM);
    const tree = sampler.stop();
    fs.writeFileSync(out, pdf);
    console.log(JSON.stringify({ ms, bytes: pdf.length, rssBeforeMb, tree }));
  }
  // two managers at once (two people: each holds one PDF of the report lane)
  const sampler = sampleTree(process.pid);
  const t0 = performance.now();
  const pair = await Promise.all(
    ["user:1", "user:2"].map((key) => timedPdf({ kind: "person", key }).then((r) => r.ms)),
  );
  const pairMs = performance.now() - t0;
  console.log(JSON.stringify({ pair, pairMs, tree: sampler.stop() }));
  console.log(JSON.stringify({ chromiumMb: treeMemory(process.pid).rssMb }));
} finally {
  await closePdfBrowser();
  closeAllReaders();
}

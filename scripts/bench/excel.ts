// npm run bench:excel — issue 29: every Excel of the product at bench scale (docs/benchmarks.md, "Issue 29"), beside
// exceljs's own plain streaming writer on the same rows in the same run. It needs a bench-scale PostgreSQL in
// DATABASE_URL (only read), builds ONE snapshot with the product's refreshSnapshot() in a temporary REPORTING_DIR,
// then for each Excel (scripts/bench/excel/sources.ts) runs, BENCH_EXCEL_REPEAT times (default 2), a child that
// writes it RUNS (3) times in a row with the product's writer and a child that does the same with the plain writer
// (scripts/bench/excel/plain.ts), alternating. Rows/s: the median of every run (and its range) by the clock and by the
// CPU time the process spent (all its threads: rows per CPU-second hardly moves with the load of a shared machine,
// the clock does); peak RSS: the largest of a child that wrote three in a row (GNU time's %M). BENCH_EXCEL_ONLY=voluntarios,sintetico for some;
// BENCH_CPU_PROF=<dir> writes a CPU profile per child; BENCH_EXCEL_SNAPSHOT_DIR=<dir> reads the snapshot already built
// there instead of building one. Figures only: no assertions.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeAllReaders, refreshSnapshot } from "~reporting/index";
import { SOURCES, type ExcelKind } from "~scripts/bench/excel/sources";

if (!process.env.DATABASE_URL) {
  console.error(
    "Uso: DATABASE_URL=postgres://…/bench npm run bench:excel  (un PostgreSQL con la escala bench, solo lectura)",
  );
  process.exit(2);
}

const CHILD = path.join(import.meta.dirname, "excel", "child.ts");
const RUNS = 3;
const REPEAT = Math.max(1, Number(process.env.BENCH_EXCEL_REPEAT ?? 2));
const GOAL_ROWS_S = 30_000;
const GOAL_RSS_MB = 300;
const NAMES: Record<ExcelKind, string> = {
  voluntarios: "afiliados voluntarios (instantánea DuckDB)",
  afiliados: "listado de afiliados inactivos (Postgres)",
  capa: "CAPA Covid (Postgres)",
  turnos: "consulta de turnos, todos (Postgres)",
  sintetico: "sintético de 15 columnas (en memoria)",
};

type Run = { rows: number; cols: number; ms: number; cpuMs: number; bytes: number };
type Child = { runs: Run[]; rssMb: number };

/** `node --import tsx child.ts …` under GNU time (peak RSS of the process, %M in KB). */
function child(args: string[], tmp: string): Promise<Child> {
  const rssFile = path.join(tmp, "rss.txt");
  const prof = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const argv = ["-f", "%M", "-o", rssFile, process.execPath, ...prof, "--import", "tsx", CHILD, ...args];
  return new Promise((resolve, reject) => {
    const p = spawn("/usr/bin/time", argv, { env: process.env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    p.stdout.on("data", (b: Buffer) => (out += b.toString("utf8")));
    p.on("error", reject);
    p.on("close", (code) => {
      if (code !== 0) return reject(new Error(`child ${args.join(" ")} exited ${code}\n${out.slice(-2000)}`));
      const runs = out
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Run);
      const kb = Number(fs.readFileSync(rssFile, "utf8").trim().split("\n").at(-1));
      resolve({ runs, rssMb: kb / 1024 });
    });
  });
}

const rate = (r: Run) => r.rows / (r.ms / 1000);
const cpuRate = (r: Run) => r.rows / (r.cpuMs / 1000);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const k = (n: number) => `${(n / 1000).toFixed(1)} k`;
const stat = (runs: Run[]) => {
  const rates = runs.map(rate);
  return { median: median(rates), min: Math.min(...rates), max: Math.max(...rates) };
};

async function measure(kind: ExcelKind, tmp: string): Promise<string[]> {
  const out = path.join(tmp, `${kind}.xlsx`);
  const ours: Child[] = [];
  const plain: Child[] = [];
  for (let i = 0; i < REPEAT; i++) {
    ours.push(await child([kind, "ours", String(RUNS), out], tmp));
    plain.push(await child([kind, "plain", String(RUNS), out], tmp));
    const [o, p] = [ours.at(-1)!, plain.at(-1)!];
    const rs = (c: Child) => c.runs.map((r) => `${k(rate(r))} (${k(cpuRate(r))}/CPU-s)`).join(" · ");
    console.log(
      `  ${kind} #${i + 1}: ours ${rs(o)} filas/s, RSS ${Math.round(o.rssMb)} MB; plain ${rs(p)}, ${Math.round(p.rssMb)} MB`,
    );
  }
  const [oRuns, pRuns] = [ours.flatMap((c) => c.runs), plain.flatMap((c) => c.runs)];
  const [o, p] = [stat(oRuns), stat(pRuns)];
  const [oc, pc] = [median(oRuns.map(cpuRate)), median(pRuns.map(cpuRate))];
  const first = ours[0].runs[0];
  const rss = Math.max(...ours.map((c) => c.rssMb));
  const prss = Math.max(...plain.map((c) => c.rssMb));
  const met = o.median >= GOAL_ROWS_S && rss <= GOAL_RSS_MB;
  return [
    `${NAMES[kind]}, ${first.rows.toLocaleString("es-AR")} × ${first.cols}`,
    `${k(o.median)} (${k(o.min)}–${k(o.max)}); ${k(oc)}/CPU-s; ${Math.round(rss)} MB`,
    `${k(p.median)} (${k(p.min)}–${k(p.max)}); ${k(pc)}/CPU-s; ${Math.round(prss)} MB`,
    `${(o.median / p.median).toFixed(2)}× / ${(oc / pc).toFixed(2)}×`,
    met ? "sí" : "NO",
  ];
}

function printTable(rows: string[][]): void {
  const head = [
    "Excel, filas × columnas",
    "ours filas/s (rango); por s de CPU; RSS tras 3",
    "plain exceljs, igual",
    "ratio reloj / CPU",
    "≥ 30 k, ≤ 300 MB",
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i])).join(" | ")} |`;
  console.log(`\n${line(head)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const c of rows) console.log(line(c));
}

const only = process.env.BENCH_EXCEL_ONLY?.split(",") ?? Object.keys(SOURCES);
const kinds = (Object.keys(SOURCES) as ExcelKind[]).filter((x) => only.includes(x));
const kept = process.env.BENCH_EXCEL_SNAPSHOT_DIR;
const reportingDir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), "osep-bench-excel-reporting-"));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "osep-bench-excel-"));
process.env.REPORTING_DIR = reportingDir;
try {
  console.log(`bench:excel — origen ${new URL(process.env.DATABASE_URL).host}, ${RUNS} seguidas × ${REPEAT} por lado`);
  if (kinds.includes("voluntarios") && !kept) {
    const t = performance.now();
    await refreshSnapshot();
    console.log(`instantánea lista en ${((performance.now() - t) / 1000).toFixed(1)} s`);
    closeAllReaders();
  }
  const table: string[][] = [];
  for (const kind of kinds) table.push(await measure(kind, tmp));
  printTable(table);
  console.log(
    `\ncarga al terminar: ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  );
} finally {
  closeAllReaders();
  if (!kept) fs.rmSync(reportingDir, { recursive: true, force: true });
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(0);

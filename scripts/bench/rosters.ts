// npm run bench:rosters — issue 15's measures on the bench scale (docs/benchmarks.md, "Issue 15"). It needs a
// bench-scale PostgreSQL in DATABASE_URL (only read), builds ONE snapshot with the product's refreshSnapshot() in a
// fresh temporary REPORTING_DIR (set in process.env, so children see it too), then imports every
// scripts/bench/rosters/measure-*.ts in name order and runs its `measure(ctx)` one after the other (contract:
// scripts/bench/rosters/types.ts), and prints the table of figures and ratios. Figures only: no assertions; it exits
// 0 (1 only when a measure itself crashes, after printing the others).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { closeAllReaders, refreshSnapshot } from "~reporting/index";
import type { BenchResult, ChildRun, RosterBenchContext, RosterMeasure } from "~scripts/bench/rosters/types";

if (!process.env.DATABASE_URL) {
  console.error(
    "Uso: DATABASE_URL=postgres://…/bench npm run bench:rosters  (un PostgreSQL con la escala bench, solo lectura)",
  );
  process.exit(2);
}

const MEASURES_DIR = path.join(import.meta.dirname, "rosters");
const GNU_TIME = "/usr/bin/time";

/** psql of the Debian package (like .ci/run finds initdb), else the one on PATH. */
function findPsql(): string {
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => fs.existsSync(path.join(base, v, "bin", "psql")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.length ? path.join(base, versions[0], "bin", "psql") : "psql";
}

/** Runs `file args` and resolves with its stdout once it exits 0 (stderr passes through to ours). */
function exec(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(file, args, { env: process.env, stdio: ["ignore", "pipe", "inherit"] });
    const out: Buffer[] = [];
    p.stdout.on("data", (b: Buffer) => out.push(b));
    p.on("error", reject);
    p.on("close", (code, signal) => {
      const stdout = Buffer.concat(out).toString("utf8");
      if (code === 0) resolve(stdout);
      else
        reject(
          new Error(`${path.basename(file)} ${args.join(" ")} terminó con ${code ?? signal}\n${stdout.slice(-2000)}`),
        );
    });
  });
}

/** A module to preload that writes the process's peak RSS (KB) into `file` when it exits. */
const rssAtExit = (file: string) =>
  `data:text/javascript,${encodeURIComponent(
    `process.on("exit", () => process.getBuiltinModule("node:fs").writeFileSync(${JSON.stringify(file)}, String(process.resourceUsage().maxRSS)));`,
  )}`;

function context(tmpDir: string): RosterBenchContext {
  const log = (line: string) => console.log(`  ${line}`);
  let runs = 0;
  /**
   * `node --import tsx <script> ...args` (the tsx loader, so ~/ aliases work). Peak RSS: GNU time's %M (the largest
   * of the process and its descendants) when /usr/bin/time exists, else the child's own maxRSS written at exit by a
   * preloaded snippet.
   */
  async function child(script: string, args: string[]): Promise<ChildRun> {
    const rssFile = path.join(tmpDir, `rss-${++runs}.txt`);
    const node = [process.execPath, "--import", "tsx", path.resolve(script), ...args];
    const useTime = fs.existsSync(GNU_TIME);
    const [file, argv] = useTime
      ? [GNU_TIME, ["-f", "%M", "-o", rssFile, ...node]]
      : [process.execPath, ["--import", rssAtExit(rssFile), ...node.slice(1)]];
    const t = performance.now();
    const stdout = await exec(file, argv);
    const ms = performance.now() - t;
    const kb = Number(fs.readFileSync(rssFile, "utf8").trim().split("\n").at(-1));
    return { ms, rssMb: kb / 1024, stdout };
  }
  async function shell(command: string): Promise<{ ms: number; stdout: string }> {
    const t = performance.now();
    const stdout = await exec("bash", ["-c", command]);
    return { ms: performance.now() - t, stdout };
  }
  return { databaseUrl: process.env.DATABASE_URL!, psql: findPsql(), tmpDir, log, child, shell };
}

function printTable(rows: BenchResult[]): void {
  const head = ["measure", "ours", "plain", "ratio", "goal", "met"];
  const cells = rows.map((r) => [r.measure, r.ours, r.plain, `${r.ratio.toFixed(2)}×`, r.goal, r.met ? "sí" : "NO"]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i])).join(" | ")} |`;
  console.log(`\n${line(head)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const c of cells) console.log(line(c));
}

const reportingDir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-bench-rosters-reporting-"));
const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-bench-rosters-"));
process.env.REPORTING_DIR = reportingDir;
let failed = false;
try {
  console.log(`bench:rosters — origen ${new URL(process.env.DATABASE_URL).host}, instantánea en ${reportingDir}`);
  const t = performance.now();
  const info = await refreshSnapshot();
  console.log(`instantánea lista en ${((performance.now() - t) / 1000).toFixed(1)} s (${info.file})`);
  closeAllReaders();

  const files = fs
    .readdirSync(MEASURES_DIR)
    .filter((f) => /^measure-.*\.ts$/.test(f) && !f.endsWith(".test.ts"))
    .sort();
  const ctx = context(tmpDir);
  const results: BenchResult[] = [];
  for (const f of files) {
    console.log(`\n${f}`);
    try {
      const mod = (await import(pathToFileURL(path.join(MEASURES_DIR, f)).href)) as { measure: RosterMeasure };
      results.push(...(await mod.measure(ctx)));
    } catch (e) {
      failed = true;
      console.error(`  ${f} falló: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    } finally {
      closeAllReaders();
    }
  }
  printTable(results);
} finally {
  closeAllReaders();
  fs.rmSync(reportingDir, { recursive: true, force: true });
  fs.rmSync(tmpDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

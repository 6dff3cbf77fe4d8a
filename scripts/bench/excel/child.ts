// Child of bench:excel (scripts/bench/excel.ts): `tsx scripts/bench/excel/child.ts <kind> <ours|plain> <runs> <out>`
// writes the Excel of <kind> RUNS times in a row in this one process (to the file <out>, overwritten) and prints one
// JSON line { rows, cols, ms, cpuMs, bytes } per run (cpuMs: the CPU time of the whole process — every thread,
// DuckDB's and zlib's included — during the run). The parent reads the peak RSS of the whole process.
import fs from "node:fs";
import { Readable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { closeDb } from "~db/client.server";
import { SOURCES, type ExcelKind } from "./sources";
import { writePlainXlsx } from "./plain";

const [kind, writer, runsArg, out] = process.argv.slice(2);
const runs = Math.max(1, Number(runsArg ?? 1));

try {
  if (!(kind in SOURCES)) throw new Error(`unknown kind ${kind}`);
  const source = await SOURCES[kind as ExcelKind]();
  const rows = await source.count();
  const cols = (await source.columns()).length;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    if (writer === "ours") {
      const response = await source.ours();
      await pipeline(Readable.fromWeb(response.body as never), fs.createWriteStream(out));
    } else {
      const [columns, data] = [await source.columns(), await source.rows()];
      const file = fs.createWriteStream(out);
      await writePlainXlsx(file, columns, data);
      await finished(file); // exceljs ends the stream it was given
    }
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    console.log(
      JSON.stringify({ rows, cols, ms, cpuMs: (cpu.user + cpu.system) / 1000, bytes: fs.statSync(out).size }),
    );
  }
} finally {
  await closeDb();
}

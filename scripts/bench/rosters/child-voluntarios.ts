// Child of measure-voluntarios.ts (bench:rosters): runs one XLSX export through the product's code and prints its
// figures as one JSON line { rows, ms, bytes, rssBeforeMb } per run. The parent reads the peak RSS of this whole process.
//   tsx scripts/bench/rosters/child-voluntarios.ts voluntarios <out.xlsx> [runs]   the voluntary affiliates' Excel
//       (voluntariosXlsx on the snapshot of REPORTING_DIR, estado TODOS: every voluntary affiliate)
//   tsx scripts/bench/rosters/child-voluntarios.ts afiliados <out.xlsx> [runs]     the members list's Excel of today
//       (listadoXlsxResponse on DATABASE_URL, 'ver solo afiliados inactivos': the inactive members)
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { closeDb } from "~db/client.server";
import { todayISO } from "~/lib/dates";

const [mode, out, runsArg] = process.argv.slice(2);
const runs = Math.max(1, Number(runsArg ?? 1));

async function drain(response: Response): Promise<number> {
  await pipeline(Readable.fromWeb(response.body as never), fs.createWriteStream(out));
  return fs.statSync(out).size;
}

// Each mode imports only what it runs, so the peak RSS of a child is that of its own export.
async function voluntarios(): Promise<void> {
  const { openSnapshot, voluntariosCount } = await import("~reporting/index");
  const { voluntariosXlsx } = await import("~/modules/voluntarios/voluntarios.server");
  const q = { estado: "TODOS" as const, search: "" };
  const counter = await openSnapshot();
  const rows = await voluntariosCount(counter, { ...q, hoy: todayISO() });
  counter.release();
  for (let i = 0; i < runs; i++) {
    const snapshot = await openSnapshot();
    const rss0 = Math.round(process.memoryUsage().rss / 1e6);
    const t0 = performance.now();
    const bytes = await drain(voluntariosXlsx(snapshot, q));
    console.log(JSON.stringify({ rows, ms: performance.now() - t0, bytes, rssBeforeMb: rss0 }));
  }
}

async function afiliados(): Promise<void> {
  const { listadoXlsxResponse } = await import("~/modules/afiliados/listado.export.server");
  const { countAfiliados } = await import("~/modules/afiliados/listado.server");
  const { ListadoFilterSchema } = await import("~/modules/afiliados/listado.schema");
  const filter = ListadoFilterSchema.parse({ ver_solo_afi_inactivo: "true" });
  const rows = await countAfiliados(filter);
  for (let i = 0; i < runs; i++) {
    const rss0 = Math.round(process.memoryUsage().rss / 1e6);
    const t0 = performance.now();
    const bytes = await drain(listadoXlsxResponse(filter));
    console.log(JSON.stringify({ rows, ms: performance.now() - t0, bytes, rssBeforeMb: rss0 }));
  }
}

try {
  if (mode === "voluntarios") await voluntarios();
  else if (mode === "afiliados") await afiliados();
  else throw new Error(`unknown mode ${mode}`);
} finally {
  await closeDb();
}

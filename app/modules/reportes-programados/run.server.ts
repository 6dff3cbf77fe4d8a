// One run of a schedule (docs/decisions/058): under the schedule's own lock (one run at a time across processes:
// the reporting store's lock, per schedule), the period relative to the run, the file written whole under a
// temporary name in REPORTS_DIR and renamed, then in one transaction its row, the schedule's last run and the rows
// beyond REPORTS_HISTORY; their files are deleted after the commit. A failed run keeps the previous files and
// records its error (Spanish, one line, no stack) on the schedule.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { acquireNamedLock, reportingDir, reportsDir, reportsHistory } from "~reporting/index";
import { getDb } from "~db/client.server";
import { reportesArchivos, reportesProgramaciones } from "~db/schema/reportes";
import { fail, type Failure } from "~db/transaction";
import { errorSummary } from "~/lib/log-safe.server";
import { produceReport, ReportUnavailableError } from "./produce.server";
import {
  archivoNombre,
  archivosSobrantes,
  MSG,
  periodoDeEjecucion,
  type Formato,
  type Periodo,
  type Reporte,
} from "./rules";

/** The advisory-lock class of scheduled-report runs (two-int keys: this class, the schedule's id). */
const RUN_LOCK_CLASS = 724_112;

class RunBusyError extends Error {
  constructor() {
    super(MSG.EN_CURSO);
    this.name = "RunBusyError";
  }
}

export type RunOptions = {
  /** The run's instant (its period and the file's name); default now. */
  now?: Date;
  /** Tests: called once the file is written whole, before the rename (to hold a run half way or make it fail). */
  onWritten?: () => void | Promise<void>;
};

export type RunOutcome = { ok: true; archivoId: number; nombre: string } | { ok: false; error: string };

type Programacion = typeof reportesProgramaciones.$inferSelect;

/** The lock file of a schedule's runs, beside the refresh's lock (embedded database). */
function lockFile(id: number): string {
  return path.join(reportingDir(), `reporte-programado-${id}.lock`);
}

/**
 * Start a run of schedule `id`: 404 when there is no active schedule, 409 when it is running (here or in another
 * process). Otherwise the lock is held and `done` settles when the run is over (it never rejects).
 */
export async function beginRun(
  id: number,
  opts: RunOptions = {},
): Promise<{ ok: true; done: Promise<RunOutcome> } | Failure<404 | 409>> {
  const db = await getDb();
  const [p] = await db
    .select()
    .from(reportesProgramaciones)
    .where(and(eq(reportesProgramaciones.id, id), eq(reportesProgramaciones.activo, true)));
  if (!p) return fail(404, MSG.PROGRAMACION_INEXISTENTE);
  fs.mkdirSync(reportingDir(), { recursive: true });
  let release: () => Promise<void>;
  try {
    ({ release } = await acquireNamedLock({
      file: lockFile(id),
      pgKey: [RUN_LOCK_CLASS, id],
      busy: () => new RunBusyError(),
    }));
  } catch (e) {
    if (e instanceof RunBusyError) return fail(409, e.message);
    throw e;
  }
  const done = execute(p, opts).finally(() => release());
  return { ok: true, done };
}

/** Run schedule `id` now and wait for it (the scheduler's tick, tests). */
export async function runProgramacion(id: number, opts: RunOptions = {}): Promise<RunOutcome | Failure<404 | 409>> {
  const started = await beginRun(id, opts);
  return started.ok ? started.done : started;
}

/** A temporary name in the same directory (a dot name: never a file's name, never served). */
function tempPath(dir: string, name: string): string {
  return path.join(dir, `.${name}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
}

/** What the schedule shows of a failure: one line in Spanish, never a stack. */
function errorText(e: unknown): string {
  if (e instanceof ReportUnavailableError) return e.message;
  const first = (e instanceof Error ? e.message : String(e)).split("\n")[0].slice(0, 300);
  return `No se pudo generar el archivo: ${first}`;
}

async function execute(p: Programacion, opts: RunOptions): Promise<RunOutcome> {
  const now = opts.now ?? new Date();
  const periodo = periodoDeEjecucion(p.periodo as Periodo, now);
  const encargo = { ...p, reporte: p.reporte as Reporte, formato: p.formato as Formato, periodo };
  const nombre = archivoNombre(encargo, periodo, now);
  const dir = reportsDir();
  const tmp = tempPath(dir, nombre);
  const final = path.join(dir, nombre);
  try {
    await fsp.mkdir(dir, { recursive: true });
    await writeWhole(tmp, (out) => produceReport(encargo, out, { impresoPor: `Reportes Programados (#${p.id})` }));
    await opts.onWritten?.();
    await fsp.rename(tmp, final);
    const bytes = (await fsp.stat(final)).size;
    const archivoId = await recordFile(p.id, { nombre, periodo, now, bytes }).catch(async (e: unknown) => {
      await fsp.rm(final, { force: true }); // no row names it: nobody could list or download it
      throw e;
    });
    console.log(`[reportes-programados] programación ${p.id}: ${nombre} (${bytes} bytes)`);
    return { ok: true, archivoId, nombre };
  } catch (e) {
    await fsp.rm(tmp, { force: true });
    const error = errorText(e);
    console.error(`[reportes-programados] programación ${p.id}: ${errorSummary(e)}`);
    const db = await getDb();
    await db
      .update(reportesProgramaciones)
      .set({ ultimaEjecucion: now, ultimoError: error })
      .where(eq(reportesProgramaciones.id, p.id));
    return { ok: false, error };
  }
}

/** Write a new file `file` through `write`, then flush it to disk; the file exists only if it was written whole. */
async function writeWhole(file: string, write: (out: fs.WriteStream) => Promise<void>): Promise<void> {
  const out = fs.createWriteStream(file, { flags: "wx" });
  const opened = new Promise<void>((resolve, reject) => {
    out.once("open", () => resolve());
    out.once("error", reject);
  });
  await opened;
  try {
    await write(out);
  } catch (e) {
    out.destroy();
    throw e;
  }
  await new Promise<void>((resolve, reject) => {
    out.once("error", reject);
    out.end(() => resolve());
  });
  const handle = await fsp.open(file, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * In one transaction: the file's row, the schedule's last run (no error), and the rows beyond the history; then
 * the files of those rows are deleted (a download already reading one keeps its open handle).
 */
async function recordFile(
  programacionId: number,
  f: { nombre: string; periodo: { desde: string; hasta: string }; now: Date; bytes: number },
): Promise<number> {
  const db = await getDb();
  const { id, sobrantes } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reportesArchivos)
      .values({
        programacionId,
        nombre: f.nombre,
        periodoDesde: f.periodo.desde,
        periodoHasta: f.periodo.hasta,
        generadoEn: f.now,
        bytes: f.bytes,
      })
      .returning({ id: reportesArchivos.id });
    await tx
      .update(reportesProgramaciones)
      .set({ ultimaEjecucion: f.now, ultimoError: null })
      .where(eq(reportesProgramaciones.id, programacionId));
    const all = await tx
      .select({ id: reportesArchivos.id, nombre: reportesArchivos.nombre, generado_en: reportesArchivos.generadoEn })
      .from(reportesArchivos)
      .where(eq(reportesArchivos.programacionId, programacionId));
    const extra = archivosSobrantes(all, reportsHistory());
    if (extra.length)
      await tx.delete(reportesArchivos).where(
        inArray(
          reportesArchivos.id,
          extra.map((a) => a.id),
        ),
      );
    return { id: row.id, sobrantes: extra };
  });
  await removeFiles(sobrantes.map((a) => a.nombre));
  return id;
}

/** Delete these files of REPORTS_DIR (already gone is fine). */
export async function removeFiles(nombres: readonly string[]): Promise<void> {
  for (const n of nombres) await fsp.rm(path.join(reportsDir(), n), { force: true });
}

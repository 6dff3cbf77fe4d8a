// One run of a schedule (docs/decisions/058): under the schedule's own lock (one run at a time across processes:
// the reporting store's lock, per schedule), the period relative to the run, the file written whole under a
// temporary name in REPORTS_DIR and given its own name (unique: it carries the archivo's id, reserved first; never
// replacing a file, directorio.server.ts), then in one transaction its row, the schedule's last run and the rows
// beyond REPORTS_HISTORY; their files are deleted after the commit. A failed run keeps the previous files and
// records its error (Spanish, one line, no stack) on the schedule. 'Ejecutar ahora' waits an hour after the last run.
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import pLimit, { type LimitFunction } from "p-limit";
import { acquireNamedLock, reportingDir, reportsDir, reportsHistory } from "~reporting/index";
import { getDb } from "~db/client.server";
import { reportesArchivos, reportesProgramaciones } from "~db/schema/reportes";
import { fail, type Failure } from "~db/transaction";
import { errorSummary } from "~/lib/log-safe.server";
import { countScheduledReportRun } from "~/lib/metrics.server";
import { placeNoReplace, removeFiles, tempPath, writeWhole } from "./directorio.server";
import { produceReport, ReportUnavailableError } from "./produce.server";
import {
  archivoNombre,
  archivosSobrantes,
  EJECUCIONES_A_LA_VEZ,
  esperaParaEjecutar,
  MSG,
  periodoDeEjecucion,
  type Formato,
  type Periodo,
  type Reporte,
} from "./rules";

// This process's turns (EJECUCIONES_A_LA_VEZ), on globalThis: the HTTP server and the Remix bundle each load their own
// copy of this module.
const TURNOS_KEY = Symbol.for("osep.reportes-programados.turnos");

/** The runs of this process at once: a run waits here for its turn, after taking its schedule's lock. */
export function turnosDeEjecucion(): LimitFunction {
  const g = globalThis as typeof globalThis & { [TURNOS_KEY]?: LimitFunction };
  return (g[TURNOS_KEY] ??= pLimit(EJECUCIONES_A_LA_VEZ));
}

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
  /** 'Ejecutar ahora' (issue 35): refused (429) while the schedule's last run began less than an hour ago. */
  notSoonerThanAnHour?: boolean;
  /**
   * Tests: called once the file is written whole under its temporary name, with the name it is about to take (to
   * hold a run half way, make it fail, or take its name first).
   */
  onWritten?: (final: string) => void | Promise<void>;
};

/** 'Ejecutar ahora' within the hour after the schedule's last run began: 429, and how long to wait. */
export type RunTooSoon = Failure<429> & { retryAfterS: number };

export type RunOutcome = { ok: true; archivoId: number; nombre: string } | { ok: false; error: string };

type Programacion = typeof reportesProgramaciones.$inferSelect;

/** The lock file of a schedule's runs, beside the refresh's lock (embedded database). */
function lockFile(id: number): string {
  return path.join(reportingDir(), `reporte-programado-${id}.lock`);
}

/**
 * The run lock of schedule `id` (one run at a time across processes), or null when a run holds it. Whoever holds it
 * knows no run of that schedule is half way: what one left in REPORTS_DIR is a leftover (scheduler.server.ts).
 */
export async function tryRunLock(id: number): Promise<(() => Promise<void>) | null> {
  fs.mkdirSync(reportingDir(), { recursive: true });
  try {
    const { release } = await acquireNamedLock({
      file: lockFile(id),
      pgKey: [RUN_LOCK_CLASS, id],
      busy: () => new RunBusyError(),
    });
    return release;
  } catch (e) {
    if (e instanceof RunBusyError) return null;
    throw e;
  }
}

const activa = async (id: number) =>
  (
    await (
      await getDb()
    )
      .select()
      .from(reportesProgramaciones)
      .where(and(eq(reportesProgramaciones.id, id), eq(reportesProgramaciones.activo, true)))
  )[0];

/**
 * Start a run of schedule `id`: 404 when there is no active schedule, 409 when it is running (here or in another
 * process), and with `notSoonerThanAnHour` 429 while its last run began less than an hour ago (checked under the
 * lock, so two processes cannot both pass). Otherwise the lock is held and `done` settles when the run is over (it
 * never rejects).
 */
export async function beginRun(
  id: number,
  opts: RunOptions = {},
): Promise<{ ok: true; done: Promise<RunOutcome> } | Failure<404 | 409> | RunTooSoon> {
  if (!(await activa(id))) return fail(404, MSG.PROGRAMACION_INEXISTENTE);
  const release = await tryRunLock(id);
  if (!release) return fail(409, MSG.EN_CURSO);
  let p: Programacion | undefined;
  try {
    p = await activa(id); // as it is now that no run of it can change it
  } catch (e) {
    await release();
    throw e;
  }
  const wait = p && opts.notSoonerThanAnHour ? esperaParaEjecutar(p.ultimaEjecucion, new Date()) : 0;
  if (!p || wait > 0) {
    await release();
    if (!p) return fail(404, MSG.PROGRAMACION_INEXISTENTE);
    return { ...fail(429, MSG.RECIENTE), retryAfterS: Math.ceil(wait / 1000) };
  }
  const run = p;
  const done = turnosDeEjecucion()(() => execute(run, opts)).finally(() => release());
  return { ok: true, done };
}

/** Run schedule `id` now and wait for it (the scheduler's tick, tests). */
export async function runProgramacion(
  id: number,
  opts: RunOptions = {},
): Promise<RunOutcome | Failure<404 | 409> | RunTooSoon> {
  const started = await beginRun(id, opts);
  return started.ok ? started.done : started;
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
  const dir = reportsDir();
  let tmp: string | null = null;
  try {
    const archivoId = await reserveArchivoId();
    const nombre = archivoNombre(encargo, periodo, now, archivoId);
    const final = path.join(dir, nombre);
    tmp = tempPath(dir, nombre);
    await fsp.mkdir(dir, { recursive: true });
    await writeWhole(tmp, (out) => produceReport(encargo, out, { impresoPor: `Reportes Programados (#${p.id})` }));
    await opts.onWritten?.(final);
    await placeNoReplace(tmp, final);
    tmp = null;
    const bytes = (await fsp.stat(final)).size;
    await recordFile(p.id, { id: archivoId, nombre, periodo, now, bytes }).catch(async (e: unknown) => {
      await fsp.rm(final, { force: true }); // no row names it: nobody could list or download it
      throw e;
    });
    console.log(`[reportes-programados] programación ${p.id}: ${nombre} (${bytes} bytes)`);
    countScheduledReportRun("ok");
    return { ok: true, archivoId, nombre };
  } catch (e) {
    if (tmp) await fsp.rm(tmp, { force: true });
    const error = errorText(e);
    console.error(`[reportes-programados] programación ${p.id}: ${errorSummary(e)}`);
    countScheduledReportRun("error");
    const db = await getDb();
    await db
      .update(reportesProgramaciones)
      .set({ ultimaEjecucion: now, ultimoError: error })
      .where(eq(reportesProgramaciones.id, p.id));
    return { ok: false, error };
  }
}

/** The id the run's archivo row will have (its file's name carries it): taken from the table's own sequence. */
async function reserveArchivoId(): Promise<number> {
  const db = await getDb();
  const result = await db.execute(sql`select nextval(pg_get_serial_sequence('reportes_archivos', 'id')) as id`);
  return Number((result as unknown as { rows: { id: string | number }[] }).rows[0].id);
}

/**
 * In one transaction: the file's row, the schedule's last run (no error), and the rows beyond the history; then
 * the files of those rows are deleted (a download already reading one keeps its open handle).
 */
async function recordFile(
  programacionId: number,
  f: { id: number; nombre: string; periodo: { desde: string; hasta: string }; now: Date; bytes: number },
): Promise<void> {
  const db = await getDb();
  const sobrantes = await db.transaction(async (tx) => {
    await tx.insert(reportesArchivos).values({
      id: f.id,
      programacionId,
      nombre: f.nombre,
      periodoDesde: f.periodo.desde,
      periodoHasta: f.periodo.hasta,
      generadoEn: f.now,
      bytes: f.bytes,
    });
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
    return extra;
  });
  await removeFiles(sobrantes.map((a) => a.nombre));
}

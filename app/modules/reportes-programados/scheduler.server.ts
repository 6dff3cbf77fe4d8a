// The scheduler of the scheduled reports (docs/decisions/058), in the process that owns the schedule (the app, the
// cluster's primary or `npm run worker`: one of the background jobs of app/background.server.ts, ADR 083). It keeps
// one node-cron task per active schedule (insurer's time zone, never two runs of one task at once), re-reading the
// table every 30 seconds — and at once when this process creates or deletes a schedule. The same pass (the first one
// at the scheduler's start) deletes the files of deleted schedules whose history has run out, and what killed runs
// left behind. A schedule whose expression fires more than once an hour (stored before issue 35) gets no task.
import fsp from "node:fs/promises";
import path from "node:path";
import cron, { type ScheduledTask } from "node-cron";
import { and, eq, inArray, isNull, lte, ne, or } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { reportesArchivos, reportesProgramaciones } from "~db/schema/reportes";
import { reportsDir, reportsHistory, type BackgroundJob } from "~reporting/index";
import { TZ } from "~/lib/dates";
import { errorSummary } from "~/lib/log-safe.server";
import { cronProblem } from "./cron.server";
import { onChange } from "./programaciones.server";
import { programacionDeArchivo, vencimientoEliminada, type Periodo } from "./rules";
import { removeFiles } from "./directorio.server";
import { runProgramacion, tryRunLock } from "./run.server";

/** How often the schedules are re-read (node-cron with seconds: every 30 s). */
const SYNC_CRON = "*/30 * * * * *";

type Registered = { cron: string; task: ScheduledTask };
const KEY = Symbol.for("osep.reportes-programados.tasks");
function tasks(): Map<number, Registered> {
  const g = globalThis as typeof globalThis & { [KEY]?: Map<number, Registered> };
  g[KEY] ??= new Map();
  return g[KEY]!;
}

/** A scheduled tick: run it (a run already going, here or elsewhere, is that tick's run). */
async function tick(id: number): Promise<void> {
  try {
    const r = await runProgramacion(id);
    if (!r.ok && "status" in r) console.log(`[reportes-programados] programación ${id}: ${r.msg}`);
  } catch (e) {
    console.error(`[reportes-programados] programación ${id}: ${errorSummary(e)}`);
  }
}

/** Bring the tasks in line with the active schedules; returns the ids registered. */
export async function syncProgramaciones(now = new Date()): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: reportesProgramaciones.id, cron: reportesProgramaciones.cron })
    .from(reportesProgramaciones)
    .where(eq(reportesProgramaciones.activo, true));
  const active = new Map(rows.map((r) => [r.id, r.cron]));
  const registered = tasks();
  for (const [id, reg] of registered) {
    if (active.get(id) === reg.cron) continue;
    await reg.task.destroy();
    registered.delete(id);
  }
  const refused = await flagRefused(active);
  for (const [id, expr] of active) {
    if (registered.has(id) || refused.has(id)) continue;
    const task = cron.schedule(expr, () => tick(id), {
      timezone: TZ,
      noOverlap: true,
      name: `reporte-programado-${id}`,
    });
    registered.set(id, { cron: expr, task });
  }
  await pruneDeleted(now);
  await removeLeftovers();
  return [...registered.keys()].sort((a, b) => a - b);
}

/**
 * Schedules stored before the once-an-hour rule (issue 35) whose expression breaks it (or is invalid) get no task:
 * the schedule says why (ultimo_error), to be deleted and made again. Returns their ids.
 */
async function flagRefused(active: Map<number, string>): Promise<Set<number>> {
  const refused = new Set<number>();
  const db = await getDb();
  for (const [id, expr] of active) {
    const msg = cronProblem(expr);
    if (!msg) continue;
    refused.add(id);
    await db
      .update(reportesProgramaciones)
      .set({ ultimoError: msg })
      .where(
        and(
          eq(reportesProgramaciones.id, id),
          or(isNull(reportesProgramaciones.ultimoError), ne(reportesProgramaciones.ultimoError, msg)),
        ),
      );
  }
  return refused;
}

/** The files of deleted schedules whose history has run out (rules.ts vencimientoEliminada): rows, then files. */
export async function pruneDeleted(now = new Date()): Promise<number> {
  const db = await getDb();
  const deleted = await db
    .select({
      id: reportesProgramaciones.id,
      periodo: reportesProgramaciones.periodo,
      en: reportesProgramaciones.eliminadoEn,
    })
    .from(reportesProgramaciones)
    .where(and(eq(reportesProgramaciones.activo, false), lte(reportesProgramaciones.eliminadoEn, now)));
  const expired = deleted.filter(
    (d) => d.en && vencimientoEliminada(d.periodo as Periodo, d.en, reportsHistory()) <= now,
  );
  if (!expired.length) return 0;
  const gone = await db
    .delete(reportesArchivos)
    .where(
      inArray(
        reportesArchivos.programacionId,
        expired.map((d) => d.id),
      ),
    )
    .returning({ nombre: reportesArchivos.nombre });
  await removeFiles(gone.map((g) => g.nombre));
  return gone.length;
}

/**
 * What runs killed half way left in REPORTS_DIR (zero-byte or not): a temporary file, or a file whose row was never
 * written (no row names it: never listed nor served). Each is judged under its schedule's run lock — the lock every
 * run holds from its temporary file to its row, in whichever process — so what a run going on is writing is left to
 * it, and anything else of a schedule nobody is running is a leftover, however recent. Run at the scheduler's start
 * (atStart) and at every pass. Returns how many were removed.
 */
export async function removeLeftovers(): Promise<number> {
  const dir = reportsDir();
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  const ours = names.filter((n) => programacionDeArchivo(n) !== null);
  if (!ours.length) return 0;
  const known = await recordedNames();
  const bySchedule = new Map<number, string[]>();
  for (const n of ours.filter((x) => !known.has(x))) {
    const id = programacionDeArchivo(n)!;
    bySchedule.set(id, [...(bySchedule.get(id) ?? []), n]);
  }
  let removed = 0;
  for (const [id, suspects] of bySchedule) {
    const release = await tryRunLock(id);
    if (!release) continue; // a run of it is going on: its files are its own
    try {
      const recorded = await recordedNames(id); // again, now that no run of it can add a row
      for (const name of suspects.filter((x) => !recorded.has(x))) {
        const stat = await fsp.lstat(path.join(dir, name)).catch(() => null);
        if (!stat?.isFile()) continue;
        await fsp.rm(path.join(dir, name), { force: true });
        removed++;
      }
    } finally {
      await release();
    }
  }
  return removed;
}

/** The names of the recorded files (of schedule `id`, or all). */
async function recordedNames(id?: number): Promise<Set<string>> {
  const db = await getDb();
  const rows = await db
    .select({ nombre: reportesArchivos.nombre })
    .from(reportesArchivos)
    .where(id === undefined ? undefined : eq(reportesArchivos.programacionId, id));
  return new Set(rows.map((r) => r.nombre));
}

/** Stop every task of this process. */
export async function stopProgramaciones(): Promise<void> {
  onChange(null);
  for (const reg of tasks().values()) await reg.task.destroy();
  tasks().clear();
}

const logSync = () =>
  syncProgramaciones().then(
    () => undefined,
    (e) => console.error(`[reportes-programados] no se pudieron leer las programaciones: ${errorSummary(e)}`),
  );

/** The background job: the re-read every 30 s (and once at start), its tasks stopped with the jobs. */
export function scheduledReportsJob(): BackgroundJob {
  const run = () => {
    onChange(() => void logSync());
    return logSync();
  };
  return {
    name: "reportes-programados",
    schedule: SYNC_CRON,
    run,
    start: () => void run(),
    shutdown: stopProgramaciones,
  };
}

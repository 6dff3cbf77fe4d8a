// The scheduler of the scheduled reports (docs/decisions/058), in the process that owns the reporting schedule (the
// app, the cluster's primary or `npm run worker`: it is one of their ScheduledJobs, server/housekeeping.ts). It keeps
// one node-cron task per active schedule (insurer's time zone, never two runs of one task at once), re-reading the
// table every 30 seconds — and at once when this process creates or deletes a schedule. The same pass deletes the
// files of deleted schedules whose history has run out, and what killed runs left behind.
import fsp from "node:fs/promises";
import path from "node:path";
import cron, { type ScheduledTask } from "node-cron";
import { and, eq, inArray, lte } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { reportesArchivos, reportesProgramaciones } from "~db/schema/reportes";
import { reportsDir, reportsHistory, type ScheduledJob } from "~reporting/index";
import { TZ } from "~/lib/dates";
import { errorSummary } from "~/lib/log-safe.server";
import { onChange } from "./programaciones.server";
import { isArchivoNombre, vencimientoEliminada, type Periodo } from "./rules";
import { removeFiles, runProgramacion } from "./run.server";

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
  for (const [id, expr] of active) {
    if (registered.has(id) || !cron.validate(expr)) continue;
    const task = cron.schedule(expr, () => tick(id), {
      timezone: TZ,
      noOverlap: true,
      name: `reporte-programado-${id}`,
    });
    registered.set(id, { cron: expr, task });
  }
  await pruneDeleted(now);
  await removeLeftovers(now);
  return [...registered.keys()].sort((a, b) => a - b);
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

/** Leftovers are removed once older than this (a run in progress is never that old between two writes). */
const LEFTOVER_MS = 60 * 60_000;

/**
 * What a run killed half way left in REPORTS_DIR, once older than an hour: its temporary file, or a file renamed
 * whose row was never written (no row names it: never listed nor served). Returns how many were removed.
 */
export async function removeLeftovers(now = new Date()): Promise<number> {
  const dir = reportsDir();
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  const suspects = names.filter((n) => (n.startsWith(".") && n.endsWith(".tmp")) || isArchivoNombre(n));
  if (!suspects.length) return 0;
  const db = await getDb();
  const known = new Set(
    (await db.select({ nombre: reportesArchivos.nombre }).from(reportesArchivos)).map((r) => r.nombre),
  );
  let removed = 0;
  for (const name of suspects) {
    if (known.has(name)) continue;
    const stat = await fsp.stat(path.join(dir, name)).catch(() => null);
    if (!stat?.isFile() || now.getTime() - stat.mtimeMs < LEFTOVER_MS) continue;
    await fsp.rm(path.join(dir, name), { force: true });
    removed++;
  }
  return removed;
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

/** The job startScheduler runs: the re-read every 30 s (and at start), stopped with the scheduler. */
export function scheduledReportsJob(): ScheduledJob {
  return {
    name: "reportes-programados",
    cron: SYNC_CRON,
    atStart: true,
    run: () => {
      onChange(() => void logSync());
      return logSync();
    },
    stop: stopProgramaciones,
  };
}

// The schedules of 'Reportes Programados' (issue 29, docs/decisions/058): list them with their files, create one,
// delete one (it turns inactive and keeps its files until their history runs out), run one now in the background.
// Every write in one transaction with its audit entry. The screen and the JSON API call these same functions.
import { and, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import { getDb, type Tx } from "~db/client.server";
import { efectores, responsables } from "~db/schema/prestadores";
import { reportesArchivos, reportesProgramaciones } from "~db/schema/reportes";
import { isUniqueViolationOf } from "~db/errors";
import { Abort, fail, inTransaction, type Failure } from "~db/transaction";
import { audit } from "~/lib/audit.server";
import type { SessionUser } from "~/auth/sessions.server";
import { canonicalCuit, canSeeResponsable } from "~/modules/prestadores/rules";
import { MSG_RESPONSABLE_NO_PERMITIDO } from "~/modules/prestadores/liquidacion.schema";
import { cronProblem, proximaEjecucion } from "./cron.server";
import type { ProgramacionInput } from "./reportes-programados.schema";
import {
  archivoUrl,
  MAX_PROGRAMACIONES_ACTIVAS,
  MAX_PROGRAMACIONES_POR_USUARIO,
  MSG,
  programacionProblems,
  type ArchivoVista,
  type Formato,
  type Periodo,
  type ProgramacionVista,
  type Reporte,
} from "./rules";
import { beginRun, type RunTooSoon } from "./run.server";

type Row = typeof reportesProgramaciones.$inferSelect;
type Nombres = { responsable_nombre: string | null; efector_nombre: string | null };

/** The unique index of active schedules (migration 0014, docs/decisions/069): an identical one is refused. */
const ACTIVA_UNICA = "reportes_programaciones_activa_unica";

function vista(p: Row, nombres: Nombres): ProgramacionVista {
  return {
    ...nombres,
    id: p.id,
    reporte: p.reporte as Reporte,
    periodo: p.periodo as Periodo,
    formato: p.formato as Formato,
    cron: p.cron,
    responsable: p.responsable,
    efector: p.efector,
    activo: p.activo,
    proxima_ejecucion: p.activo ? (proximaEjecucion(p.cron)?.toISOString() ?? null) : null,
    ultima_ejecucion: p.ultimaEjecucion?.toISOString() ?? null,
    ultimo_error: p.ultimoError,
  };
}

/**
 * What `user` may see, run or delete: the pre-settlement of a responsable beyond the user's scope
 * (app/modules/prestadores/rules.ts) is left out, and answered as unknown (404).
 */
const visible = (user: SessionUser, r: { reporte: string; responsable: string | null }) =>
  r.reporte !== "preliquidacion" || canSeeResponsable(user, r.responsable ?? "");

/** The active schedule `id` if `user` may see it (else null: unknown to that user). */
async function activaVisible(id: number, user: SessionUser, tx?: Tx): Promise<Row | null> {
  const q = (tx ?? (await getDb()))
    .select()
    .from(reportesProgramaciones)
    .where(and(eq(reportesProgramaciones.id, id), eq(reportesProgramaciones.activo, true)));
  const [row] = tx ? await q.for("update") : await q;
  return row && visible(user, row) ? row : null;
}

/** The names beside a schedule's codes: the responsable's (responsables) and the efector's (efectores). */
const NOMBRES = { responsable_nombre: responsables.nombre, efector_nombre: efectores.nommedefector };

/** The active schedules (oldest first) and every kept file, newest first, with the names of their filters. */
export async function listProgramaciones(
  user: SessionUser,
): Promise<{ programaciones: ProgramacionVista[]; archivos: ArchivoVista[] }> {
  const db = await getDb();
  const rows = await db
    .select({ p: reportesProgramaciones, ...NOMBRES })
    .from(reportesProgramaciones)
    .leftJoin(responsables, eq(responsables.cuit, reportesProgramaciones.responsable))
    .leftJoin(efectores, eq(efectores.codigo, reportesProgramaciones.efector))
    .where(eq(reportesProgramaciones.activo, true))
    .orderBy(reportesProgramaciones.id);
  const files = await db
    .select({ a: reportesArchivos, p: reportesProgramaciones, ...NOMBRES })
    .from(reportesArchivos)
    .innerJoin(reportesProgramaciones, eq(reportesProgramaciones.id, reportesArchivos.programacionId))
    .leftJoin(responsables, eq(responsables.cuit, reportesProgramaciones.responsable))
    .leftJoin(efectores, eq(efectores.codigo, reportesProgramaciones.efector))
    .orderBy(desc(reportesArchivos.generadoEn), desc(reportesArchivos.id));
  return {
    programaciones: rows.filter(({ p }) => visible(user, p)).map(({ p, ...nombres }) => vista(p, nombres)),
    archivos: files
      .filter(({ p }) => visible(user, p))
      .map(({ a, p, responsable_nombre, efector_nombre }) => ({
        id: a.id,
        programacionId: a.programacionId,
        reporte: p.reporte as Reporte,
        responsable: p.responsable,
        responsable_nombre,
        efector: p.efector,
        efector_nombre,
        nombre: a.nombre,
        periodo_desde: a.periodoDesde,
        periodo_hasta: a.periodoHasta,
        generado_en: a.generadoEn.toISOString(),
        bytes: a.bytes,
        url: archivoUrl(a.id),
      })),
  };
}

export type ProgramacionResult = { ok: true; programacion: ProgramacionVista } | Failure;

/** The rules the shape cannot tell: cross-field, node-cron's own check, the responsable and efector exist. */
async function problems(input: ProgramacionInput, user: SessionUser): Promise<Failure | null> {
  const errors = programacionProblems(input);
  const cronMsg = cronProblem(input.cron);
  if (cronMsg) errors.push({ param: "cron", msg: cronMsg });
  const db = await getDb();
  if (input.reporte === "preliquidacion" && input.responsable) {
    const cuit = canonicalCuit(input.responsable);
    const [r] = cuit ? await db.select().from(responsables).where(eq(responsables.cuit, cuit)) : [];
    if (!r) errors.push({ param: "responsable", msg: MSG.RESPONSABLE_INEXISTENTE });
    else if (!canSeeResponsable(user, r.cuit)) return fail(403, MSG_RESPONSABLE_NO_PERMITIDO, "responsable");
  }
  if (input.reporte === "consumos-prestadores" && input.efector) {
    const [e] = await db.select().from(efectores).where(eq(efectores.codigo, input.efector));
    if (!e) errors.push({ param: "efector", msg: MSG.EFECTOR_INEXISTENTE });
  }
  return errors.length ? { ok: false, status: 422, msg: errors[0].msg, errors, code: "invalid" } : null;
}

/**
 * Create a schedule (operation 40, checked by the route). Filters a report does not take are not kept. An active
 * schedule identical to it (report, period, format, filter, cron) → 409, decided by the unique index.
 */
export async function crearProgramacion(input: ProgramacionInput, user: SessionUser): Promise<ProgramacionResult> {
  const refused = await problems(input, user);
  if (refused) return refused;
  const r = await inTransaction(async (tx) => {
    await assertRoomFor(tx, user);
    const [row] = await tx
      .insert(reportesProgramaciones)
      .values({
        reporte: input.reporte,
        periodo: input.periodo,
        formato: input.formato,
        cron: input.cron,
        responsable: input.reporte === "preliquidacion" ? canonicalCuit(input.responsable) : null,
        efector: input.reporte === "consumos-prestadores" ? (input.efector ?? null) : null,
        createdBy: user.id,
      })
      .returning();
    await audit(tx, user, {
      accion: "reportes_programados.crear",
      entidad: "programacion",
      entidadId: row.id,
      detalle: { reporte: row.reporte, periodo: row.periodo, formato: row.formato, cron: row.cron },
    });
    return { ok: true as const, programacion: vista(row, await nombresDe(tx, row)) };
  }, duplicada);
  if (r.ok) onProgramacionesChanged();
  return r;
}

/** The unique index's refusal: an identical active schedule exists (SQLSTATE 23505 on that index, never the text). */
const duplicada = (e: unknown): Failure | undefined =>
  isUniqueViolationOf(e, ACTIVA_UNICA) ? fail(409, MSG.DUPLICADA, undefined, "duplicate") : undefined;

/** The names of a schedule's responsable and efector. */
async function nombresDe(tx: Tx, p: Row): Promise<Nombres> {
  const [r] = p.responsable
    ? await tx.select({ n: responsables.nombre }).from(responsables).where(eq(responsables.cuit, p.responsable))
    : [];
  const [e] = p.efector
    ? await tx.select({ n: efectores.nommedefector }).from(efectores).where(eq(efectores.codigo, p.efector))
    : [];
  return { responsable_nombre: r?.n ?? null, efector_nombre: e?.n ?? null };
}

/** Advisory lock key of the schedules' caps: two creations at once cannot both take the last place. */
const CAPS_LOCK = 724_113;

/** The caps on active schedules (rules.ts): per user who created them, and overall. 422 beyond either. */
async function assertRoomFor(tx: Tx, user: SessionUser): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CAPS_LOCK})`);
  const [mine] = await tx
    .select({ n: count() })
    .from(reportesProgramaciones)
    .where(and(eq(reportesProgramaciones.activo, true), eq(reportesProgramaciones.createdBy, user.id)));
  if (mine.n >= MAX_PROGRAMACIONES_POR_USUARIO) throw new Abort(fail(422, MSG.MAX_POR_USUARIO));
  const [all] = await tx
    .select({ n: count() })
    .from(reportesProgramaciones)
    .where(eq(reportesProgramaciones.activo, true));
  if (all.n >= MAX_PROGRAMACIONES_ACTIVAS) throw new Abort(fail(422, MSG.MAX_TOTAL));
}

/**
 * Delete a schedule: inactive from now on, its files kept (rules.ts vencimientoEliminada). 404 if unknown, or if
 * its responsable is beyond the user's scope.
 */
export async function eliminarProgramacion(id: number, user: SessionUser): Promise<{ ok: true } | Failure> {
  const r = await inTransaction(async (tx) => {
    if (!(await activaVisible(id, user, tx))) throw new Abort(fail(404, MSG.PROGRAMACION_INEXISTENTE));
    await tx
      .update(reportesProgramaciones)
      .set({ activo: false, eliminadoEn: new Date() })
      .where(eq(reportesProgramaciones.id, id));
    await audit(tx, user, { accion: "reportes_programados.eliminar", entidad: "programacion", entidadId: id });
    return { ok: true as const };
  });
  if (r.ok) onProgramacionesChanged();
  return r;
}

/**
 * Run a schedule now, in the background of this process: 404 unknown (or beyond the user's scope), 409 already
 * running, 429 when its last run began less than an hour ago (`retryAfterS`). Audited.
 */
export async function ejecutarProgramacion(
  id: number,
  user: SessionUser,
): Promise<{ ok: true } | Failure<404 | 409> | RunTooSoon> {
  if (!(await activaVisible(id, user))) return fail(404, MSG.PROGRAMACION_INEXISTENTE);
  const started = await beginRun(id, { notSoonerThanAnHour: true });
  if (!started.ok) return started;
  void started.done; // settles on its own: the outcome is on the schedule (ultima_ejecucion, ultimo_error)
  await audit(await getDb(), user, { accion: "reportes_programados.ejecutar", entidad: "programacion", entidadId: id });
  return { ok: true };
}

/** Schedules with a last error (for /healthz's details). */
export async function programacionesConError(): Promise<{ id: number; reporte: string; ultimo_error: string }[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: reportesProgramaciones.id,
      reporte: reportesProgramaciones.reporte,
      e: reportesProgramaciones.ultimoError,
    })
    .from(reportesProgramaciones)
    .where(and(eq(reportesProgramaciones.activo, true), isNotNull(reportesProgramaciones.ultimoError)));
  return rows.map((r) => ({ id: r.id, reporte: r.reporte, ultimo_error: r.e ?? "" }));
}

// ---- in-process change notice: the scheduler of this process (if any) re-reads the schedules at once -------------

const LISTENER = Symbol.for("osep.reportes-programados.changed");
type WithListener = typeof globalThis & { [LISTENER]?: () => void };

/** The scheduler registers here (null to stop listening). */
export function onChange(listener: (() => void) | null): void {
  (globalThis as WithListener)[LISTENER] = listener ?? undefined;
}

function onProgramacionesChanged(): void {
  (globalThis as WithListener)[LISTENER]?.();
}

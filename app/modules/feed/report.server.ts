// What a file's import leaves behind: the refusal report beside the file and the audit row (feed_importaciones).
import fs from "node:fs";
import path from "node:path";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { feedImportaciones } from "~db/schema";
import {
  refusalReportCsv,
  reportFileName,
  type FeedEstado,
  type FeedModo,
  type LastApplied,
  type Refusal,
} from "./rules";

/** The outcome of one file of a run (what the CLI prints, the screen lists and the audit row holds). */
export type FeedFileResult = {
  /** feed_importaciones.id (null if the audit row could not be written). */
  id: number | null;
  /** The file's name, and its full path. */
  archivo: string;
  ruta: string;
  tabla: string | null;
  modo: FeedModo | null;
  codificacion: string | null;
  bytes: number;
  sha256: string;
  estado: FeedEstado;
  /** One Spanish line: the summary, or why nothing applied. */
  mensaje: string;
  filas: number;
  insertadas: number;
  actualizadas: number;
  finalizadas: number;
  rechazadas: number;
  /** The refusal report (CSV, no BOM: the file beside the import has one), null when nothing was refused. */
  informe: string | null;
  /** Where the report was written beside the file, or null. */
  informeArchivo: string | null;
  duracionMs: number;
};

/** Who ran the import: origen ('tarea nocturna', 'línea de comandos', or the user's name) and the user's id. */
export type Actor = { origen: string; usuarioId?: number | null };

/**
 * Writes the report beside the file (UTF-8 with BOM) when there are refusals, else removes an old one (a report
 * there always belongs to the last import of that file). Returns the CSV and the path, or nulls.
 */
export function writeReport(
  file: string,
  refusals: readonly Refusal[],
): { informe: string | null; informeArchivo: string | null } {
  const target = path.join(path.dirname(file), reportFileName(path.basename(file)));
  if (!refusals.length) {
    try {
      fs.rmSync(target, { force: true });
    } catch {
      // a read-only directory: the old report stays; the audit row is what counts
    }
    return { informe: null, informeArchivo: null };
  }
  const informe = refusalReportCsv(refusals);
  try {
    fs.writeFileSync(target, `\uFEFF${informe}`, "utf8");
    return { informe, informeArchivo: target };
  } catch (e) {
    console.error(`[feed] no se pudo escribir el informe ${target}: ${e instanceof Error ? e.message : String(e)}`);
    return { informe, informeArchivo: null };
  }
}

function auditValues(r: FeedFileResult, actor: Actor) {
  return {
    usuarioId: actor.usuarioId ?? null,
    origen: actor.origen,
    archivo: r.archivo,
    tabla: r.tabla,
    modo: r.modo,
    codificacion: r.codificacion,
    bytes: r.bytes,
    sha256: r.sha256,
    estado: r.estado,
    mensaje: r.mensaje,
    filas: r.filas,
    insertadas: r.insertadas,
    actualizadas: r.actualizadas,
    finalizadas: r.finalizadas,
    rechazadas: r.rechazadas,
    informe: r.informe,
    duracionMs: Math.round(r.duracionMs),
  };
}

/** Inserts the file's audit row; returns its id. */
export async function recordImport(r: FeedFileResult, actor: Actor, startedAt: Date): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(feedImportaciones)
    .values({ ...auditValues(r, actor), iniciadoEn: startedAt })
    .returning({ id: feedImportaciones.id });
  return row.id;
}

/** Rewrites the audit row after the run's deferred references changed the file's outcome. */
export async function updateImport(r: FeedFileResult, actor: Actor): Promise<void> {
  if (r.id === null) return;
  const db = await getDb();
  await db.update(feedImportaciones).set(auditValues(r, actor)).where(eq(feedImportaciones.id, r.id));
}

const APPLIED: FeedEstado[] = ["APLICADO", "SIN_CAMBIOS"];

/**
 * The audit row's table's version now (feed_tablas; 0 when nothing ever wrote it). Written out qualified: Drizzle
 * leaves a select's columns unqualified, and in the subquery an unqualified "tabla" would be feed_tablas' own.
 */
const versionNow =
  sql<number>`coalesce((SELECT v.version FROM feed_tablas v WHERE v.tabla = feed_importaciones.tabla), 0)`.mapWith(
    Number,
  );

/** The table's last import that applied (APLICADO or SIN_CAMBIOS) with the table's version now, or null. */
export async function lastApplied(tabla: string): Promise<LastApplied | null> {
  const db = await getDb();
  const t = feedImportaciones;
  const [row] = await db
    .select({
      id: t.id,
      sha256: t.sha256,
      modo: t.modo,
      filas: t.filas,
      rechazadas: t.rechazadas,
      iniciadoEn: t.iniciadoEn,
      versionTabla: t.versionTabla,
      versionActual: versionNow,
    })
    .from(t)
    .where(and(eq(t.tabla, tabla), inArray(t.estado, APPLIED)))
    .orderBy(desc(t.id))
    .limit(1);
  return row ?? null;
}

/** At the end of a run: the applied files' audit rows keep their table's version as the run left it. */
export async function stampVersions(results: readonly FeedFileResult[]): Promise<void> {
  const ids = results.filter((r) => r.id !== null && APPLIED.includes(r.estado)).map((r) => r.id as number);
  if (!ids.length) return;
  const db = await getDb();
  const t = feedImportaciones;
  await db.update(t).set({ versionTabla: versionNow }).where(inArray(t.id, ids));
}

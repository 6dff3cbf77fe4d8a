// The 'Importaciones' screen's reads (issue 37, docs/decisions/068-registry-feed.md): the imported files newest first,
// a page at a time, filtered by estado and tabla, and an import's refusal report as a CSV download (UTF-8 with BOM
// and ';', so Excel opens it as it is), audited: the report carries the refused rows' values (DNI, names…).
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { feedImportaciones } from "~db/schema/feed";
import { fail, type Failure } from "~db/transaction";
import { downloadResponse } from "~reporting/render/download";
import { audit } from "~/lib/audit.server";
import type { SessionUser } from "~/auth/sessions.server";
import type { ImportacionVista } from "./components/types";
import { IMPORTACIONES_MSG, informeUrl, type ImportacionesQuery } from "./importaciones.schema";
import { FEED_TABLES } from "./tables";

const BOM = "\uFEFF";

/** The feed's table names, in the order a run applies them (the tabla filter's options). */
export function feedTableNames(): string[] {
  return FEED_TABLES.map((t) => t.name);
}

/** A page of the imported files, newest first (then by id), with the total for the pager. */
export async function listImportaciones(
  q: ImportacionesQuery,
): Promise<{ importaciones: ImportacionVista[]; total: number }> {
  const db = await getDb();
  const where: SQL[] = [];
  if (q.estado) where.push(eq(feedImportaciones.estado, q.estado));
  if (q.tabla) where.push(eq(feedImportaciones.tabla, q.tabla));
  const cond = where.length ? and(...where) : undefined;
  const f = feedImportaciones;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: f.id,
        iniciadoEn: f.iniciadoEn,
        origen: f.origen,
        archivo: f.archivo,
        tabla: f.tabla,
        modo: f.modo,
        codificacion: f.codificacion,
        bytes: f.bytes,
        sha256: f.sha256,
        filas: f.filas,
        insertadas: f.insertadas,
        actualizadas: f.actualizadas,
        finalizadas: f.finalizadas,
        rechazadas: f.rechazadas,
        estado: f.estado,
        mensaje: f.mensaje,
        duracionMs: f.duracionMs,
        conInforme: sql<boolean>`${f.informe} is not null`,
      })
      .from(f)
      .where(cond)
      .orderBy(desc(f.iniciadoEn), desc(f.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(f)
      .where(cond),
  ]);
  return { importaciones: rows.map(vista), total: Number(total) };
}

type Row = Omit<ImportacionVista, "iniciado_en" | "duracion_ms" | "informe_url"> & {
  iniciadoEn: Date;
  duracionMs: number;
  conInforme: boolean;
};

function vista({ iniciadoEn, duracionMs, conInforme, ...r }: Row): ImportacionVista {
  return {
    ...r,
    bytes: Number(r.bytes),
    iniciado_en: new Date(iniciadoEn).toISOString(),
    duracion_ms: duracionMs,
    informe_url: conInforme ? informeUrl(r.id) : null,
  };
}

/** The report's file name: the imported file's, '.csv' replaced by '.rechazos.csv' (as the one written beside it). */
export function informeNombre(archivo: string): string {
  const base = archivo.replace(/\.csv$/i, "");
  return `${base || "importacion"}.rechazos.csv`;
}

/** Import `id`'s refusal report for `user` (the route checked operation 42): the download, or 404. Audited. */
export async function descargarInforme(
  user: SessionUser,
  id: number,
  via: "pantalla" | "api",
): Promise<{ ok: true; response: Response } | Failure<404>> {
  const db = await getDb();
  const [row] = await db
    .select({ archivo: feedImportaciones.archivo, informe: feedImportaciones.informe })
    .from(feedImportaciones)
    .where(eq(feedImportaciones.id, id));
  if (!row) return fail(404, IMPORTACIONES_MSG.inexistente);
  if (row.informe == null) return fail(404, IMPORTACIONES_MSG.sinInforme);
  await audit(db, user, {
    accion: "importaciones.descargar_informe",
    entidad: "feed_importacion",
    entidadId: id,
    detalle: { archivo: row.archivo, via },
  });
  const body = BOM + row.informe.replace(/^\uFEFF/, "");
  return { ok: true, response: downloadResponse("csv", informeNombre(row.archivo), body) };
}

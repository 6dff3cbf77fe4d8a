// A scheduled report's file as a download (docs/decisions/058): to a user who holds the screen (the route's guard)
// and the report's export operation (rules.ts EXPORT_OPERATION); a pre-settlement file only to who may see its
// responsable (app/modules/prestadores/rules.ts). Streamed from REPORTS_DIR through an open handle (a prune meanwhile
// does not cut it), and audited.
import fsp from "node:fs/promises";
import path from "node:path";
import { ReadableStream as NodeReadableStream } from "node:stream/web";
import { eq } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { reportesArchivos, reportesProgramaciones } from "~db/schema/reportes";
import { fail, type Failure } from "~db/transaction";
import { reportsDir } from "~reporting/index";
import { downloadResponse } from "~reporting/render/download";
import { audit } from "~/lib/audit.server";
import { can } from "~/auth/rules";
import { FORBIDDEN_OPERATION } from "~/auth/guards.server";
import type { SessionUser } from "~/auth/sessions.server";
import { canSeeResponsable } from "~/modules/prestadores/rules";
import { MSG_RESPONSABLE_NO_PERMITIDO } from "~/modules/prestadores/liquidacion.schema";
import { EXPORT_OPERATION, formatoDeNombre, isArchivoNombre, MSG, type Reporte } from "./rules";

/** The file `id` for `user`: the download, or 404 (unknown, or no longer on disk) / 403 (operation, responsable). */
export async function descargarArchivo(
  user: SessionUser,
  id: number,
  via: "pantalla" | "api",
): Promise<{ ok: true; response: Response } | Failure<403 | 404>> {
  const db = await getDb();
  const [row] = await db
    .select({
      a: reportesArchivos,
      reporte: reportesProgramaciones.reporte,
      responsable: reportesProgramaciones.responsable,
    })
    .from(reportesArchivos)
    .innerJoin(reportesProgramaciones, eq(reportesProgramaciones.id, reportesArchivos.programacionId))
    .where(eq(reportesArchivos.id, id));
  if (!row || !isArchivoNombre(row.a.nombre)) return fail(404, MSG.ARCHIVO_INEXISTENTE);
  const reporte = row.reporte as Reporte;
  if (!can(user, EXPORT_OPERATION[reporte])) return fail(403, FORBIDDEN_OPERATION);
  if (reporte === "preliquidacion" && !canSeeResponsable(user, row.responsable ?? "")) {
    return fail(403, MSG_RESPONSABLE_NO_PERMITIDO);
  }
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(path.join(reportsDir(), row.a.nombre), "r");
  } catch {
    return fail(404, MSG.ARCHIVO_INEXISTENTE);
  }
  try {
    await audit(db, user, {
      accion: "reportes_programados.descargar",
      entidad: "archivo",
      entidadId: id,
      detalle: { reporte, nombre: row.a.nombre, programacion: row.a.programacionId, via },
    });
  } catch (e) {
    await handle.close();
    throw e;
  }
  const stream = NodeReadableStream.from(handle.createReadStream({ highWaterMark: 256 * 1024 }));
  const formato = formatoDeNombre(row.a.nombre);
  return { ok: true, response: downloadResponse(formato, row.a.nombre, stream as ReadableStream<Uint8Array>) };
}

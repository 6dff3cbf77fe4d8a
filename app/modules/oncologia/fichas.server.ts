// Oncology cases (fichas, spec part 1 §2–§4): read one, search, a member's cases, the audit record of a case seen,
// and (re-exported) the saves.
import { and, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { isDbId } from "~db/transaction";
import { fichasOnco, organos } from "~db/schema/oncologia";
import { audit, type AuditActor } from "~/lib/audit.server";
import { loadFicha, type FichaListRow } from "./ficha-data.server";
import type { FichaDetail } from "./rules";
import { ESTADO_FILTRO_DEFAULT, ESTADO_TODOS, type EstadoFicha } from "./rules";
import type { FichaFilter } from "./fichas.schema";

export type { FichaListRow, SaveResult } from "./ficha-data.server";
export type { FichaDetail } from "./rules";
export { createFicha, inactivarFicha, updateFicha } from "./fichas-save.server";
export { FICHA_MSG } from "./fichas.messages";

/** Searches and a member's list hold at most this many cases (newest first). */
export const FICHAS_LIMIT = 500;

/** One case with its organ and drug rows (inactive ones too: check `activo`), or null. */
export async function getFicha(id: number): Promise<FichaDetail | null> {
  if (!isDbId(id)) return null;
  return loadFicha(await getDb(), id);
}

/** The audit record of a case opened on Buscar Ficha ('Ver ficha'). */
export async function recordFichaView(actor: AuditActor, id: number): Promise<void> {
  await audit(await getDb(), actor, { accion: "ficha.ver", entidad: "ficha", entidadId: id });
}

async function listFichas(where: SQL[]): Promise<FichaListRow[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: fichasOnco.id,
      nro_ficha: fichasOnco.nro_ficha,
      fecha: fichasOnco.fecha,
      estado_ficha: fichasOnco.estado_ficha,
      afi_nombre: fichasOnco.afi_nombre,
      afi_dni: fichasOnco.afi_dni,
      organoId: fichasOnco.organoId,
      organo: organos.descripcion,
      editable: fichasOnco.editable,
    })
    .from(fichasOnco)
    .leftJoin(organos, eq(organos.id, fichasOnco.organoId))
    .where(and(eq(fichasOnco.activo, true), ...where))
    .orderBy(desc(fichasOnco.fecha), desc(fichasOnco.id))
    .limit(FICHAS_LIMIT);
  return rows.map((r) => ({ ...r, estado_ficha: r.estado_ficha as EstadoFicha }));
}

/**
 * Buscar Ficha: active cases of the status (default INGRESO; TODOS = any status), optionally of a DNI (exact), a
 * date range (inclusive) and an organ (-1 = all); newest first, at most FICHAS_LIMIT.
 */
export function searchFichas(filter: FichaFilter): Promise<FichaListRow[]> {
  const estado = filter.estado_ficha ?? ESTADO_FILTRO_DEFAULT;
  const where: SQL[] = estado === ESTADO_TODOS ? [] : [eq(fichasOnco.estado_ficha, estado)];
  if (filter.afi_dni) where.push(eq(fichasOnco.afi_dni, filter.afi_dni));
  if (filter.fecha_desde) where.push(gte(fichasOnco.fecha, filter.fecha_desde));
  if (filter.fecha_hasta) where.push(lte(fichasOnco.fecha, filter.fecha_hasta));
  if (filter.organoId != null && filter.organoId !== -1) where.push(eq(fichasOnco.organoId, filter.organoId));
  return listFichas(where);
}

/** Every active case of a member (any status), newest first. */
export function fichasByDni(dni: string): Promise<FichaListRow[]> {
  return listFichas([eq(fichasOnco.afi_dni, dni.trim())]);
}

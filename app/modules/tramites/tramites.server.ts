// 'Consulta de Expedientes' (spec part 2 §2, §3, §7 GET /api/tramite): documents by type, number, year, letter,
// DNI, start-date range, initiator and extract, newest first, a page at a time with the total. Numbers, DNI and
// dates are exact (indexed: tramites_nro_anio_idx, tramites_dni_idx, tramites_fecini_idx); initiator and extract
// are "contains", accents and case ignored, % and _ literal. No filter lists every document (ADR 036).
import { and, asc, count, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { tramites as t } from "~db/schema/tramites";
import { containsFolded } from "~/lib/text-search.server";
import type { TramitesFilter, TramitesQuery } from "./tramites.schema";
import type { TramiteRow } from "./rules";

function conditions(f: TramitesFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.tipo_documento) where.push(eq(t.tipo_documento, f.tipo_documento));
  if (f.nrotramite != null) where.push(eq(t.nrotramite, f.nrotramite));
  if (f.anio != null) where.push(eq(t.anio, f.anio));
  if (f.letra) where.push(sql`upper(${t.letra}) = ${f.letra}`);
  if (f.dni) where.push(eq(t.dni, f.dni));
  if (f.fecha_desde) where.push(gte(t.fecini, f.fecha_desde));
  if (f.fecha_hasta) where.push(lte(t.fecini, f.fecha_hasta));
  if (f.iniciador) where.push(containsFolded(t.iniciador, f.iniciador));
  if (f.extracto) where.push(containsFolded(t.extracto, f.extracto));
  return where.length ? and(...where) : undefined;
}

/** A page of documents (fecini newest first, then id) and the total of the filter. */
export async function buscarTramites(q: TramitesQuery): Promise<{ tramites: TramiteRow[]; total_records: number }> {
  const db = await getDb();
  const where = conditions(q);
  const [{ n }] = await db.select({ n: count() }).from(t).where(where);
  if (n === 0 || q.page * q.size >= n) return { tramites: [], total_records: n };
  const tramites = await db
    .select({
      id: t.id,
      tipo_documento: t.tipo_documento,
      nrotramite: t.nrotramite,
      anio: t.anio,
      letra: t.letra,
      extracto: t.extracto,
      iniciador: t.iniciador,
      fecini: t.fecini,
      area: t.area,
    })
    .from(t)
    .where(where)
    .orderBy(sql`${t.fecini} desc nulls last`, asc(t.id))
    .limit(q.size)
    .offset(q.page * q.size);
  return { tramites, total_records: n };
}

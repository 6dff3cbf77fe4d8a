// 'Consulta de Prácticas' (spec part 1 §2): authorisations of a period grouped per practice (code + subitem),
// with the nomenclature filters (section, chapter, subchapter, sequence, subitem, origin), a description
// filter and the coverage; and the list of the authorisations of one practice. The date range is capped
// (MAX_LISTADO_DAYS of app/lib/period.ts, in the schema) and uses autorizaciones_fecha_idx; at most MAX_PRACTICAS groups come back.
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { afiliados, coberturas } from "~db/schema/afiliados";
import { autorizaciones as a, practicas as p } from "~db/schema/autorizaciones";
import { escapeLike } from "~/lib/text-search.server";
import {
  MAX_PRACTICAS,
  type AutorizacionListado,
  type InformeFilter,
  type ListadoFilter,
  type PracticaInforme,
} from "./informe.schema";

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase();

function conditions(f: InformeFilter): SQL[] {
  const where: SQL[] = [gte(a.fecha, f.fecha_desde), lte(a.fecha, f.fecha_hasta)];
  if (f.cobertura !== "TODAS") where.push(eq(a.cobertura, Number(f.cobertura)));
  if (f.descripcion) {
    const pattern = `%${escapeLike(fold(f.descripcion))}%`;
    where.push(
      sql`translate(upper(coalesce(${a.descpractica}, '')), 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNAEIOUUN') like ${pattern}`,
    );
  }
  const nomenclature: SQL[] = [];
  if (f.seccion) nomenclature.push(eq(p.seccion, f.seccion));
  if (f.capitulo) nomenclature.push(eq(p.capitulo, f.capitulo));
  if (f.subcapitulo) nomenclature.push(eq(p.subcapitulo, f.subcapitulo));
  if (f.secuencia) nomenclature.push(eq(p.secuencia, f.secuencia));
  if (f.subitem) nomenclature.push(eq(p.subitem, f.subitem));
  if (f.origen) nomenclature.push(eq(p.origen, f.origen.toUpperCase()));
  if (nomenclature.length) {
    where.push(sql`exists (select 1 from ${p} where ${p.practica} = ${a.practica}
      and ${p.subitem} = coalesce(${a.subitem}, '') and ${and(...nomenclature)})`);
  }
  return where;
}

const subitemOf = sql<string>`coalesce(${a.subitem}, '')`;

/** Authorisations of the period per practice, most frequent first; `truncado` when more than MAX_PRACTICAS. */
export async function informePracticas(f: InformeFilter): Promise<{ resultado: PracticaInforme[]; truncado: boolean }> {
  const db = await getDb();
  const cantidad = sql<number>`count(*)::int`;
  const rows = await db
    .select({
      practica: a.practica,
      subitem: subitemOf,
      descpractica: sql<string>`coalesce(max(${a.descpractica}), '')`,
      cantidad,
    })
    .from(a)
    .where(and(...conditions(f)))
    .groupBy(a.practica, subitemOf)
    .orderBy(desc(cantidad), asc(a.practica), asc(subitemOf))
    .limit(MAX_PRACTICAS + 1);
  return { resultado: rows.slice(0, MAX_PRACTICAS), truncado: rows.length > MAX_PRACTICAS };
}

/** One page of the authorisations of one practice (same filters), newest first, and their total. */
export async function listadoPractica(
  f: ListadoFilter,
): Promise<{ autorizaciones: AutorizacionListado[]; total: number }> {
  const db = await getDb();
  const where = and(...conditions(f), eq(a.practica, f.practica), sql`${subitemOf} = ${f.practica_subitem}`);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        nroautorizacion: a.nroautorizacion,
        fecha: a.fecha,
        nombreafiliado: a.nombreafiliado,
        dni: afiliados.numdoc,
        cobertura: a.cobertura,
        gravdesgra: coberturas.gravdesgra,
        autorizo: a.autorizo,
        modalidad: a.modalidad,
        estado: a.estado,
      })
      .from(a)
      .leftJoin(afiliados, eq(afiliados.idafi, a.idafi))
      .leftJoin(coberturas, eq(coberturas.gravcodgra, a.cobertura))
      .where(where)
      .orderBy(desc(a.fecha), desc(a.nroautorizacion))
      .limit(f.size)
      .offset(f.page * f.size),
    db.select({ total: count() }).from(a).where(where),
  ]);
  return { autorizaciones: rows, total };
}

/** Options of the filter selects: sections and origins of the nomenclature, coverages. */
export async function opcionesInforme() {
  const db = await getDb();
  const [secciones, origenes, covs] = await Promise.all([
    db.selectDistinct({ v: p.seccion }).from(p).orderBy(asc(p.seccion)),
    db.selectDistinct({ v: p.origen }).from(p).orderBy(asc(p.origen)),
    db
      .select({ gravcodgra: coberturas.gravcodgra, gravdesgra: coberturas.gravdesgra })
      .from(coberturas)
      .orderBy(asc(coberturas.gravcodgra)),
  ]);
  const values = (rows: { v: string | null }[]) => rows.map((r) => r.v ?? "").filter(Boolean);
  return { secciones: values(secciones), origenes: values(origenes), coberturas: covs };
}

// 'Consulta de Vademecum' (spec part 2 §2, §3, §5, §7 GET /api/vademecum/): every given filter is an accent- and
// case-insensitive "contains" (AND), % and _ literal; rows ordered by producto, presentacion; a page and the total.
// The 3-character rule is enforced here, on every path (screen and API): without it no query runs.
import { and, asc, count, type SQL } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { vademecum as v } from "~db/schema/vademecum";
import { fail, type Failure } from "~db/transaction";
import { containsFolded } from "~/lib/text-search.server";
import { FILTROS_VACIOS_TEXTO, filtrosSuficientes, VADEMECUM_FILTROS, type VademecumRow } from "./rules";
import type { VademecumQuery } from "./vademecum.schema";

export type VademecumResult = { ok: true; resultado: VademecumRow[]; total_records: number };

/** A page of the catalogue for the filters, or 422 FILTROS_VACIOS_TEXTO (no query) when no filter has 3 characters. */
export async function buscarVademecum(q: VademecumQuery): Promise<VademecumResult | Failure> {
  if (!filtrosSuficientes(q)) return fail(422, FILTROS_VACIOS_TEXTO);
  const where: SQL[] = [];
  for (const k of VADEMECUM_FILTROS) if (q[k]) where.push(containsFolded(v[k], q[k]));
  const cond = and(...where);
  const db = await getDb();
  const [{ n }] = await db.select({ n: count() }).from(v).where(cond);
  if (n === 0 || q.page * q.size >= n) return { ok: true, resultado: [], total_records: n };
  const resultado = await db
    .select({
      producto: v.producto,
      presentacion: v.presentacion,
      laboratorio: v.laboratorio,
      droga: v.droga,
      familia: v.familia,
      cobertura: v.cobertura,
      plan: v.plan,
    })
    .from(v)
    .where(cond)
    .orderBy(asc(v.producto), asc(v.presentacion), asc(v.id))
    .limit(q.size)
    .offset(q.page * q.size);
  return { ok: true, resultado, total_records: n };
}

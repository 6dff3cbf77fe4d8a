// Authorisations (spec part 1 §3, §7): a member's or a stay's list for screens and the API (bounded), the same
// filter streamed in keyset batches for Excel, and one authorisation by referenced number + practice.
import { and, desc, eq, gte, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "~db/client.server";
import { coberturas } from "~db/schema/afiliados";
import { autorizaciones } from "~db/schema/autorizaciones";
import { OP, type OperationCode } from "~/auth/operations";
import type { AuditActor } from "~/lib/audit.server";
import { type TODAS } from "./autorizaciones.schema";
import { recordMemberView } from "./detalle.server";
import { AUTORIZACION_SPEC_FIELDS } from "./autorizacion-fields.server";
import type { AutorizacionRow } from "./autorizaciones.schema";

/** Rows a screen or an API answer shows at most (exports stream everything). */
export const AUTH_LIST_LIMIT = 1000;
/** Keyset batch of the streamed export (1 000 rows: same speed as 5 000, about 60 MB less peak memory in the XLSX export). */
const AUTH_STREAM_BATCH = 1000;

export type AutorizacionFilter = {
  idafi?: number;
  nrointernacion?: number;
  /** Coverage code or TODAS (default). */
  cobertura?: number | typeof TODAS;
  fecha_desde?: string;
  fecha_hasta?: string;
  /** Not restricted to a member or a stay (dates apply only when given). */
  consultaGlobal?: boolean;
};

const a = autorizaciones;

/** Every authorisation field of spec §3, plus id, idafi, subitem and the coverage description. */
const FIELDS = {
  id: a.id,
  idafi: a.idafi,
  ...AUTORIZACION_SPEC_FIELDS,
  subitem: a.subitem,
  desccobertura: coberturas.gravdesgra,
};

/**
 * The WHERE of a filter: annulled authorisations are left out (as in the member detail). A filter without member,
 * stay or consultaGlobal matches nothing (never the whole table).
 */
function authConditions(f: AutorizacionFilter): SQL[] {
  if (f.idafi == null && f.nrointernacion == null && !f.consultaGlobal) return [sql`false`];
  const where: SQL[] = [eq(a.anulado, false)];
  if (f.idafi != null) where.push(eq(a.idafi, f.idafi));
  if (f.nrointernacion != null) where.push(eq(a.nrointernacion, f.nrointernacion));
  if (typeof f.cobertura === "number") where.push(eq(a.cobertura, f.cobertura));
  if (f.fecha_desde) where.push(gte(a.fecha, f.fecha_desde));
  if (f.fecha_hasta) where.push(lte(a.fecha, f.fecha_hasta));
  return where;
}

/**
 * The operation a listing of GET /api/afiliado/autorizaciones needs (ADR 026): the cross-member listing
 * (consultaGlobal, whatever else is given) 39, a stay's authorisations (nrointernacion) 38 like the stay list and its
 * Excel, a member's own list 15 (Ficha de Consumo).
 */
export function operationForAutorizaciones(f: AutorizacionFilter): OperationCode {
  if (f.consultaGlobal) return OP.CONSULTA_GLOBAL_AUTORIZACIONES;
  if (f.nrointernacion != null) return OP.VER_INTERNACIONES;
  return OP.VER_FICHA_CONSUMO;
}

/** The select of FIELDS with the coverage description. */
function selectRows(db: Db) {
  return db.select(FIELDS).from(a).leftJoin(coberturas, eq(coberturas.gravcodgra, a.cobertura));
}

/** Newest first (date, time, id), at most `limit` rows (default AUTH_LIST_LIMIT). */
export async function listAutorizaciones(f: AutorizacionFilter, limit = AUTH_LIST_LIMIT): Promise<AutorizacionRow[]> {
  const rows = await selectRows(await getDb())
    .where(and(...authConditions(f)))
    .orderBy(desc(a.fecha), sql`${a.hora} desc nulls last`, desc(a.id))
    .limit(Math.max(1, Math.min(limit, 100_000)));
  return rows as AutorizacionRow[];
}

/** Every row of the filter, newest id first, read in keyset batches (for Excel; never all in memory). */
export async function* streamAutorizaciones(
  f: AutorizacionFilter,
  batch = AUTH_STREAM_BATCH,
): AsyncGenerator<AutorizacionRow> {
  const db = await getDb();
  const where = authConditions(f);
  let last: number | null = null;
  for (;;) {
    const cond: SQL[] = last == null ? where : [...where, lt(a.id, last)];
    const rows = (await selectRows(db)
      .where(and(...cond))
      .orderBy(desc(a.id))
      .limit(batch)) as AutorizacionRow[];
    for (const r of rows) yield r;
    if (rows.length < batch) return;
    last = rows[rows.length - 1].id;
  }
}

/**
 * One authorisation by its referenced number and practice (GET /api/afiliado/autorizacion): the authorisation
 * whose number is `id`, or else the first one that refers to it.
 */
export async function getAutorizacion(q: { id: number; practica: string }): Promise<AutorizacionRow | null> {
  const [row] = await selectRows(await getDb())
    .where(and(eq(a.practica, q.practica), or(eq(a.nroautorizacion, q.id), eq(a.numautreferenciada, q.id))))
    .orderBy(sql`(${a.nroautorizacion} = ${q.id}) desc`, a.id)
    .limit(1);
  return (row as AutorizacionRow | undefined) ?? null;
}

/** Coverages a member's authorisations carry (for the coverage select next to the member's enrolments). */
export async function coberturasOfAutorizaciones(idafi: number): Promise<{ codigo: number; descripcion: string }[]> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ codigo: a.cobertura, descripcion: coberturas.gravdesgra })
    .from(a)
    .leftJoin(coberturas, eq(coberturas.gravcodgra, a.cobertura))
    .where(and(eq(a.idafi, idafi), sql`${a.cobertura} is not null`));
  return rows.map((r) => ({ codigo: r.codigo!, descripcion: r.descripcion ?? String(r.codigo) }));
}

// ---- Audit (member data, Ley 25.326) --------------------------------------------------------------------------

/** A list read through GET /api/afiliado/autorizaciones, with its filter and how many rows it gave. */
export function recordAutorizacionesView(actor: AuditActor, filter: AutorizacionFilter, filas: number): Promise<void> {
  return recordMemberView(actor, filter.idafi, { tab: "autorizaciones", ...filter, filas });
}

/** One authorisation read through GET /api/afiliado/autorizacion. */
export function recordAutorizacionView(
  actor: AuditActor,
  autorizacion: Pick<AutorizacionRow, "idafi">,
  q: { id: number; practica: string },
): Promise<void> {
  return recordMemberView(actor, autorizacion.idafi, { tab: "autorizacion", id: q.id, practica: q.practica });
}

/** The member's authorisations exported to Excel, with the screen's filter. */
export function recordAutorizacionesExport(actor: AuditActor, filter: AutorizacionFilter & { idafi: number }) {
  return recordMemberView(actor, filter.idafi, { tab: "autorizaciones", exportacion: "xlsx", ...filter });
}

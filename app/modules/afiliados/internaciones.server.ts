// Stays (Internaciones, spec part 1 §2, §3, §7): a member's stays, and the authorisations of one stay for the
// dialog 'Listado de autorizaciones - Internación N° {n}' (inline without JavaScript: ?internacion=N).
import { and, desc, eq, like, type SQL } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { todayISO } from "~/lib/dates";
import { internaciones } from "~db/schema/autorizaciones";
import type { AuditActor } from "~/lib/audit.server";
import { idafiSchema, parseInput } from "~/lib/input";
import { listAutorizaciones } from "./autorizaciones.server";
import { nroInternacionSchema, type TODAS } from "./autorizaciones.schema";
import { recordMemberView } from "./detalle.server";
import { keepParams } from "./detalle-query";
import type { AutorizacionRow, InternacionRow, InternacionesData } from "./autorizaciones.schema";

const i = internaciones;
const FIELDS = {
  numero_orden: i.numero_orden,
  idafi: i.idafi,
  fecha_interna: i.fecha_interna,
  dias_solic: i.dias_solic,
  dias_autorizados: i.dias_autorizados,
  fecha_salida: i.fecha_salida,
  oi_cobertura: i.oi_cobertura,
  tipo_interna: i.tipo_interna,
  entidad_nombre: i.entidad_nombre,
};

/** A member's stays, newest admission first; cobertura filters by the stay's coverage code ('3 - ONCOLOGIA'). */
export async function listInternaciones(f: {
  idafi: number;
  cobertura?: number | typeof TODAS;
}): Promise<InternacionRow[]> {
  const db = await getDb();
  const where: SQL[] = [eq(i.idafi, f.idafi)];
  if (typeof f.cobertura === "number") where.push(like(i.oi_cobertura, `${f.cobertura} - %`));
  return db
    .select(FIELDS)
    .from(i)
    .where(and(...where))
    .orderBy(desc(i.fecha_interna), desc(i.numero_orden))
    .limit(1000);
}

async function getInternacion(numero: number): Promise<InternacionRow | null> {
  const db = await getDb();
  const [row] = await db.select(FIELDS).from(i).where(eq(i.numero_orden, numero)).limit(1);
  return row ?? null;
}

/**
 * The stay a download's URL names (/consultar-padron/{idafi}/internaciones/{n}.xlsx): its member and number, or the
 * refusal (400 malformed idafi or number, 404 no such stay of that member).
 */
export async function stayOfUrl(
  rawIdafi: string | undefined,
  rawNro: string | undefined,
): Promise<{ ok: true; idafi: number; numero: number } | { ok: false; status: 400 | 404; msg: string }> {
  const id = parseInput(idafiSchema, rawIdafi);
  if (!id.ok) return { ok: false, status: 400, msg: id.msg };
  const nro = parseInput(nroInternacionSchema, rawNro);
  if (!nro.ok) return { ok: false, status: 400, msg: nro.msg };
  const [idafi, numero] = [id.data, nro.data];
  const stay = await getInternacion(numero);
  if (!stay || stay.idafi !== idafi)
    return { ok: false, status: 404, msg: `No se encontró la internación N° ${numero} del afiliado` };
  return { ok: true, idafi, numero };
}

/** The authorisations of one stay (all dates), newest first. */
function autorizacionesOfInternacion(idafi: number, numero: number): Promise<AutorizacionRow[]> {
  return listAutorizaciones({ idafi, nrointernacion: numero });
}

export async function loadInternaciones(idafi: number, params: URLSearchParams): Promise<InternacionesData> {
  const keep = keepParams(params, ["internacion"]);
  const today = todayISO();
  const rows = await listInternaciones({ idafi });
  const raw = params.get("internacion") ?? "";
  if (raw.trim() === "") return { idafi, today, keep, rows, selected: null, error: null };
  const parsed = parseInput(nroInternacionSchema, raw);
  if (!parsed.ok) return { idafi, today, keep, rows, selected: null, error: parsed.msg };
  const numero = parsed.data;
  const stay = rows.find((r) => r.numero_orden === numero) ?? (await getInternacion(numero));
  if (!stay) return { idafi, today, keep, rows, selected: null, error: `No se encontró la internación N° ${numero}` };
  if (stay.idafi !== idafi)
    return {
      idafi,
      today,
      keep,
      rows,
      selected: null,
      error: `La internación N° ${numero} no corresponde al afiliado`,
    };
  const autorizaciones = await autorizacionesOfInternacion(idafi, numero);
  return {
    idafi,
    today,
    keep,
    rows,
    error: null,
    selected: { numero, autorizaciones, excelHref: `/consultar-padron/${idafi}/internaciones/${numero}.xlsx` },
  };
}

// ---- Audit (member data, Ley 25.326) --------------------------------------------------------------------------

/** The member's stays read through GET /api/afiliado/internaciones. */
export function recordInternacionesView(actor: AuditActor, idafi: number, cobertura: number | typeof TODAS) {
  return recordMemberView(actor, idafi, { tab: "internaciones", cobertura });
}

/** One stay's authorisations exported to Excel. */
export function recordInternacionExport(actor: AuditActor, idafi: number, numero: number) {
  return recordMemberView(actor, idafi, { tab: "internaciones", internacion: numero, exportacion: "xlsx" });
}

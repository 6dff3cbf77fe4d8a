// Pharmacy consumption (Consumo Medicamentos, spec part 1 §2, §3, §7): dispensed prescriptions of a DNI between
// dispensing dates. 1900-01-01 is the "Sin info" sentinel; such rows are kept (they sort last).
import { and, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { afiliados } from "~db/schema/afiliados";
import { consumosFarmacia } from "~db/schema/autorizaciones";
import type { AuditActor } from "~/lib/audit.server";
import { recordMemberView } from "./detalle.server";
import type { ConsumoRow } from "./autorizaciones.schema";

/** Rows one answer holds at most. */
export const CONSUMO_LIMIT = 2000;

export type ConsumoFilter = { dni: string; fecha_desde?: string; fecha_hasta?: string };

const c = consumosFarmacia;

export async function listConsumo(f: ConsumoFilter, limit = CONSUMO_LIMIT): Promise<ConsumoRow[]> {
  const db = await getDb();
  const where: SQL[] = [eq(c.dni, f.dni)];
  if (f.fecha_desde) where.push(gte(c.fecha_dispensa, f.fecha_desde));
  if (f.fecha_hasta) where.push(lte(c.fecha_dispensa, f.fecha_hasta));
  return db
    .select({
      id: c.id,
      farma_mombre: c.farma_mombre,
      farma_provincia: c.farma_provincia,
      farma_prestador: c.farma_prestador,
      fecha_receta: c.fecha_receta,
      fecha_dispensa: c.fecha_dispensa,
      producto: c.producto,
      cant_unidades: c.cant_unidades,
      descuento: c.descuento,
      plan_programa: c.plan_programa,
    })
    .from(c)
    .where(and(...where))
    .orderBy(desc(c.fecha_dispensa), desc(c.id))
    .limit(Math.max(1, Math.min(limit, 50_000)));
}

/** The member's DNI (numdoc), or null for an unknown idafi. */
export async function memberDni(idafi: number): Promise<string | null> {
  const db = await getDb();
  const [m] = await db.select({ numdoc: afiliados.numdoc }).from(afiliados).where(eq(afiliados.idafi, idafi)).limit(1);
  return m?.numdoc ?? null;
}

/** The member of a DNI (for the audit of a consumption read), or null. */
async function memberIdByDni(dni: string): Promise<number | null> {
  const db = await getDb();
  const [m] = await db.select({ idafi: afiliados.idafi }).from(afiliados).where(eq(afiliados.numdoc, dni)).limit(1);
  return m?.idafi ?? null;
}

/** A consumption read through GET /api/consumomedicamentos/ (recorded against the DNI's member, if any). */
export async function recordConsumoView(actor: AuditActor, f: ConsumoFilter): Promise<void> {
  const idafi = await memberIdByDni(f.dni);
  await recordMemberView(actor, idafi, {
    tab: "consumo-medicamentos",
    fecha_desde: f.fecha_desde,
    fecha_hasta: f.fecha_hasta,
  });
}

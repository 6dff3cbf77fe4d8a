// Providers (efectores) of 'Consumos por Efector': the one picked by its code. The search of a professional by
// apellido/nombre (buscar-prof-por-apeynom) lives with the professional registry, in
// app/modules/prestadores/profesionales.server.ts (one name-matching rule for both searches).
import { eq } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { efectores } from "~db/schema/prestadores";
import { efectorFields } from "~/modules/prestadores/profesionales.server";
import { MAX_CODIGO } from "./consumos.schema";
import type { Efector } from "~/modules/prestadores/rules";

/** The efector with this code (exact), or null. */
export async function efectorByCodigo(codigo: string): Promise<Efector | null> {
  const code = codigo.trim();
  if (!code || code.length > MAX_CODIGO) return null;
  const db = await getDb();
  const [row] = await db.select(efectorFields).from(efectores).where(eq(efectores.codigo, code)).limit(1);
  return row ?? null;
}

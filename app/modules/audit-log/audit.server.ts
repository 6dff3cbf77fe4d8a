// The audit log: who did what, when, from where. Writes pass their transaction so the record commits with them.
import { and, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { getDb, type Db, type Tx } from "~db/client.server";
import { auditLog } from "~db/schema/auth";
import { currentContext } from "~/lib/request-context.server";

export type AuditActor = { id: number; usuario: string } | null;

export type AuditEntry = {
  accion: string;
  entidad?: string;
  entidadId?: string | number;
  detalle?: Record<string, unknown>;
};

export async function audit(dbOrTx: Db | Tx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await dbOrTx.insert(auditLog).values({
    usuarioId: actor?.id ?? null,
    usuario: actor?.usuario ?? null,
    accion: entry.accion,
    entidad: entry.entidad ?? null,
    entidadId: entry.entidadId == null ? null : String(entry.entidadId),
    detalle: entry.detalle ?? null,
    address: currentContext().address,
  });
}

export type AuditFilter = {
  usuario?: string;
  accion?: string;
  desde?: string;
  hasta?: string;
  page: number;
  size: number;
};

export async function listAudit(f: AuditFilter) {
  const db = await getDb();
  const where: SQL[] = [];
  if (f.usuario) where.push(eq(auditLog.usuario, f.usuario));
  if (f.accion) where.push(eq(auditLog.accion, f.accion));
  if (f.desde) where.push(gte(auditLog.at, sql`${f.desde}::date`));
  if (f.hasta) where.push(lte(auditLog.at, sql`(${f.hasta}::date + 1)`));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(cond)
      .orderBy(desc(auditLog.id))
      .limit(f.size)
      .offset(f.page * f.size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(cond),
  ]);
  return { rows, total };
}

// The audit log's reader for the 'Registro de Auditoría' screen (the writer, `audit`, is app/lib/audit.server.ts).
import { and, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { auditLog } from "~db/schema/auth";

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

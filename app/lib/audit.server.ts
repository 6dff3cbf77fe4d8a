// The audit log's writer: who did what, when, from where. Below auth and the modules (both write entries); writes pass
// their transaction so the record commits with them. The /registro-auditoria screen reads it through
// app/modules/audit-log/listado.server.ts.
import type { Db, Tx } from "~db/client.server";
import { auditLog } from "~db/schema/auth";
import { currentContext } from "./request-context.server";

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

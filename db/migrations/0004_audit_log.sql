-- The security audit log is "audit_log"; "auditoria" in this project means the medical audit of authorisations.
ALTER TABLE "auditoria" RENAME TO "audit_log";--> statement-breakpoint
ALTER SEQUENCE "auditoria_id_seq" RENAME TO "audit_log_id_seq";--> statement-breakpoint
ALTER INDEX "auditoria_pkey" RENAME TO "audit_log_pkey";--> statement-breakpoint
ALTER INDEX "auditoria_at_idx" RENAME TO "audit_log_at_idx";--> statement-breakpoint
ALTER INDEX "auditoria_usuario_idx" RENAME TO "audit_log_usuario_idx";--> statement-breakpoint
ALTER INDEX "auditoria_accion_idx" RENAME TO "audit_log_accion_idx";

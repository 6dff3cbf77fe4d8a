-- Registry feed (issue 37, ADR 068): every statement that writes a feed table — the import's, or anything else's (a
-- seeder, a repair by hand) — moves that table's feed_tablas.version up. An import skips a file identical (SHA-256) to
-- its table's last applied import only while the table's version is still the one that import left
-- (feed_importaciones.version_tabla). Statement-level: one small upsert per statement, not per row.
CREATE TABLE "feed_tablas" (
	"tabla" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_importaciones" ADD COLUMN "version_tabla" bigint;--> statement-breakpoint
CREATE FUNCTION feed_tabla_escrita() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO feed_tablas AS v (tabla, version) VALUES (TG_TABLE_NAME, 1)
    ON CONFLICT (tabla) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "motivos_baja" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "coberturas" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "colegios" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "responsables" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "efectores" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "prestadores" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "practicas" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vademecum" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "turnos_auditores" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tramites" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "grupos_familiares" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "afiliados" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "domicilios" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notas" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "aportes" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "enrolamientos" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "convenios_reciprocidad" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "internaciones" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "consumos_farmacia" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();--> statement-breakpoint
CREATE TRIGGER feed_tabla_escrita AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "autorizaciones" FOR EACH STATEMENT EXECUTE FUNCTION feed_tabla_escrita();

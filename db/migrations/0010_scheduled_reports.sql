-- Scheduled reports (issue 29, ADR 058): the schedules ('Reportes Programados') and the files their runs wrote under
-- REPORTS_DIR. A deleted schedule stays (activo false, eliminado_en) with its files until their history runs out.
CREATE TABLE "reportes_archivos" (
	"id" serial PRIMARY KEY NOT NULL,
	"programacion_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"periodo_desde" date NOT NULL,
	"periodo_hasta" date NOT NULL,
	"generado_en" timestamp with time zone NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "reportes_archivos_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "reportes_programaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporte" text NOT NULL,
	"periodo" text NOT NULL,
	"formato" text NOT NULL,
	"cron" text NOT NULL,
	"responsable" text,
	"efector" text,
	"activo" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"eliminado_en" timestamp with time zone,
	"ultima_ejecucion" timestamp with time zone,
	"ultimo_error" text
);
--> statement-breakpoint
ALTER TABLE "reportes_archivos" ADD CONSTRAINT "reportes_archivos_programacion_id_reportes_programaciones_id_fk" FOREIGN KEY ("programacion_id") REFERENCES "public"."reportes_programaciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reportes_programaciones" ADD CONSTRAINT "reportes_programaciones_created_by_us_usuarios_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."us_usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reportes_archivos_programacion_idx" ON "reportes_archivos" USING btree ("programacion_id","generado_en");
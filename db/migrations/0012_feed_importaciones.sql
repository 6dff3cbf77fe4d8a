CREATE TABLE "feed_importaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer,
	"origen" text NOT NULL,
	"archivo" text NOT NULL,
	"tabla" text,
	"modo" text,
	"codificacion" text,
	"bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"estado" text NOT NULL,
	"mensaje" text,
	"filas" integer DEFAULT 0 NOT NULL,
	"insertadas" integer DEFAULT 0 NOT NULL,
	"actualizadas" integer DEFAULT 0 NOT NULL,
	"finalizadas" integer DEFAULT 0 NOT NULL,
	"rechazadas" integer DEFAULT 0 NOT NULL,
	"informe" text,
	"iniciado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"duracion_ms" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_importaciones" ADD CONSTRAINT "feed_importaciones_usuario_id_us_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."us_usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_importaciones_iniciado_idx" ON "feed_importaciones" USING btree ("iniciado_en");
-- ADR 025: each user's known addresses (kept 60 days), and the (user, address) index of the sign-in backoff.
CREATE TABLE "login_direcciones_conocidas" (
	"usuario_id" integer NOT NULL,
	"address" text NOT NULL,
	"ultimo_ingreso" timestamp with time zone NOT NULL,
	CONSTRAINT "login_direcciones_conocidas_usuario_id_address_pk" PRIMARY KEY("usuario_id","address")
);
--> statement-breakpoint
ALTER TABLE "login_direcciones_conocidas" ADD CONSTRAINT "login_direcciones_conocidas_usuario_id_us_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."us_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_intentos_par_idx" ON "login_intentos" USING btree ("usuario","address","at");
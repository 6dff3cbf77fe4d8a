CREATE TABLE "consultas_publicas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "consultas_publicas_address_idx" ON "consultas_publicas" USING btree ("address","at");--> statement-breakpoint
CREATE INDEX "consultas_publicas_at_idx" ON "consultas_publicas" USING btree ("at");
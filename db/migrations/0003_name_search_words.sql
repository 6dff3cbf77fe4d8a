-- Word index of member names (registry search). Columns are COLLATE "C" (hand-edited: drizzle-kit does not
-- carry collations) so prefixes are index range scans in rank order. The trigger keeps it; the seed refills it.
CREATE TABLE "afiliados_palabras" (
	"palabra" text COLLATE "C" NOT NULL,
	"apeynom_norm" text COLLATE "C" NOT NULL,
	"idafi" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "afiliados_apeynom_norm_prefix_idx";--> statement-breakpoint
ALTER TABLE "afiliados_palabras" ADD CONSTRAINT "afiliados_palabras_idafi_afiliados_idafi_fk" FOREIGN KEY ("idafi") REFERENCES "public"."afiliados"("idafi") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "afiliados_palabras_idx" ON "afiliados_palabras" USING btree ("palabra","apeynom_norm","idafi");--> statement-breakpoint
CREATE INDEX "afiliados_apeynom_norm_c_idx" ON "afiliados" USING btree (("apeynom_norm" collate "C"),"idafi");--> statement-breakpoint
CREATE FUNCTION afiliados_palabras_de(norm text, id integer) RETURNS TABLE (palabra text, apeynom_norm text, idafi integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w, norm, id FROM unnest(regexp_split_to_array(norm, '[^[:alnum:]]+')) AS w WHERE w <> ''
$$;--> statement-breakpoint
CREATE FUNCTION afiliados_palabras_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.apeynom_norm IS NOT DISTINCT FROM OLD.apeynom_norm AND NEW.idafi = OLD.idafi THEN RETURN NEW; END IF;
    DELETE FROM afiliados_palabras WHERE idafi = OLD.idafi;
  END IF;
  INSERT INTO afiliados_palabras (palabra, apeynom_norm, idafi) SELECT * FROM afiliados_palabras_de(NEW.apeynom_norm, NEW.idafi);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER afiliados_palabras_sync AFTER INSERT OR UPDATE ON afiliados FOR EACH ROW EXECUTE FUNCTION afiliados_palabras_sync();--> statement-breakpoint
INSERT INTO afiliados_palabras (palabra, apeynom_norm, idafi) SELECT p.* FROM afiliados a, afiliados_palabras_de(a.apeynom_norm, a.idafi) p;

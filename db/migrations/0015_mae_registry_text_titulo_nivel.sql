-- Issue 39, ADR 077: a MAE ficha's 'Título MAE' and a student's 'Escuela Nivel' are stored as the member registry
-- writes text, like the names and the school (migration 0008, ADR 054): upper case, accents kept, NFC, one space
-- between words (toRegistryText of app/lib/registry-text.ts). This brings the rows written before to that form. Data
-- only; versions are not bumped (the values mean the same). translate() before upper() keeps the accented capitals
-- on a server whose locale is C.
CREATE FUNCTION osep_registry_text(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT upper(translate(
    regexp_replace(regexp_replace(normalize(t, NFC), '^\s+|\s+$', '', 'g'), '\s+', ' ', 'g'),
    'áéíóúüñàèìòùâêîôûäëïöç',
    'ÁÉÍÓÚÜÑÀÈÌÒÙÂÊÎÔÛÄËÏÖÇ'))
$$;--> statement-breakpoint
UPDATE "mae_fichas" SET "titulo_mae" = osep_registry_text("titulo_mae")
  WHERE "titulo_mae" IS DISTINCT FROM osep_registry_text("titulo_mae");--> statement-breakpoint
UPDATE "mae_alumnos" SET "escuela_nivel" = osep_registry_text("escuela_nivel")
  WHERE "escuela_nivel" IS DISTINCT FROM osep_registry_text("escuela_nivel");--> statement-breakpoint
DROP FUNCTION osep_registry_text(text);

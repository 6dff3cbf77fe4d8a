-- Issue 28, ADR 054: the names and places typed into CAPA and MAE are stored as the member registry writes them
-- (upper case, accents kept, NFC, one space between words: toRegistryText of app/lib/registry-text.ts). This brings
-- the rows written before to that form, so old and new rows look the same. Data only; versions are not bumped (the
-- values mean the same). translate() before upper() keeps the accented capitals on a server whose locale is C.
CREATE FUNCTION osep_registry_text(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT upper(translate(
    regexp_replace(regexp_replace(normalize(t, NFC), '^\s+|\s+$', '', 'g'), '\s+', ' ', 'g'),
    'áéíóúüñàèìòùâêîôûäëïöç',
    'ÁÉÍÓÚÜÑÀÈÌÒÙÂÊÎÔÛÄËÏÖÇ'))
$$;--> statement-breakpoint
UPDATE "capa_registros" SET "afi_localidad" = osep_registry_text("afi_localidad")
  WHERE "afi_localidad" IS DISTINCT FROM osep_registry_text("afi_localidad");--> statement-breakpoint
UPDATE "capa_registros" SET "afi_nombre" = osep_registry_text("afi_nombre")
  WHERE "afi_nombre" IS DISTINCT FROM osep_registry_text("afi_nombre");--> statement-breakpoint
UPDATE "capa_integrantes" SET "afi_nombre_integrante" = osep_registry_text("afi_nombre_integrante")
  WHERE "afi_nombre_integrante" IS DISTINCT FROM osep_registry_text("afi_nombre_integrante");--> statement-breakpoint
UPDATE "mae_fichas" SET "apeynom" = osep_registry_text("apeynom")
  WHERE "apeynom" IS DISTINCT FROM osep_registry_text("apeynom");--> statement-breakpoint
UPDATE "mae_alumnos" SET "apeynom" = osep_registry_text("apeynom")
  WHERE "apeynom" IS DISTINCT FROM osep_registry_text("apeynom");--> statement-breakpoint
UPDATE "mae_alumnos" SET "escuela" = osep_registry_text("escuela")
  WHERE "escuela" IS DISTINCT FROM osep_registry_text("escuela");--> statement-breakpoint
DROP FUNCTION osep_registry_text(text);

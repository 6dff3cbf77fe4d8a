-- Issue 35: one CAPA record per DNI and positive date (six identical POSTs made six records). The unique index lets
-- the database decide between concurrent saves; the module answers 409 naming the record that exists. Records
-- written before may hold such duplicates (a double click, a retried POST): of each DNI and positive date the first
-- registered (lowest nro_registro) stays as it is, the later ones are set aside with estado_registro 'DUPLICADO'
-- (CAPA_DUPLICADO of db/schema/capa.ts; exports show it in their ESTADO column) and stay outside the index. Nothing
-- is deleted and nothing else changes (versions are not bumped), so a clerk can still read, correct or export them;
-- a second run finds no duplicates and changes nothing.
UPDATE "capa_registros" r SET "estado_registro" = 'DUPLICADO'
  WHERE r."estado_registro" <> 'DUPLICADO'
    AND EXISTS (
      SELECT 1 FROM "capa_registros" p
      WHERE p."afi_dni" = r."afi_dni" AND p."fecha_positivo" = r."fecha_positivo"
        AND p."estado_registro" <> 'DUPLICADO' AND p."nro_registro" < r."nro_registro"
    );--> statement-breakpoint
CREATE UNIQUE INDEX "capa_registros_dni_positivo_uq" ON "capa_registros" USING btree ("afi_dni","fecha_positivo") WHERE "capa_registros"."estado_registro" <> 'DUPLICADO';

-- Reportes Programados (issue 38, ADR 069): one active schedule per report, period, format, filter (responsable,
-- efector; none counts as '') and cron expression. Identical active schedules created before this rule are deleted
-- as the screen deletes one (inactive, eliminado_en set, files kept until their history runs out), the oldest kept.
UPDATE "reportes_programaciones" AS p SET "activo" = false, "eliminado_en" = now()
WHERE p."activo" AND EXISTS (
  SELECT 1 FROM "reportes_programaciones" AS o
  WHERE o."activo" AND o."id" < p."id" AND o."reporte" = p."reporte" AND o."periodo" = p."periodo"
    AND o."formato" = p."formato" AND o."cron" = p."cron"
    AND coalesce(o."responsable", '') = coalesce(p."responsable", '') AND coalesce(o."efector", '') = coalesce(p."efector", '')
);--> statement-breakpoint
CREATE UNIQUE INDEX "reportes_programaciones_activa_unica" ON "reportes_programaciones" USING btree ("reporte","periodo","formato","cron",coalesce("responsable", ''),coalesce("efector", '')) WHERE "reportes_programaciones"."activo";

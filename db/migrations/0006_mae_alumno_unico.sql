-- ADR 032: a student (DNI) is on a MAE ficha once; the unique index also serves the lookups by ficha.
DROP INDEX "mae_alumnos_ficha_idx";--> statement-breakpoint
ALTER TABLE "mae_alumnos" ADD CONSTRAINT "mae_alumnos_ficha_dni_uq" UNIQUE("id_ficha","dni");
// Scheduled reports (issue 29, docs/decisions/058-scheduled-reports.md): what to write when (a programación) and the
// files written (archivos, the bytes on disk under REPORTS_DIR). A deleted schedule is kept, inactive, with its files
// until their history runs out.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { usUsuarios } from "./auth";

export const reportesProgramaciones = pgTable(
  "reportes_programaciones",
  {
    id: serial("id").primaryKey(),
    /** tiempos-auditoria | consumos-prestadores | ranking-consumos | preliquidacion */
    reporte: text("reporte").notNull(),
    /** dia-anterior | semana-anterior | mes-anterior */
    periodo: text("periodo").notNull(),
    /** pdf | xlsx | csv */
    formato: text("formato").notNull(),
    /** Five-field node-cron expression, insurer's time zone. */
    cron: text("cron").notNull(),
    /** The pre-settlement's CUIT ('NN-NNNNNNNN-N'). */
    responsable: text("responsable"),
    /** The efector code of Consumos por Efector. */
    efector: text("efector"),
    /** False once deleted (DELETE): nothing new is written. */
    activo: boolean("activo").notNull().default(true),
    createdBy: integer("created_by").references(() => usUsuarios.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    eliminadoEn: timestamp("eliminado_en", { withTimezone: true }),
    ultimaEjecucion: timestamp("ultima_ejecucion", { withTimezone: true }),
    /** The last run's failure (Spanish, no stack); null after a run that wrote its file. */
    ultimoError: text("ultimo_error"),
  },
  (t) => [
    // One active schedule per report, period, format, filter and cron (issue 38, docs/decisions/069): an identical
    // one would write the same file twice (a missing filter counts as one value, '').
    uniqueIndex("reportes_programaciones_activa_unica")
      .on(t.reporte, t.periodo, t.formato, t.cron, sql`coalesce(${t.responsable}, '')`, sql`coalesce(${t.efector}, '')`)
      .where(sql`${t.activo}`),
  ],
);

export const reportesArchivos = pgTable(
  "reportes_archivos",
  {
    id: serial("id").primaryKey(),
    programacionId: integer("programacion_id")
      .notNull()
      .references(() => reportesProgramaciones.id),
    /** The file's name in REPORTS_DIR (rules.ts archivoNombre). */
    nombre: text("nombre").notNull().unique(),
    periodoDesde: date("periodo_desde", { mode: "string" }).notNull(),
    periodoHasta: date("periodo_hasta", { mode: "string" }).notNull(),
    generadoEn: timestamp("generado_en", { withTimezone: true }).notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
  },
  (t) => [index("reportes_archivos_programacion_idx").on(t.programacionId, t.generadoEn)],
);

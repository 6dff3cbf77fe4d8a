// The registry feed (issue 37, docs/decisions/068-registry-feed.md): one row per imported file, with its counts and
// its refusal report (the CSV kept here too, so any web instance can serve it on 'Importaciones').
import { bigint, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { usUsuarios } from "./auth";

export const feedImportaciones = pgTable(
  "feed_importaciones",
  {
    id: serial("id").primaryKey(),
    /** Who ran it: a user (usuarioId) or the nightly job ('tarea nocturna') / the command line ('línea de comandos'). */
    usuarioId: integer("usuario_id").references(() => usUsuarios.id, { onDelete: "set null" }),
    origen: text("origen").notNull(),
    archivo: text("archivo").notNull(),
    /** The feed table the file feeds (null when the file name names none). */
    tabla: text("tabla"),
    /** completa | delta */
    modo: text("modo"),
    /** utf-8 | windows-1252, and whether it was named in the file name or detected. */
    codificacion: text("codificacion"),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    /** APLICADO | SIN_CAMBIOS | RECHAZADO (nothing applied: threshold, bad file) | ERROR */
    estado: text("estado").notNull(),
    /** Spanish, one line: why nothing applied, or a summary. */
    mensaje: text("mensaje"),
    filas: integer("filas").notNull().default(0),
    insertadas: integer("insertadas").notNull().default(0),
    actualizadas: integer("actualizadas").notNull().default(0),
    finalizadas: integer("finalizadas").notNull().default(0),
    rechazadas: integer("rechazadas").notNull().default(0),
    /** The refusal report (CSV: linea;columna;valor;motivo), null when nothing was refused. */
    informe: text("informe"),
    iniciadoEn: timestamp("iniciado_en", { withTimezone: true }).notNull().defaultNow(),
    duracionMs: integer("duracion_ms").notNull().default(0),
    /**
     * feed_tablas.version of the file's table once the run ended (APLICADO and SIN_CAMBIOS only): a later file with
     * the same SHA-256 is skipped only while the table's version is still this one.
     */
    versionTabla: bigint("version_tabla", { mode: "number" }),
  },
  (t) => [index("feed_importaciones_iniciado_idx").on(t.iniciadoEn)],
);

/**
 * One row per feed table that was ever written: `version` goes up with every statement that writes the table (an
 * INSERT, UPDATE, DELETE or TRUNCATE, from the feed or from anything else: a statement-level trigger, migration 0013).
 * The import's skip of an identical file relies on it (ADR 068).
 */
export const feedTablas = pgTable("feed_tablas", {
  tabla: text("tabla").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

// MAE registry (maestros de apoyo / support teachers) per school year, with their students (alumnos).
import { boolean, date, index, integer, pgTable, serial, smallint, text, timestamp, unique } from "drizzle-orm/pg-core";

/** MAE fichas: one per teacher DNI and school year. */
export const maeFichas = pgTable(
  "mae_fichas",
  {
    id: serial("id").primaryKey(),
    dni: text("dni").notNull(),
    apeynom: text("apeynom").notNull(),
    titulo_mae: text("titulo_mae").notNull(),
    anio_lectivo: smallint("anio_lectivo").notNull().default(2024),
    /** Bumped by every update, in the same statement: the stale-edit check (ADR 047). */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("mae_fichas_dni_anio_uq").on(t.dni, t.anio_lectivo),
    index("mae_fichas_anio_idx").on(t.anio_lectivo, t.apeynom),
  ],
);

/**
 * Students of a MAE ficha. estado true = active; inactivation sets estado false and fecha_inactivacion. A student
 * (DNI) is on a ficha once (ADR 032): the unique (id_ficha, dni) also serves the lookups by ficha.
 */
export const maeAlumnos = pgTable(
  "mae_alumnos",
  {
    id: serial("id").primaryKey(),
    id_ficha: integer("id_ficha")
      .notNull()
      .references(() => maeFichas.id, { onDelete: "cascade" }),
    dni: text("dni").notNull(),
    apeynom: text("apeynom").notNull(),
    expediente: text("expediente").notNull(),
    horario: text("horario").notNull(),
    escuela: text("escuela").notNull(),
    escuela_nivel: text("escuela_nivel").notNull(),
    observacion: text("observacion"),
    estado: boolean("estado").notNull().default(true),
    fecha_inactivacion: date("fecha_inactivacion", { mode: "string" }),
    anio_lectivo: smallint("anio_lectivo").notNull().default(2024),
    /** Bumped by every update, in the same statement: the stale-edit check (ADR 047). */
    version: integer("version").notNull().default(1),
  },
  (t) => [unique("mae_alumnos_ficha_dni_uq").on(t.id_ficha, t.dni), index("mae_alumnos_dni_idx").on(t.dni)],
);

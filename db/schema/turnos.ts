// Appointments (turnos) and the per-procedure-type appointment configuration.
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  time,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { afiliados } from "./afiliados";

/** Configuration per procedure type: workstations, minutes per slot, opening and closing time. */
export const turnosConfig = pgTable("turnos_config", {
  id: serial("id").primaryKey(),
  tipo_tramite: text("tipo_tramite").notNull().unique(),
  cant_puesto: smallint("cant_puesto").notNull(),
  /** Minutes per slot. */
  tiempo_por_turno: smallint("tiempo_por_turno").notNull(),
  inicio_turno: time("inicio_turno").notNull(),
  fin_turno: time("fin_turno").notNull(),
});

/**
 * Appointments. A free slot (VACIO) has no row; rows are ASIGNADO, CONFIRMADO, CANCELADO or ATENDIDO.
 * The unique (tipo_tramite, fecha_turno, hora_turno, puesto) guards against double booking.
 * id_afiliado is null for AFILIACIONES appointments of people who are not members yet.
 */
export const turnos = pgTable(
  "turnos",
  {
    id: serial("id").primaryKey(),
    /** Slot number of the day (shown zero-padded to 3 digits). */
    nro_turno: integer("nro_turno").notNull(),
    tipo_tramite: text("tipo_tramite").notNull(),
    fecha_turno: date("fecha_turno", { mode: "string" }).notNull(),
    hora_turno: time("hora_turno").notNull(),
    puesto: smallint("puesto").notNull(),
    dni_afiliado: text("dni_afiliado").notNull(),
    apeynom_afiliado: text("apeynom_afiliado").notNull(),
    id_afiliado: integer("id_afiliado").references(() => afiliados.idafi),
    estado_turno: text("estado_turno").notNull().default("ASIGNADO"),
    observacion: text("observacion"),
    /** usuario of the staff member who last assigned or changed the slot. */
    operador: text("operador"),
    /** Bumped by every update (status, edit, reassignment), in the same statement: the stale-edit check (ADR 047). */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("turnos_slot_uq").on(t.tipo_tramite, t.fecha_turno, t.hora_turno, t.puesto),
    index("turnos_fecha_tipo_idx").on(t.fecha_turno, t.tipo_tramite),
    index("turnos_dni_idx").on(t.dni_afiliado),
    check(
      "turnos_estado_turno_chk",
      sql`${t.estado_turno} in ('VACIO', 'ASIGNADO', 'CONFIRMADO', 'CANCELADO', 'ATENDIDO')`,
    ),
  ],
);

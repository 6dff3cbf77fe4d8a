// CAPA covid outpatient-care registry (Centro de Atencion Ambulatoria de Pacientes Covid) and household members.
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Registry numbers are handed out by this sequence. */
export const capaNroRegistroSeq = pgSequence("capa_registros_nro_registro_seq", { startWith: 1 });

/**
 * The estado_registro of a record set aside as a second record of one DNI and positive date, written before the
 * unique index existed (migration 0011, issue 35). Such a record keeps its data (nothing is deleted) but no longer
 * blocks, nor counts as, the registration of that positive test.
 */
export const CAPA_DUPLICADO = "DUPLICADO";
/** The unique index of one record per DNI and positive date (its violation is a 409, not a fault). */
export const CAPA_DNI_POSITIVO_UQ = "capa_registros_dni_positivo_uq";

/**
 * CAPA records. esquema_vacunacion: Completo | Incompleto; tipo_modulo: modulo3046 (individual) |
 * modulo3047 (family group).
 */
export const capaRegistros = pgTable(
  "capa_registros",
  {
    id: serial("id").primaryKey(),
    nro_registro: integer("nro_registro")
      .notNull()
      .unique()
      .default(sql`nextval('capa_registros_nro_registro_seq')`),
    fecha_registracion: date("fecha_registracion", { mode: "string" }).notNull(),
    afi_dni: text("afi_dni").notNull(),
    afi_nro_afi: text("afi_nro_afi"),
    afi_parentesco: text("afi_parentesco"),
    afi_nombre: text("afi_nombre"),
    afi_localidad: text("afi_localidad").notNull(),
    afi_edad: smallint("afi_edad"),
    afi_telefono: text("afi_telefono").notNull(),
    afi_telefono_alternativo: text("afi_telefono_alternativo"),
    afi_email: text("afi_email"),
    fecha_positivo: date("fecha_positivo", { mode: "string" }).notNull(),
    esquema_vacunacion: text("esquema_vacunacion").notNull().default("Incompleto"),
    cant_integrantes: smallint("cant_integrantes").notNull().default(0),
    tipo_modulo: text("tipo_modulo"),
    nro_autorizacion_sia: text("nro_autorizacion_sia"),
    /** Shown in exports only. */
    estado_registro: text("estado_registro").notNull().default("ACTIVO"),
    /** Bumped by every update, in the same statement: the stale-edit check (ADR 047). */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("capa_registros_fecha_idx").on(t.fecha_registracion),
    index("capa_registros_afi_dni_idx").on(t.afi_dni),
    // One record per positive test (issue 35): a member's DNI and positive date are registered once; the database
    // decides between concurrent saves. Records set aside by migration 0011 are outside it.
    uniqueIndex(CAPA_DNI_POSITIVO_UQ)
      .on(t.afi_dni, t.fecha_positivo)
      .where(sql`${t.estado_registro} <> 'DUPLICADO'`),
    check("capa_registros_esquema_chk", sql`${t.esquema_vacunacion} in ('Completo', 'Incompleto')`),
    check(
      "capa_registros_modulo_chk",
      sql`${t.tipo_modulo} is null or ${t.tipo_modulo} in ('modulo3046', 'modulo3047')`,
    ),
  ],
);

/** Household members (integrantes) of a CAPA record. */
export const capaIntegrantes = pgTable(
  "capa_integrantes",
  {
    id: serial("id").primaryKey(),
    capaId: integer("capa_id")
      .notNull()
      .references(() => capaRegistros.id, { onDelete: "cascade" }),
    afi_dni_integrante: text("afi_dni_integrante").notNull(),
    afi_nombre_integrante: text("afi_nombre_integrante"),
    afi_edad_integrante: smallint("afi_edad_integrante"),
  },
  (t) => [index("capa_integrantes_capa_idx").on(t.capaId)],
);

// Oncology case files (fichas), their drug rows, and the organ, drug and doctor lookups.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/** Organs (diagnóstico de órgano). */
export const organos = pgTable("organos", {
  id: serial("id").primaryKey(),
  descripcion: text("descripcion").notNull().unique(),
});

/** Drug lookup (monodrogas) offered in the ficha drug table. */
export const monodrogas = pgTable("monodrogas", {
  id: serial("id").primaryKey(),
  descripcion: text("descripcion").notNull().unique(),
});

/** Prescribing doctors lookup (medicos). */
export const medicos = pgTable("medicos", {
  id: serial("id").primaryKey(),
  apeynom: text("apeynom").notNull(),
});

/** Case numbers are handed out by this sequence, never reused. */
export const fichasOncoNroFichaSeq = pgSequence("fichas_onco_nro_ficha_seq", { startWith: 1 });

/**
 * Oncology case files. estado_ficha: INGRESO, CAMBIO_MEDICAMENTO, REINGRESO. A drug change or
 * readmission creates a new ficha. activo = false is the soft delete (inactivarFicha);
 * version is bumped on every update for optimistic concurrency.
 */
export const fichasOnco = pgTable(
  "fichas_onco",
  {
    id: serial("id").primaryKey(),
    nro_ficha: integer("nro_ficha")
      .notNull()
      .unique()
      .default(sql`nextval('fichas_onco_nro_ficha_seq')`),
    estado_ficha: text("estado_ficha").notNull().default("INGRESO"),
    fecha: date("fecha", { mode: "string" }).notNull(),
    // Member data as captured on the form.
    afi_dni: text("afi_dni").notNull(),
    afi_nro_afi: text("afi_nro_afi").notNull(),
    afi_parentesco: text("afi_parentesco").notNull(),
    afi_sexo: text("afi_sexo").notNull(),
    afi_nombre: text("afi_nombre").notNull(),
    afi_estado_civil: text("afi_estado_civil").notNull(),
    afi_domicilio: text("afi_domicilio").notNull(),
    afi_localidad: text("afi_localidad").notNull(),
    afi_departamento: text("afi_departamento").notNull().default("Capital"),
    afi_provincia: text("afi_provincia").notNull().default("Catamarca"),
    afi_telefono: text("afi_telefono"),
    afi_celular: text("afi_celular"),
    afi_email: text("afi_email"),
    // Prescriber.
    hospital: text("hospital"),
    prescriptor_nombre: text("prescriptor_nombre"),
    prescriptor_matricula_prof: text("prescriptor_matricula_prof"),
    prescriptor_matricula_espe: text("prescriptor_matricula_espe"),
    prescriptor_email: text("prescriptor_email"),
    // Diagnosis.
    fecha_diagnostico: date("fecha_diagnostico", { mode: "string" }).notNull(),
    edad_al_dianostico_anios: smallint("edad_al_dianostico_anios"),
    edad_al_dianostico_meses: smallint("edad_al_dianostico_meses"),
    diagnostico_histologico: text("diagnostico_histologico").notNull(),
    organoId: integer("organo_id").references(() => organos.id),
    // Clinical summary.
    resumen_historia_clinica: text("resumen_historia_clinica").notNull(),
    estudios_realizados: text("estudios_realizados"),
    controles_previos: text("controles_previos"),
    // Treatments.
    estado_actual: boolean("estado_actual").notNull().default(false),
    estado_adyuvancia: boolean("estado_adyuvancia").notNull().default(false),
    estado_avanzado: boolean("estado_avanzado").notNull().default(false),
    cirugia: boolean("cirugia").notNull().default(false),
    fecha_cirugia: date("fecha_cirugia", { mode: "string" }),
    tipo_cirugia: text("tipo_cirugia"),
    quimioterapia: boolean("quimioterapia").notNull().default(false),
    fecha_quimioterapia: date("fecha_quimioterapia", { mode: "string" }),
    esquema_quimioterapia: text("esquema_quimioterapia"),
    radioterapia: boolean("radioterapia").notNull().default(false),
    fecha_radioterapia: date("fecha_radioterapia", { mode: "string" }),
    esquema_radioterapia: text("esquema_radioterapia"),
    homonoterapia: boolean("homonoterapia").notNull().default(false),
    fecha_homonoterapia: date("fecha_homonoterapia", { mode: "string" }),
    esquema_homonoterapia: text("esquema_homonoterapia"),
    // Diagnosis, stage and body measures.
    diagnostico: text("diagnostico").notNull(),
    estadio: text("estadio"),
    /** kg */
    peso: numeric("peso", { precision: 6, scale: 2 }).notNull(),
    /** cm */
    talla: numeric("talla", { precision: 6, scale: 2 }).notNull(),
    /** m² */
    sup_corporal: numeric("sup_corporal", { precision: 5, scale: 2 }).notNull(),
    observacion: text("observacion"),
    editable: boolean("editable").notNull().default(true),
    activo: boolean("activo").notNull().default(true),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("fichas_onco_afi_dni_idx").on(t.afi_dni),
    index("fichas_onco_fecha_idx").on(t.fecha),
    index("fichas_onco_organo_idx").on(t.organoId, t.fecha),
    check("fichas_onco_estado_ficha_chk", sql`${t.estado_ficha} in ('INGRESO', 'CAMBIO_MEDICAMENTO', 'REINGRESO')`),
  ],
);

/** Drug rows of a ficha (cantidad = days of protocol; frecuencia = every n days, 1–30). */
export const fichasOncoMonodrogas = pgTable(
  "fichas_onco_monodrogas",
  {
    id: serial("id").primaryKey(),
    fichaId: integer("ficha_id")
      .notNull()
      .references(() => fichasOnco.id, { onDelete: "cascade" }),
    droga: text("droga").notNull(),
    mgrs_protocolo: numeric("mgrs_protocolo", { precision: 10, scale: 2 }),
    cantidad: integer("cantidad"),
    dosis_dia: numeric("dosis_dia", { precision: 10, scale: 2 }),
    dosis_total: numeric("dosis_total", { precision: 12, scale: 2 }),
    presentacion: text("presentacion"),
    presentacion_cantidad: integer("presentacion_cantidad"),
    ciclos: integer("ciclos"),
    frecuencia: smallint("frecuencia"),
  },
  (t) => [index("fichas_onco_monodrogas_ficha_idx").on(t.fichaId)],
);

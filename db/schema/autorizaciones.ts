// Authorisations, stays (internaciones), pharmacy consumption, practice nomenclature and auditor shifts.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { afiliados } from "./afiliados";

/** Sentinel for an unknown pharmacy date ('Sin info'). */
export const PHARMACY_NULL_DATE = "1900-01-01";

/**
 * Authorisations (autorizaciones). States (autorizo): AUTORIZADA, DENEGADA, DIF/OTRO; modalidad:
 * PREVIA, CONSUMO, AUT Y CONS SIMULTANEO; tipopago: PAG, SIN, GEN; estadoambint 'A' = ambulatory.
 */
export const autorizaciones = pgTable(
  "autorizaciones",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    nroautorizacion: bigint("nroautorizacion", { mode: "number" }).notNull(),
    /** Referenced authorisation number (also the "transfer number" of the liquidation). */
    numautreferenciada: bigint("numautreferenciada", { mode: "number" }),
    num_exp: text("num_exp"),
    idafi: integer("idafi").references(() => afiliados.idafi),
    nroafiliado: text("nroafiliado"),
    nombreafiliado: text("nombreafiliado"),
    cuil: text("cuil"),
    /** Practice code and its subitem (see practicas). */
    practica: text("practica").notNull(),
    subitem: text("subitem"),
    descpractica: text("descpractica"),
    /** Coverage code (coberturas.gravcodgra). */
    cobertura: integer("cobertura"),
    autorizo: text("autorizo").notNull(),
    modalidad: text("modalidad").notNull(),
    estadoambint: text("estadoambint"),
    nrointernacion: integer("nrointernacion"),
    fecha: date("fecha", { mode: "string" }).notNull(),
    hora: time("hora"),
    fechaemision: date("fechaemision", { mode: "string" }),
    fechasolicitud: date("fechasolicitud", { mode: "string" }),
    fechavto: date("fechavto", { mode: "string" }),
    cantidad: integer("cantidad").notNull().default(1),
    tipopago: text("tipopago"),
    coseguro: numeric("coseguro", { precision: 14, scale: 2 }),
    estado: text("estado"),
    entidad: text("entidad"),
    delegacion: text("delegacion"),
    tipo_delegacion: text("tipo_delegacion"),
    /** User who issued the authorisation. */
    usuarioautorizacion: text("usuarioautorizacion"),
    /** Auditor user code ('SIN AUDITORIA' unless it starts with AUD). */
    usuarioauditoria: text("usuarioauditoria"),
    // Audit times are local wall-clock times (America/Argentina/Catamarca) as the legacy system records them.
    fecha_hora_carga: timestamp("fecha_hora_carga"),
    fecha_hora_carga_original: timestamp("fecha_hora_carga_original"),
    fecha_hora_auditoria: timestamp("fecha_hora_auditoria"),
    matmedprescriptor: text("matmedprescriptor"),
    nommedprescriptor: text("nommedprescriptor"),
    /** Effector code (efectores.codigo) and its doctor's licence/name. */
    codigo_efector: text("codigo_efector"),
    matmedefector: text("matmedefector"),
    nommedefector: text("nommedefector"),
    /** Liquidation entity (responsables.nombre) and its CUIT. */
    responsable: text("responsable"),
    cuit_responsable: text("cuit_responsable"),
    anulado: boolean("anulado").notNull().default(false),
    autoken: text("autoken"),
    montoautgasto: numeric("montoautgasto", { precision: 14, scale: 2 }),
    montoauthonorario: numeric("montoauthonorario", { precision: 14, scale: 2 }),
  },
  (t) => [
    index("autorizaciones_nroautorizacion_idx").on(t.nroautorizacion),
    index("autorizaciones_idafi_fecha_idx").on(t.idafi, t.fecha),
    index("autorizaciones_fecha_idx").on(t.fecha),
    index("autorizaciones_nrointernacion_idx").on(t.nrointernacion),
    index("autorizaciones_numautreferenciada_idx").on(t.numautreferenciada),
    index("autorizaciones_auditoria_idx").on(t.usuarioauditoria, t.fecha_hora_auditoria),
    index("autorizaciones_efector_fecha_idx").on(t.matmedefector, t.fecha),
    index("autorizaciones_responsable_fecha_idx").on(t.responsable, t.fecha),
  ],
);

/** Stays (internaciones). numero_orden is the stay number authorisations refer to (nrointernacion). */
export const internaciones = pgTable(
  "internaciones",
  {
    id: serial("id").primaryKey(),
    numero_orden: integer("numero_orden").notNull().unique(),
    idafi: integer("idafi")
      .notNull()
      .references(() => afiliados.idafi),
    fecha_interna: date("fecha_interna", { mode: "string" }).notNull(),
    dias_solic: integer("dias_solic"),
    dias_autorizados: integer("dias_autorizados"),
    fecha_salida: date("fecha_salida", { mode: "string" }),
    oi_cobertura: text("oi_cobertura"),
    tipo_interna: text("tipo_interna"),
    entidad_nombre: text("entidad_nombre"),
  },
  (t) => [index("internaciones_idafi_idx").on(t.idafi, t.fecha_interna)],
);

/**
 * Pharmacy consumption (dispensed prescriptions). farma_mombre keeps the legacy spelling.
 * fecha_receta / fecha_dispensa may hold the 1900-01-01 sentinel ('Sin info').
 */
export const consumosFarmacia = pgTable(
  "consumos_farmacia",
  {
    id: serial("id").primaryKey(),
    idafi: integer("idafi").references(() => afiliados.idafi),
    dni: text("dni").notNull(),
    farma_mombre: text("farma_mombre"),
    farma_provincia: text("farma_provincia"),
    farma_prestador: text("farma_prestador"),
    fecha_receta: date("fecha_receta", { mode: "string" }).notNull().default(PHARMACY_NULL_DATE),
    fecha_dispensa: date("fecha_dispensa", { mode: "string" }).notNull().default(PHARMACY_NULL_DATE),
    producto: text("producto"),
    cant_unidades: integer("cant_unidades"),
    /** Discount percentage. */
    descuento: numeric("descuento", { precision: 5, scale: 2 }),
    plan_programa: text("plan_programa"),
  },
  (t) => [
    index("consumos_farmacia_dni_idx").on(t.dni, t.fecha_dispensa),
    index("consumos_farmacia_idafi_idx").on(t.idafi),
  ],
);

/** Practice nomenclature (Consulta de Prácticas): code + subitem + origin, with its classification. */
export const practicas = pgTable(
  "practicas",
  {
    id: serial("id").primaryKey(),
    practica: text("practica").notNull(),
    descripcion: text("descripcion").notNull(),
    seccion: text("seccion"),
    capitulo: text("capitulo"),
    subcapitulo: text("subcapitulo"),
    secuencia: text("secuencia"),
    subitem: text("subitem").notNull().default(""),
    origen: text("origen").notNull().default(""),
  },
  (t) => [
    uniqueIndex("practicas_codigo_uq").on(t.practica, t.subitem, t.origen),
    index("practicas_clasificacion_idx").on(t.seccion, t.capitulo, t.subcapitulo, t.secuencia),
    index("practicas_descripcion_trgm_idx").using("gin", sql`${t.descripcion} gin_trgm_ops`),
  ],
);

/** Auditor shifts, used by the audit-time statistics (thresholds from shift start and end). */
export const turnosAuditores = pgTable(
  "turnos_auditores",
  {
    id: serial("id").primaryKey(),
    auditor: text("auditor").notNull(),
    inicio_turno: time("inicio_turno").notNull(),
    fin_turno: time("fin_turno").notNull(),
  },
  (t) => [index("turnos_auditores_auditor_idx").on(t.auditor)],
);

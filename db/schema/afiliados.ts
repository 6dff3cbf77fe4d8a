// Members (afiliados), their addresses, family groups, leave reasons, notes, contributions,
// coverages/plans, enrolments and reciprocity agreements.
// Legacy sentinels are kept as the data has them: 0001-01-01 = "no date" (fechbaja, enprfecbaj).
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, numeric, pgTable, serial, text, type AnyPgColumn } from "drizzle-orm/pg-core";

/** The "no date" sentinel used by the legacy registry. */
export const NULL_DATE = "0001-01-01";

/** Leave reasons (motivos de baja). bambacodig is the legacy code. */
export const motivosBaja = pgTable("motivos_baja", {
  bambacodig: integer("bambacodig").primaryKey(),
  bambadescr: text("bambadescr").notNull(),
});

/** Family groups: one row per group, pointing at its holder (titular). */
export const gruposFamiliares = pgTable(
  "grupos_familiares",
  {
    id: serial("id").primaryKey(),
    /** Holder of the group; nullable so bulk loads can insert groups before members. */
    titularIdafi: integer("titular_idafi").references((): AnyPgColumn => afiliados.idafi, { onDelete: "set null" }),
  },
  (t) => [index("grupos_familiares_titular_idx").on(t.titularIdafi)],
);

/**
 * Members (afiliados). Status is never stored: it is derived from fechbaja/fechvto in one place
 * (ACTIVO when fechbaja is the 0001-01-01 sentinel and fechvto is empty or not past).
 * Voluntary affiliates are members whose descclasificacion marks them as voluntary; their holder's
 * estado/clasificacion/categoria come from the titular row of the same family group.
 */
export const afiliados = pgTable(
  "afiliados",
  {
    idafi: serial("idafi").primaryKey(),
    apeynom: text("apeynom").notNull(),
    /** Surname and given names as separate fields (enrolment rows search and show them apart). */
    baperapell: text("baperapell"),
    bapernombr: text("bapernombr"),
    /** Accent-free lower-case apeynom for name search (trigram and prefix). */
    apeynomNorm: text("apeynom_norm").generatedAlwaysAs(
      sql`lower(translate(apeynom, 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun'))`,
    ),
    /** DNI. */
    numdoc: text("numdoc").notNull(),
    /** Member number (central number). */
    nroafi: text("nroafi").notNull(),
    cuil_prefijo: text("cuil_prefijo"),
    cuil_nrocentral: text("cuil_nrocentral"),
    cuil_dtoverific: text("cuil_dtoverific"),
    /** Affiliation group ('01'…'06' and '99' are retirees). */
    grupo: text("grupo").notNull(),
    nromedio: text("nromedio").notNull(),
    /** Family member number inside the group ('00' = holder). */
    nroparentesco: text("nroparentesco").notNull(),
    descparentesco: text("descparentesco").notNull(),
    grupoFamiliarId: integer("grupo_familiar_id").references((): AnyPgColumn => gruposFamiliares.id),
    /** Birth date. */
    baperfenac: date("baperfenac", { mode: "string" }),
    sexocodigo: text("sexocodigo"),
    escivilcod: text("escivilcod"),
    estcivil: text("estcivil"),
    fechalta: date("fechalta", { mode: "string" }),
    /** Leaving date; 0001-01-01 = has not left. */
    fechbaja: date("fechbaja", { mode: "string" }).notNull().default(NULL_DATE),
    /** Affiliation expiry; null or 0001-01-01 = no expiry. */
    fechvto: date("fechvto", { mode: "string" }),
    codmotbaja: integer("codmotbaja").references(() => motivosBaja.bambacodig),
    /** Leave reason description as the legacy registry carries it. */
    motbaja: text("motbaja"),
    aficategoria: text("aficategoria"),
    descclasificacion: text("descclasificacion"),
    plan: text("plan"),
    /** Reciprocity agreement type; null when the member has no agreement. */
    tipoconvenio: text("tipoconvenio"),
  },
  (t) => [
    index("afiliados_numdoc_idx").on(t.numdoc),
    index("afiliados_nroafi_idx").on(t.nroafi),
    index("afiliados_cuil_idx").on(t.cuil_nrocentral, t.cuil_prefijo, t.cuil_dtoverific),
    index("afiliados_familia_idx").on(t.grupo, t.nromedio, t.nroparentesco),
    index("afiliados_grupo_familiar_idx").on(t.grupoFamiliarId),
    index("afiliados_clasificacion_idx").on(t.descclasificacion),
    index("afiliados_apeynom_norm_trgm_idx").using("gin", sql`${t.apeynomNorm} gin_trgm_ops`),
    // C collation: LIKE 'prefix%' is a range scan and ORDER BY apeynom_norm COLLATE "C" reads the index in order.
    index("afiliados_apeynom_norm_c_idx").on(sql`(${t.apeynomNorm} collate "C")`, t.idafi),
  ],
);

/**
 * Word index of member names for the registry search: one row per word of apeynom_norm, kept by the trigger
 * afiliados_palabras_sync (migration 0003). Columns are COLLATE "C" (set in the migration) so a prefix
 * (palabra LIKE 'gonz%') is an index range scan already in rank order (palabra, apeynom_norm).
 */
export const afiliadosPalabras = pgTable(
  "afiliados_palabras",
  {
    palabra: text("palabra").notNull(),
    apeynomNorm: text("apeynom_norm").notNull(),
    idafi: integer("idafi")
      .notNull()
      .references(() => afiliados.idafi, { onDelete: "cascade" }),
  },
  (t) => [index("afiliados_palabras_idx").on(t.palabra, t.apeynomNorm, t.idafi)],
);

/** Member addresses and contact data (domicilio). */
export const domicilios = pgTable(
  "domicilios",
  {
    id: serial("id").primaryKey(),
    idafi: integer("idafi")
      .notNull()
      .references(() => afiliados.idafi, { onDelete: "cascade" }),
    bedomcalle: text("bedomcalle"),
    bedomnumer: text("bedomnumer"),
    localidad: text("localidad"),
    departamento: text("departamento"),
    provincia: text("provincia"),
    codpostal: text("codpostal"),
    telefono: text("telefono"),
    telcelular: text("telcelular"),
    email: text("email"),
  },
  (t) => [index("domicilios_idafi_idx").on(t.idafi)],
);

/** Notes from the old system ('Notas - Sistema Viejo'). */
export const notas = pgTable(
  "notas",
  {
    id: serial("id").primaryKey(),
    idafi: integer("idafi")
      .notNull()
      .references(() => afiliados.idafi, { onDelete: "cascade" }),
    fecha_cambio: date("fecha_cambio", { mode: "string" }).notNull(),
    descripcion_cambio: text("descripcion_cambio").notNull(),
    nombre_usuario: text("nombre_usuario"),
  },
  (t) => [index("notas_idafi_idx").on(t.idafi, t.fecha_cambio)],
);

/**
 * Contributions (aportes), active and retiree forms in one table. The API looks them up by the
 * concatenated CUIL (stored in `cuit`, as the legacy payload names it).
 */
export const aportes = pgTable(
  "aportes",
  {
    id: serial("id").primaryKey(),
    idafi: integer("idafi").references(() => afiliados.idafi, { onDelete: "set null" }),
    /** true = retiree form (beneficio, suma_beneficios, concepto). */
    jubilado: boolean("jubilado").notNull().default(false),
    fecha: date("fecha", { mode: "string" }).notNull(),
    cuit: text("cuit").notNull(),
    nro_legajo: text("nro_legajo"),
    ubicacion: text("ubicacion"),
    rem_imponible: numeric("rem_imponible", { precision: 14, scale: 2 }),
    rem_no_imponible: numeric("rem_no_imponible", { precision: 14, scale: 2 }),
    aporte_afiliado: numeric("aporte_afiliado", { precision: 14, scale: 2 }),
    aporte_patronal: numeric("aporte_patronal", { precision: 14, scale: 2 }),
    aporte_trasplantado: numeric("aporte_trasplantado", { precision: 14, scale: 2 }),
    aporte_solidario: numeric("aporte_solidario", { precision: 14, scale: 2 }),
    aporte_contribucion_solidario: numeric("aporte_contribucion_solidario", { precision: 14, scale: 2 }),
    nro_beneficio_jub: text("nro_beneficio_jub"),
    nro_concepto_jub: text("nro_concepto_jub"),
    beneficio: numeric("beneficio", { precision: 14, scale: 2 }),
    suma_beneficios: numeric("suma_beneficios", { precision: 14, scale: 2 }),
    concepto: text("concepto"),
  },
  (t) => [index("aportes_cuit_fecha_idx").on(t.cuit, t.fecha), index("aportes_idafi_idx").on(t.idafi)],
);

/** Coverages / plans (padrones). gravcodgra is the coverage code (3, 8, 20, 40–45, 53, ...). */
export const coberturas = pgTable("coberturas", {
  gravcodgra: integer("gravcodgra").primaryKey(),
  gravdesgra: text("gravdesgra").notNull(),
  cobcaract: text("cobcaract"),
  cobsubcaract: text("cobsubcaract"),
});

/**
 * Enrolments of a member in a coverage. enprfecbaj = 0001-01-01 means no end date.
 * Coverage status (ACTIVA/INACTIVA) is derived, never stored.
 */
export const enrolamientos = pgTable(
  "enrolamientos",
  {
    id: serial("id").primaryKey(),
    idafi: integer("idafi")
      .notNull()
      .references(() => afiliados.idafi, { onDelete: "cascade" }),
    gravcodgra: integer("gravcodgra")
      .notNull()
      .references(() => coberturas.gravcodgra),
    /** Coverage start. */
    enprfecvig: date("enprfecvig", { mode: "string" }).notNull(),
    /** Coverage end; 0001-01-01 = open-ended. */
    enprfecbaj: date("enprfecbaj", { mode: "string" }).notNull().default(NULL_DATE),
    /** Date the enrolment was reported. */
    enprfecinf: date("enprfecinf", { mode: "string" }),
    enprnromie: text("enprnromie"),
  },
  (t) => [
    index("enrolamientos_idafi_idx").on(t.idafi),
    index("enrolamientos_cobertura_idx").on(t.gravcodgra, t.enprfecbaj),
  ],
);

/** Reciprocity agreements (convenios de reciprocidad) of a member with another institution. */
export const conveniosReciprocidad = pgTable(
  "convenios_reciprocidad",
  {
    id: serial("id").primaryKey(),
    idafi: integer("idafi")
      .notNull()
      .references(() => afiliados.idafi, { onDelete: "cascade" }),
    tipoconvenio: text("tipoconvenio").notNull(),
    clasificacion_convenio: text("clasificacion_convenio"),
    institucion_convenio: text("institucion_convenio"),
    provincia_convenio: text("provincia_convenio"),
    inicio_convenio: date("inicio_convenio", { mode: "string" }),
    fin_convenio: date("fin_convenio", { mode: "string" }),
  },
  (t) => [index("convenios_reciprocidad_idafi_idx").on(t.idafi)],
);

// Professionals (prestadores) and their colleges, providers (efectores) and liquidation entities (responsables).
import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";

/** Professional colleges (colegios). */
export const colegios = pgTable("colegios", {
  id: serial("id").primaryKey(),
  sptpmdescr: text("sptpmdescr").notNull().unique(),
});

/** Professional registry (Padrón de Profesionales). localida keeps the legacy spelling. */
export const prestadores = pgTable(
  "prestadores",
  {
    id: serial("id").primaryKey(),
    apellido: text("apellido").notNull(),
    nombre: text("nombre").notNull(),
    matricula: text("matricula").notNull(),
    colegioId: integer("colegio_id").references(() => colegios.id),
    especialidad: text("especialidad"),
    domicilio: text("domicilio"),
    localida: text("localida"),
    telefono: text("telefono"),
  },
  (t) => [
    index("prestadores_apellido_idx").using("btree", sql`lower(${t.apellido}) text_pattern_ops`),
    index("prestadores_nombre_idx").using("btree", sql`lower(${t.nombre}) text_pattern_ops`),
    index("prestadores_matricula_idx").on(t.matricula),
    index("prestadores_colegio_idx").on(t.colegioId),
  ],
);

/** Providers (efectores): code, licence numbers and the effector doctor as authorisations carry them. */
export const efectores = pgTable(
  "efectores",
  {
    id: serial("id").primaryKey(),
    codigo: text("codigo").notNull().unique(),
    matriculas: text("matriculas"),
    nommedefector: text("nommedefector"),
    matmedefector: text("matmedefector"),
  },
  (t) => [index("efectores_matmedefector_idx").on(t.matmedefector)],
);

/** Liquidation entities (about 90, seeded): name and CUIT. A provider user's usuario is this CUIT. */
export const responsables = pgTable("responsables", {
  id: serial("id").primaryKey(),
  nombre: text("nombre").notNull(),
  cuit: text("cuit").notNull().unique(),
});

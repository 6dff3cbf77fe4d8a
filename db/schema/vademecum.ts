// Medicine catalogue (Consulta de Vademecum).
import { sql } from "drizzle-orm";
import { index, pgTable, serial, text } from "drizzle-orm/pg-core";

/** Vademecum rows; searched by substring (>= 3 characters), hence the trigram indexes. */
export const vademecum = pgTable(
  "vademecum",
  {
    id: serial("id").primaryKey(),
    producto: text("producto").notNull(),
    presentacion: text("presentacion"),
    laboratorio: text("laboratorio"),
    droga: text("droga"),
    familia: text("familia"),
    cobertura: text("cobertura"),
    plan: text("plan"),
    tamanio: text("tamanio"),
  },
  (t) => [
    index("vademecum_producto_trgm_idx").using("gin", sql`${t.producto} gin_trgm_ops`),
    index("vademecum_droga_trgm_idx").using("gin", sql`${t.droga} gin_trgm_ops`),
  ],
);

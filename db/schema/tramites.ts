// Documents (expedientes / tramites) for the 'Consulta de Expedientes' screen.
import { date, index, integer, pgTable, serial, smallint, text } from "drizzle-orm/pg-core";

/**
 * Documents. tipo_documento: EXPEDIENTE, ACTUACION, NOTA, AFILIACION PARTICULAR,
 * ADHERIDOS POR CONVENIO, RECLAMO, SOBRE (not enforced: legacy data may carry others).
 */
export const tramites = pgTable(
  "tramites",
  {
    id: serial("id").primaryKey(),
    tipo_documento: text("tipo_documento").notNull(),
    nrotramite: integer("nrotramite").notNull(),
    anio: smallint("anio").notNull(),
    letra: text("letra"),
    extracto: text("extracto"),
    iniciador: text("iniciador"),
    /** Start date. */
    fecini: date("fecini", { mode: "string" }),
    area: text("area"),
    /** DNI of the member the document concerns, if any. */
    dni: text("dni"),
  },
  (t) => [
    index("tramites_nro_anio_idx").on(t.nrotramite, t.anio),
    index("tramites_dni_idx").on(t.dni),
    index("tramites_fecini_idx").on(t.fecini),
  ],
);

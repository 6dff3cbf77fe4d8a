// Filters of 'Consulta de Prácticas' (spec part 1 §2) and of its API (docs/decisions/008-practice-report-api.md),
// shared by the screen's loader and GET /api/practicas/informe[/listado]. Dates and the period rule (order, at most
// MAX_LISTADO_DAYS) are the app's own (app/lib/input.ts, app/lib/period.ts); here a blank date means today.
import { z } from "~/lib/zod";
import { todayISO } from "~/lib/dates";
import { blankToUndefined, optionalIsoDate } from "~/lib/input";
import { PERIODO_LISTADO, periodProblem } from "~/lib/period";
import { pagingShape } from "~/lib/table-state";

export const MAX_PRACTICAS = 200;
/** The practice list's page size, and the largest page its API serves (ADR 008; ~/lib/table-state). */
export const LISTADO_SIZE = 50;
export const MAX_LISTADO_SIZE = 200;

/** A calendar date that defaults to today (America/Argentina/Catamarca) when absent or blank. */
const dateOrToday = optionalIsoDate().transform((v) => v ?? todayISO());

/** A nomenclature code part (section, chapter, ...): letters and digits, short. */
const codePart = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} inválido` })
      .trim()
      .max(6, `${label}: hasta 6 caracteres`)
      .regex(/^[0-9A-Za-z]*$/, `${label}: solo letras y números`)
      .optional(),
  );

const filterShape = {
  descripcion: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "Descripción inválida" })
      .trim()
      .max(100, "La descripción no puede superar los 100 caracteres")
      .optional(),
  ),
  seccion: codePart("Sección"),
  capitulo: codePart("Capítulo"),
  subcapitulo: codePart("Subcapítulo"),
  secuencia: codePart("Secuencia"),
  subitem: codePart("Subitem"),
  origen: codePart("Origen"),
  fecha_desde: dateOrToday,
  fecha_hasta: dateOrToday,
  cobertura: z.preprocess(
    (v) => blankToUndefined(v) ?? "TODAS",
    z.union([z.literal("TODAS"), z.string().regex(/^\d{1,5}$/, "Cobertura inválida")], { error: "Cobertura inválida" }),
  ),
};

/** The listing period rule (app/lib/period.ts: the live database, not the snapshot), reported on fecha_hasta. */
function checkPeriod(f: { fecha_desde: string; fecha_hasta: string }, ctx: z.RefinementCtx) {
  const problem = periodProblem(f.fecha_desde, f.fecha_hasta, PERIODO_LISTADO);
  if (problem) ctx.addIssue({ code: "custom", path: ["fecha_hasta"], message: problem });
}

export const InformeFilterSchema = z.object(filterShape).superRefine(checkPeriod);
export type InformeFilter = z.infer<typeof InformeFilterSchema>;

export const ListadoFilterSchema = z
  .object({
    ...filterShape,
    practica: z
      .string({ error: "Debe indicar la práctica" })
      .trim()
      .min(1, "Debe indicar la práctica")
      .max(12, "Práctica inválida")
      .regex(/^[0-9A-Za-z]+$/, "Práctica inválida"),
    practica_subitem: z.preprocess(
      (v) => (v == null ? "" : v),
      z
        .string()
        .trim()
        .max(6, "Subitem de práctica inválido")
        .regex(/^[0-9A-Za-z]*$/, "Subitem de práctica inválido"),
    ),
    ...pagingShape({ size: LISTADO_SIZE, max: MAX_LISTADO_SIZE }),
  })
  .superRefine(checkPeriod);
export type ListadoFilter = z.infer<typeof ListadoFilterSchema>;

export type PracticaInforme = { practica: string; subitem: string; descpractica: string; cantidad: number };

export type AutorizacionListado = {
  nroautorizacion: number;
  fecha: string;
  nombreafiliado: string | null;
  dni: string | null;
  cobertura: number | null;
  gravdesgra: string | null;
  autorizo: string;
  modalidad: string;
  estado: string | null;
};

/** The filter keys kept in the URL (links to 'Ver Listado' and the pager carry them). */
export const FILTER_KEYS = Object.keys(filterShape) as (keyof typeof filterShape)[];

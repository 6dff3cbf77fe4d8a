// Filters of 'Consulta de Prácticas' (spec part 1 §2) and of its API (docs/decisions/008-practice-report-api.md),
// shared by the screen's loader and GET /api/practicas/informe[/listado].
import { z } from "zod";
import { todayISO } from "~/lib/dates";

export const MAX_RANGE_DAYS = 366;
export const MAX_PRACTICAS = 200;
export const LISTADO_SIZE = 50;
export const MAX_LISTADO_SIZE = 200;

export const RANGE_INVERTED = "La fecha desde no puede ser posterior a la fecha hasta";
export const RANGE_TOO_LONG = `El rango de fechas no puede superar los ${MAX_RANGE_DAYS} días`;
const BAD_DATE = "Fecha inválida (use el formato AAAA-MM-DD)";

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

function isCalendarDate(s: string): boolean {
  const [y, m, d] = s.split("-").map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** An ISO date that defaults to today (America/Argentina/Catamarca) when absent or blank. */
const dateToday = z.preprocess(
  blankToUndefined,
  z
    .string({ error: BAD_DATE })
    .max(10, BAD_DATE)
    .regex(/^\d{4}-\d{2}-\d{2}$/, BAD_DATE)
    .refine(isCalendarDate, BAD_DATE)
    .optional()
    .transform((v) => v ?? todayISO()),
);

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

export const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

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
  fecha_desde: dateToday,
  fecha_hasta: dateToday,
  cobertura: z.preprocess(
    (v) => blankToUndefined(v) ?? "TODAS",
    z.union([z.literal("TODAS"), z.string().regex(/^\d{1,5}$/, "Cobertura inválida")], { error: "Cobertura inválida" }),
  ),
};

type RangeLike = { fecha_desde: string; fecha_hasta: string };
function checkRange(f: RangeLike, ctx: z.RefinementCtx) {
  if (f.fecha_desde > f.fecha_hasta) ctx.addIssue({ code: "custom", path: ["fecha_hasta"], message: RANGE_INVERTED });
  else if (daysBetween(f.fecha_desde, f.fecha_hasta) >= MAX_RANGE_DAYS) {
    ctx.addIssue({ code: "custom", path: ["fecha_hasta"], message: RANGE_TOO_LONG });
  }
}

export const InformeFilterSchema = z.object(filterShape).superRefine(checkRange);
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
    page: z.preprocess(
      (v) => blankToUndefined(v) ?? "0",
      z
        .string()
        .regex(/^\d{1,6}$/, "Página inválida")
        .transform(Number),
    ),
    size: z.preprocess(
      (v) => blankToUndefined(v) ?? String(LISTADO_SIZE),
      z
        .string()
        .regex(/^\d{1,4}$/, "Tamaño de página inválido")
        .transform(Number)
        .pipe(
          z
            .number()
            .min(1, "Tamaño de página inválido")
            .max(MAX_LISTADO_SIZE, `Tamaño de página: hasta ${MAX_LISTADO_SIZE}`),
        ),
    ),
  })
  .superRefine(checkRange);
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

// Professional searches (spec part 2 §2 'Professional query', §3 Professional, §5 Professional search, §7, §9), one
// place for both: the Padrón de Profesionales (/padron-profesionales, GET /api/prestadores) and the statistics
// screens' search of a professional by name (buscar-prof-por-apeynom, 'Consumos por Efector'). Browser-safe.
// Decisions: docs/decisions/037-professional-registry.md (and 014 for the statistics search).
import { z } from "~/lib/zod";
import { blankToUndefined, queryFlag } from "~/lib/input";
import { pagingShape } from "~/lib/table-state";

/** Spec §5: the audit/professional lookups by name need a surname or a name. */
export const MSG_APELLIDO_O_NOMBRE = "Debe especificar un apellido o nombre";

/** Longest apellido / nombre a search accepts (both searches). */
export const MAX_NOMBRE = 60;
export const MSG_APELLIDO_LARGO = `El apellido admite hasta ${MAX_NOMBRE} caracteres`;
export const MSG_NOMBRE_LARGO = `El nombre admite hasta ${MAX_NOMBRE} caracteres`;

const text = (max: number, tooLong: string) =>
  z
    .preprocess(blankToUndefined, z.string({ error: tooLong }).trim().max(max, tooLong).optional())
    .transform((v) => v ?? "");

// ---- the statistics screens' search by name (buscar-prof-por-apeynom) ---------------------------------------

/** Professional search of the statistics screens: apellido and/or nombre, one of them non-blank (spec §5). */
export const BuscarProfSchema = z
  .object({
    apellido: text(MAX_NOMBRE, MSG_APELLIDO_LARGO),
    nombre: text(MAX_NOMBRE, MSG_NOMBRE_LARGO),
  })
  .superRefine((v, ctx) => {
    if (!v.apellido && !v.nombre) ctx.addIssue({ code: "custom", path: ["apellido"], message: MSG_APELLIDO_O_NOMBRE });
  });
export type BuscarProfFilter = z.infer<typeof BuscarProfSchema>;

// ---- the Padrón de Profesionales ----------------------------------------------------------------------------

export const SCREEN_PATH = "/padron-profesionales";
/** Spec §9: professionals page size 5, pages from 0. */
export const PAGE_SIZE = 5;
/** Rows one for_export answer carries at most (the bench registry has 5 000); beyond it a 422 asks for a filter. */
export const EXPORT_CAP = 10_000;
export const MAX_MATRICULA = 20;
export const MAX_COLEGIO = 100;
/** The Colegio select's 'every college' option (also an absent or blank colegio). */
export const TODOS = "TODOS";

export const MSG_MATRICULA_LARGA = `La matrícula admite hasta ${MAX_MATRICULA} caracteres`;
export const MSG_COLEGIO_INVALIDO = "El colegio no es válido";
export const MSG_EXPORT_CAP = (total: number) =>
  `La consulta encontró ${total} profesionales y supera el máximo de ${EXPORT_CAP} por exportación; agregue un filtro`;

/** Colegio: TODOS (or blank) = every college; a college id ('3') or its description ('COLEGIO MEDICO ...'). */
const colegio = z
  .string({ error: MSG_COLEGIO_INVALIDO })
  .optional()
  .transform((v) => (v ?? "").trim())
  .refine((v) => v.length <= MAX_COLEGIO, MSG_COLEGIO_INVALIDO)
  .transform((v): ColegioFilter => {
    if (v === "" || v.toUpperCase() === TODOS) return null;
    if (/^\d{1,9}$/.test(v)) return { id: Number(v) };
    return { descripcion: v };
  });
export type ColegioFilter = null | { id: number } | { descripcion: string };

const FilterShape = {
  nombre: text(MAX_NOMBRE, MSG_NOMBRE_LARGO),
  apellido: text(MAX_NOMBRE, MSG_APELLIDO_LARGO),
  matricula: text(MAX_MATRICULA, MSG_MATRICULA_LARGA),
  colegio,
};

/** The registry's filter. No field is required: only a colegio, or nothing at all, lists the registry paged. */
export const PadronFilterSchema = z.object(FilterShape);
export type PadronFilter = z.output<typeof PadronFilterSchema>;

/** GET /api/prestadores and the screen's URL: the filter, page (from 0), size (5 by default, 1..100), for_export. */
export const PadronQuerySchema = z.object({
  ...FilterShape,
  ...pagingShape({ size: PAGE_SIZE }),
  for_export: queryFlag(),
});
export type PadronQuery = z.output<typeof PadronQuerySchema>;

/** The filter as URL query pairs (what is set), for the pager's links. */
export function padronParams(f: PadronFilter): URLSearchParams {
  const p = new URLSearchParams();
  if (f.nombre) p.set("nombre", f.nombre);
  if (f.apellido) p.set("apellido", f.apellido);
  if (f.matricula) p.set("matricula", f.matricula);
  if (f.colegio) p.set("colegio", "id" in f.colegio ? String(f.colegio.id) : f.colegio.descripcion);
  return p;
}

/** The screen runs a search once the form was sent (any filter key in the URL, even blank). */
export function isSearch(params: URLSearchParams): boolean {
  return ["nombre", "apellido", "matricula", "colegio", "page"].some((k) => params.has(k));
}

// Filters, messages and limits of the voluntary affiliates list (/padron_voluntarios, spec part 2 §2, §3, §7;
// docs/decisions/039-voluntary-affiliates.md). One zod schema for the screen, the Excel download and the JSON API.
// No server code: screens may import it.
import { z } from "~/lib/zod";
import { pageParam } from "~/lib/table-state";
// Pure query module (not reporting/index, which loads DuckDB): browser-safe.
import { VOLUNTARIOS_ESTADOS, type VoluntariosEstado } from "~reporting/queries/voluntarios";

export { VOLUNTARIOS_ESTADOS, type VoluntariosEstado };
export type { VoluntarioListRow, VoluntarioRow } from "~reporting/queries/voluntarios";

export const SCREEN_PATH = "/padron_voluntarios";
export const EXPORT_PATH = "/padron_voluntarios/exportar.xlsx";
/** The Excel's sheet (spec §2) and file name. */
export const EXCEL_SHEET = "Listado Voluntarios";
export const EXCEL_FILENAME = "listado-voluntarios.xlsx";
/** Rows per page of the server table (without JavaScript). */
export const PAGE_SIZE = 20;
/** Longest search text: longer than any name, DNI or affiliate number. */
export const SEARCH_MAX = 100;

export const MSG_ESTADO = "Estado inválido: debe ser TODOS, ACTIVO o INACTIVO";
export const MSG_SEARCH_LARGO = `El texto de búsqueda admite hasta ${SEARCH_MAX} caracteres`;
export const MSG_SEARCH_CARACTERES =
  "El texto de búsqueda solo admite letras, números, espacios y los signos . , ' - _ % / º";
export const MSG_SIN_VOLUNTARIOS = "No se encontraron afiliados voluntarios";
export const MSG_ERROR_CONSULTA = "Error al obtener información";

/**
 * What a name, DNI or affiliate number can hold: letters (any accent), digits, spaces and . , ' - _ % / º ª.
 * Anything else (; = < > " \ * ( ) control characters…) is refused: no name carries it, and text that looks like
 * SQL or HTML gets a clear message instead of an empty list.
 */
const SEARCH_CHARS = /^[\p{L}\p{M}\p{N} .,'\-_%/ºª]*$/u;

const estadoParam = z
  .string({ error: MSG_ESTADO })
  .optional()
  .transform((v) => (v ?? "").trim().toUpperCase() || "TODOS")
  .refine((v): v is VoluntariosEstado => (VOLUNTARIOS_ESTADOS as readonly string[]).includes(v), MSG_ESTADO)
  .transform((v) => v as VoluntariosEstado);

const searchParam = z
  .string({ error: MSG_SEARCH_CARACTERES })
  .optional()
  .transform((v) => (v ?? "").trim())
  .refine((v) => v.length <= SEARCH_MAX, MSG_SEARCH_LARGO)
  .refine((v) => SEARCH_CHARS.test(v), MSG_SEARCH_CARACTERES);

/** GET /api/padron_voluntarios/full-view and the Excel download: estado (default TODOS) and search. */
export const VoluntariosQuerySchema = z.object({ estado: estadoParam, search: searchParam });
export type VoluntariosQuery = z.output<typeof VoluntariosQuerySchema>;

/** The screen: the same plus the page of the server table. */
export const VoluntariosScreenSchema = VoluntariosQuerySchema.extend({ page: pageParam() });

/** The query string of a search (estado always, search when given): the Excel link and the pager's links. */
export function voluntariosSearch(q: VoluntariosQuery): string {
  const p = new URLSearchParams({ estado: q.estado });
  if (q.search) p.set("search", q.search);
  return p.toString();
}

// The 'Importaciones' screen (issue 37, docs/decisions/068-registry-feed.md): its path, the status words, the paging
// and the one zod schema of its GET filters (estado, tabla) and of the report's id. Browser-safe: the screen's
// components read the words and the filter's values from here. Bad values are refused with a Spanish message, never
// clamped (ADR 050).
import { z } from "~/lib/zod";
import { positiveIntId } from "~/lib/input";
import { pagingShape } from "~/lib/table-state";

export const SCREEN_PATH = "/importaciones";

/** Rows per page (newest first). */
export const PAGE_SIZE = 20;

/** feed_importaciones.estado, as stored. */
export const ESTADOS = ["APLICADO", "SIN_CAMBIOS", "RECHAZADO", "ERROR"] as const;
export type Estado = (typeof ESTADOS)[number];

/** The words people read (the chip, the filter's options). */
export const ESTADO_TEXT: Record<Estado, string> = {
  APLICADO: "APLICADO",
  SIN_CAMBIOS: "SIN CAMBIOS",
  RECHAZADO: "RECHAZADO",
  ERROR: "ERROR",
};

/** The filters' 'every value' options (also accepted as an empty value). */
export const TODOS = "TODOS";
export const TODAS = "TODAS";

export const IMPORTACIONES_MSG = {
  estado: "El estado no es válido (APLICADO, SIN CAMBIOS, RECHAZADO o ERROR)",
  tabla: "La tabla no es válida",
  inexistente: "Importación inexistente",
  sinInforme: "La importación no tiene informe de rechazos",
} as const;

const raw = z.string().optional();

/** '' / TODOS → every status; else one of ESTADOS, as stored or as shown ('SIN CAMBIOS'), any case. */
const estado = raw
  .transform((v) => (v ?? "").trim().toUpperCase().replace(/\s+/g, "_"))
  .refine((v) => v === "" || v === TODOS || (ESTADOS as readonly string[]).includes(v), IMPORTACIONES_MSG.estado)
  .transform((v) => (v === "" || v === TODOS ? null : (v as Estado)));

/** '' / TODAS → every table; else a table's name (lower case, letters and '_'): an unknown one simply finds none. */
const tabla = raw
  .transform((v) => (v ?? "").trim().toLowerCase())
  .refine((v) => v === "" || v === TODAS.toLowerCase() || /^[a-z_]{1,63}$/.test(v), IMPORTACIONES_MSG.tabla)
  .transform((v) => (v === "" || v === TODAS.toLowerCase() ? null : v));

export const ImportacionesQuerySchema = z.object({ estado, tabla, ...pagingShape({ size: PAGE_SIZE }) });
export type ImportacionesQuery = z.output<typeof ImportacionesQuerySchema>;

/** The filter keys of the form, in its order. */
export const IMPORTACIONES_FILTERS = ["estado", "tabla"] as const;

/** The filter as URL query pairs (only what is set), for the pager's links. */
export function importacionesParams(q: Pick<ImportacionesQuery, "estado" | "tabla">): URLSearchParams {
  const p = new URLSearchParams();
  if (q.estado) p.set("estado", q.estado);
  if (q.tabla) p.set("tabla", q.tabla);
  return p;
}

/** The id in /importaciones/:id/rechazos.csv. */
export const InformeParamsSchema = z.object({ id: positiveIntId(IMPORTACIONES_MSG.inexistente) });

/** The address of an import's refusal report. */
export function informeUrl(id: number): string {
  return `${SCREEN_PATH}/${id}/rechazos.csv`;
}

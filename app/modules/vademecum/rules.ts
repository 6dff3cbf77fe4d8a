// 'Consulta de Vademecum' (spec part 2 §2, §3, §5, §8, §9; docs/decisions/036-documents-and-vademecum.md): the
// filters, the 3-character rule, paging constants and the dialog's texts, shared by the screen (checked in the
// browser before any request), the loader and GET /api/vademecum/ (checked again: no query runs without it). Pure.
import { MSG_PAGE, MSG_SIZE } from "~/lib/table-state";

/** Page size (spec §9; pages start at 0). */
export const PAGE_SIZE = 5;
/** Minimum characters of at least one filter (spec §5, §9). */
export const MIN_CHARS = 3;
/** Longest filter value. */
export const MAX_FILTRO = 100;

/** The dialog of the 3-character rule (spec §5, §8), word for word. */
export const FILTROS_VACIOS_TITULO = "Los filtros no pueden estar vacios";
export const FILTROS_VACIOS_TEXTO = "Es necesario completar al menos un campo con al menos 3 caracteres";

/** The text filters (spec §3), in the form's order. */
export const VADEMECUM_FILTROS = [
  "producto",
  "presentacion",
  "laboratorio",
  "droga",
  "familia",
  "cobertura",
  "plan",
  "tamanio",
] as const;
export type VademecumFiltro = (typeof VADEMECUM_FILTROS)[number];
export type VademecumFilters = Partial<Record<VademecumFiltro, string | null | undefined>>;

/** Labels of the filters on screen. */
export const FILTRO_LABELS: Record<VademecumFiltro, string> = {
  producto: "Producto",
  presentacion: "Presentación",
  laboratorio: "Laboratorio",
  droga: "Droga",
  familia: "Familia",
  cobertura: "Cobertura",
  plan: "Plan",
  tamanio: "Tamaño",
};

export const VADEMECUM_MSG = {
  filtro: (label: string) => `El campo ${label} no puede superar los ${MAX_FILTRO} caracteres`,
  page: MSG_PAGE,
  size: MSG_SIZE,
  search: "El valor de search no es válido",
} as const;

/** True when at least one filter has MIN_CHARS or more characters (surrounding spaces do not count). */
export function filtrosSuficientes(filters: VademecumFilters): boolean {
  return VADEMECUM_FILTROS.some((k) => [...(filters[k] ?? "").trim()].length >= MIN_CHARS);
}

/** A row of the results (spec §3 Vademecum row). */
export type VademecumRow = {
  producto: string;
  presentacion: string | null;
  laboratorio: string | null;
  droga: string | null;
  familia: string | null;
  cobertura: string | null;
  plan: string | null;
};

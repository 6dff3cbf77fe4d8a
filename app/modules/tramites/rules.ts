// 'Consulta de Expedientes' (spec part 2 §2, §3, §9; docs/decisions/036-documents-and-vademecum.md): the document
// types, the paging bounds and the messages, shared by the screen, the schema and GET /api/tramite. Pure.

import { TIPOS_DOCUMENTO } from "~db/reference";
import { MSG_PAGE, MSG_SIZE } from "~/lib/table-state";

/** Document types (spec §9), in the spec's order: one list, with the reference data (db/reference.ts). */
export { TIPOS_DOCUMENTO };
export type TipoDocumento = (typeof TIPOS_DOCUMENTO)[number];

/** The type select's 'every type' option (also accepted as an empty value). */
export const TODOS = "TODOS";

/** Rows per page on screen and the API's default (the API may ask for up to ~/lib/table-state's MAX_PAGE_SIZE). */
export const PAGE_SIZE = 20;
/** Longest text filter (initiator, extract). */
export const MAX_TEXTO = 100;
export const MAX_LETRA = 5;
export const MIN_ANIO = 1900;
export const MAX_ANIO = 2100;

export const TRAMITE_MSG = {
  tipo: "El tipo de documento no es válido",
  nrotramite: "El número debe ser un número entero positivo (hasta 9 dígitos)",
  anio: `El año debe ser un número de 4 dígitos entre ${MIN_ANIO} y ${MAX_ANIO}`,
  letra: `La letra no puede superar los ${MAX_LETRA} caracteres`,
  texto: (campo: string) => `El ${campo} no puede superar los ${MAX_TEXTO} caracteres`,
  page: MSG_PAGE,
  size: MSG_SIZE,
} as const;

/** One row of the results (spec §3 Document search result). fecini is ISO yyyy-mm-dd or null. */
export type TramiteRow = {
  id: number;
  tipo_documento: string;
  nrotramite: number;
  anio: number;
  letra: string | null;
  extracto: string | null;
  iniciador: string | null;
  fecini: string | null;
  area: string | null;
};

/** The number as staff write it: 'nro/anio' and the letter when there is one (e.g. '1234/2024 - O'). */
export function numeroCompleto(r: Pick<TramiteRow, "nrotramite" | "anio" | "letra">): string {
  return `${r.nrotramite}/${r.anio}${r.letra ? ` - ${r.letra}` : ""}`;
}

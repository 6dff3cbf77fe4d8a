import { formatCount } from "~/lib/numbers";
// Padrón de Planes rules (spec part 1 §4, §8, §9; docs/decisions/040-padron-de-planes.md). Pure: the screen, the
// exports and the JSON API use them alike.

/** Page size of the enrolment list (spec part 1 §9). */
export const PAGE_SIZE = 20;
/** Default coverage (spec part 1 §7, §9): PLAN MATERNO INFANTIL. */
export const DEFAULT_COBERTURA = 53;
/** Rows the screen shows at most when paging is hidden (inactive-only or expired-only); the exports have them all. */
export const UNPAGED_MAX_ROWS = 1_000;
/** Rows a PDF may hold (A3 landscape, about 45 rows a page: some 110 pages); beyond, the Excel export. */
export const PDF_MAX_ROWS = 5_000;
/** Rows GET /api/enrolamiento/enrolamientos/?for_export=true answers at most (a 422 beyond: use the Excel). */
export const API_EXPORT_MAX_ROWS = 100_000;
/** How long an enrolment error stays on screen (spec part 1 §8). */
export const ERROR_MS = 5_000;

export const SCREEN_PATH = "/consultar-padron-onco";
export const XLSX_PATH = "/consultar-padron-onco/exportar.xlsx";
export const PDF_PATH = "/consultar-padron-onco/report.pdf";

export const MSG_VENCIDOS_Y_ACTIVOS =
  "No se pueden combinar Enrolamientos Vencidos y Enrolamientos Activos: elija uno de los dos";
export const msgCoberturaInexistente = (cod: number) => `La cobertura ${cod} no existe`;
export const msgPdfDemasiadasFilas = (total: number) =>
  `El PDF admite hasta ${formatCount(PDF_MAX_ROWS)} filas y la búsqueda tiene ` +
  `${formatCount(total)}: refine los filtros o use Exportar a Excel, que no tiene límite.`;
export const msgApiDemasiadasFilas = (total: number) =>
  `La exportación tiene ${total} filas y supera el máximo de ${API_EXPORT_MAX_ROWS} de la API; use la exportación ` +
  `a Excel (${XLSX_PATH})`;
export const msgSinPaginar = (shown: number, total: number) =>
  `Se muestran las primeras ${formatCount(shown)} de ${formatCount(total)} filas: ` +
  "para la lista completa use Exportar a Excel o refine los filtros.";

export type EnrolmentFlags = {
  ver_solo_afi_inactivo: boolean;
  ver_solo_enrolamiento_vencido: boolean;
  ver_solo_enrolamiento_activo: boolean;
};

/** Vencidos and Activos are mutually exclusive (spec part 1 §4). */
export function flagsConflict(f: EnrolmentFlags): boolean {
  return f.ver_solo_enrolamiento_vencido && f.ver_solo_enrolamiento_activo;
}

/** Paging is hidden when inactive-only or expired-only is on (spec part 1 §4): the list is shown whole (capped). */
export function pagingHidden(f: EnrolmentFlags): boolean {
  return f.ver_solo_afi_inactivo || f.ver_solo_enrolamiento_vencido;
}

/** Rows of inactive members or ended enrolments show red. */
export function enrolmentRowIsRed(r: { estado: "ACTIVO" | "INACTIVO"; vencido: boolean }): boolean {
  return r.estado === "INACTIVO" || r.vencido;
}

/** The full name shown: surname, given names. */
export function fullName(r: { baperapell: string | null; bapernombr: string | null }): string {
  return [r.baperapell?.trim(), r.bapernombr?.trim()].filter(Boolean).join(" ");
}

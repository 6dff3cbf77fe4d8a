// Filters, messages, limits and column labels of the pre-settlement query (/liquidacion-prestadores, spec part 2
// §2, §5, §7, §8, §9; decisions in docs/decisions/015-pre-settlement.md). No server code: screens may import it.
import { z } from "~/lib/zod";
import { listadoPeriodSchema } from "~/lib/period";
import { pageParam } from "~/lib/table-state";
// The field list is imported from the pure query module (not reporting/index, which loads DuckDB): browser-safe.
import { LIQUIDACION_FIELDS, type LiquidacionRow } from "~reporting/queries/liquidacion";
import { formatCount } from "~/lib/numbers";

export { LIQUIDACION_FIELDS, type LiquidacionRow };

export const SCREEN_PATH = "/liquidacion-prestadores";
export const CSV_PATH = "/liquidacion-prestadores/liquidacion.csv";
/** 'Exportar a PDF' of the search (docs/decisions/057-statistics-pdfs.md). */
export const PDF_PATH = "/liquidacion-prestadores/report.pdf";
/** The file name of the Excel download (spec §9: a CSV file named liquidacion). */
export const CSV_FILENAME = "liquidacion.csv";
export const MSG_ERROR_CONSULTA = "Error en la consulta";
export const MSG_FECHAS_REQUERIDAS = "Debe indicar Fecha Desde y Fecha Hasta";
export const MSG_RESPONSABLE_REQUERIDO = "Debe seleccionar un responsable";
export const MSG_RESPONSABLE_NO_PERMITIDO = "No tiene permiso para consultar la liquidación de ese responsable";
export const MSG_EXPORT_EXCEL = "exportExcel debe ser true o false";

/** Rows the screen's table receives (the CSV always carries every row). */
export const SCREEN_MAX_ROWS = 2_000;
/** Rows the JSON API answers at most; above it, 422 asking for the CSV (exportExcel=true). */
export const API_MAX_ROWS = 50_000;
/** Rows per page of the table (AG Grid and the server-rendered pager). */
export const PAGE_SIZE = 20;
/** The page of the screen's server-rendered table (~/lib/table-state: a bad one is refused with its message). */
export const LiquidacionPaginaSchema = z.object({ page: pageParam() });

export const msgDemasiadasFilas = (total: number) =>
  `La consulta devuelve ${formatCount(total)} filas (máximo ${formatCount(API_MAX_ROWS)} en JSON): use exportExcel=true para descargarla como CSV`;
export const msgFilasRecortadas = (shown: number, total: number) =>
  `Se muestran las primeras ${formatCount(shown)} de ${formatCount(total)} filas: descargue el Excel para verlas todas`;

/** Column labels on screen, in the spec's order (§2), keyed by the liquidation row fields (§3). */
export const LIQUIDACION_LABELS: Record<(typeof LIQUIDACION_FIELDS)[number], string> = {
  nroautorizacion: "Nro. Autorización",
  fecha: "Fecha",
  practica: "Práctica",
  subitem: "Subitem",
  montoauthonorario: "Honorario",
  montoautgasto: "Gasto",
  numautreferenciada: "Nro. Transferencia",
  matmedefector: "Efector",
  nroafiliado: "Nro. Afiliado",
  nombreafiliado: "Nombre",
  cuil: "CUIL",
  cantidad: "Cantidad",
  estadoambint: "Estado Amb/Int",
  cobertura: "Cobertura",
  descpractica: "Descripción Práctica",
  usuarioautorizacion: "Usuario Autorización",
  modalidad: "Modalidad",
  hora: "Hora",
  autorizo: "Autorizó",
  responsable: "Responsable",
  entidad: "Entidad",
  anulado: "Anulado",
  autoken: "Autoken",
};

const MSG_RESPONSABLE_INVALIDO = "Responsable inválido";

/** The responsable's CUIT as sent (trimmed); whether the user may see it is decided by ./rules in the module. */
const ResponsableSchema = z
  .string({ error: MSG_RESPONSABLE_REQUERIDO })
  .trim()
  .min(1, MSG_RESPONSABLE_REQUERIDO)
  .max(64, MSG_RESPONSABLE_INVALIDO);

/** exportExcel: true/1 or false/0 (any case); absent or blank → false. */
const ExportExcelSchema = z
  .preprocess(
    (v) => (v === undefined || v === "" ? "false" : typeof v === "string" ? v.trim().toLowerCase() : v),
    z.enum(["true", "false", "1", "0"], { error: MSG_EXPORT_EXCEL }),
  )
  .transform((v) => v === "true" || v === "1");

/**
 * The query of the screen, the CSV route and the API alike: the period (rows of a settlement: a listing, at most 366
 * days), the responsable and exportExcel.
 */
export const LiquidacionQuerySchema = z.intersection(
  listadoPeriodSchema("fecha_desde", "fecha_hasta", MSG_FECHAS_REQUERIDAS),
  z.object({ responsable: ResponsableSchema, exportExcel: ExportExcelSchema }),
);
export type LiquidacionQuery = z.output<typeof LiquidacionQuerySchema>;

/** The query string of a search (screen links, the Excel link). */
export function liquidacionSearch(
  q: { fecha_desde: string; fecha_hasta: string; responsable: string },
  extra: Record<string, string> = {},
): string {
  const p = new URLSearchParams({
    fecha_desde: q.fecha_desde,
    fecha_hasta: q.fecha_hasta,
    responsable: q.responsable,
    ...extra,
  });
  return p.toString();
}

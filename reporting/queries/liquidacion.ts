// Pre-settlement (preliquidación, spec part 2 §2/§3): the authorisations of one responsable (by CUIT) in a
// period, voided ones included (anulado is a column), ordered by fecha, hora, nroautorizacion. The 23 fields of
// the liquidation row in the spec's order. `copyLiquidacionCsv` writes the same rows as the CSV export's records
// with DuckDB's own writer (docs/decisions/041).
import type { SnapshotReader } from "~reporting/store";

/** The liquidation row fields, in the spec's column order (part 2 §2 / §3). */
export const LIQUIDACION_FIELDS = [
  "nroautorizacion",
  "fecha",
  "practica",
  "subitem",
  "montoauthonorario",
  "montoautgasto",
  "numautreferenciada",
  "matmedefector",
  "nroafiliado",
  "nombreafiliado",
  "cuil",
  "cantidad",
  "estadoambint",
  "cobertura",
  "descpractica",
  "usuarioautorizacion",
  "modalidad",
  "hora",
  "autorizo",
  "responsable",
  "entidad",
  "anulado",
  "autoken",
] as const;

export type LiquidacionRow = {
  nroautorizacion: number;
  /** 'YYYY-MM-DD' */
  fecha: string;
  practica: string;
  subitem: string | null;
  /** Exact money as a decimal string ('1234.50'). */
  montoauthonorario: string | null;
  montoautgasto: string | null;
  /** The "transfer number". */
  numautreferenciada: number | null;
  /** The "effector" (its licence number). */
  matmedefector: string | null;
  nroafiliado: string | null;
  nombreafiliado: string | null;
  cuil: string | null;
  cantidad: number;
  estadoambint: string | null;
  cobertura: number | null;
  descpractica: string | null;
  usuarioautorizacion: string | null;
  modalidad: string;
  /** 'HH:MM:SS' */
  hora: string | null;
  autorizo: string;
  responsable: string | null;
  entidad: string | null;
  anulado: boolean;
  autoken: string | null;
};

export type LiquidacionFilter = {
  /** 'YYYY-MM-DD', both inclusive. */
  desde: string;
  hasta: string;
  /** cuit_responsable exactly as stored ('30-12345678-9'). */
  cuit: string;
};

const WHERE = `FROM autorizaciones
  WHERE fecha BETWEEN CAST($desde AS DATE) AND CAST($hasta AS DATE) AND cuit_responsable = $cuit`;
const ORDER = "ORDER BY fecha, hora NULLS LAST, nroautorizacion, id";
const SELECT = `SELECT ${LIQUIDACION_FIELDS.join(", ")} ${WHERE} ${ORDER}`;

const params = (f: LiquidacionFilter) => ({ desde: f.desde, hasta: f.hasta, cuit: f.cuit });

/** The rows of the filter; `limit` caps what comes back (the caller counts first when it must know the total). */
export function liquidacionRows(
  reader: SnapshotReader,
  f: LiquidacionFilter,
  limit?: number,
): Promise<LiquidacionRow[]> {
  if (limit === undefined) return reader.all<LiquidacionRow>(SELECT, params(f));
  return reader.all<LiquidacionRow>(`${SELECT} LIMIT $limit`, { ...params(f), limit: Math.max(0, Math.floor(limit)) });
}

/** How many rows the filter selects. */
export async function liquidacionCount(reader: SnapshotReader, f: LiquidacionFilter): Promise<number> {
  const [row] = await reader.all<{ n: number }>(`SELECT count(*)::INTEGER AS n ${WHERE}`, params(f));
  return row?.n ?? 0;
}

// ---- CSV (docs/decisions/015, 028, 041): the cells formatted in SQL, the file written by DuckDB ------------------

/** The text fields: formula guard, then quoting. Every other field is a number, a date, money, a time or SI/NO. */
export const LIQUIDACION_TEXT_FIELDS: ReadonlySet<string> = new Set([
  "practica",
  "subitem",
  "matmedefector",
  "nroafiliado",
  "nombreafiliado",
  "cuil",
  "estadoambint",
  "descpractica",
  "usuarioautorizacion",
  "modalidad",
  "autorizo",
  "responsable",
  "entidad",
  "autoken",
]);

/**
 * A text that a spreadsheet would read as a formula (it starts with = + - @, a tab or a carriage return: code points
 * 61 43 45 64 9 13) gets a leading single quote, so Excel shows it as text (docs/decisions/028).
 */
const formulaGuard = (col: string) =>
  `CASE WHEN ascii(${col}) IN (61, 43, 45, 64, 9, 13) THEN '''' || ${col} ELSE ${col} END`;

/**
 * A text cell is quoted when it holds the separator ';', a '"' (doubled inside) or a CRLF; a lone LF or CR stays
 * bare, as the row-by-row writer (csv-stringify with CRLF records) wrote it. NULL stays NULL.
 */
const quoted = (col: string) =>
  `CASE WHEN contains(${col}, ';') OR contains(${col}, '"') OR contains(${col}, chr(13) || chr(10))
        THEN '"' || replace(${col}, '"', '""') || '"' ELSE ${col} END`;

/** Each non-text field as its cell text (NULL = empty cell). */
const OTHER_CELLS: Record<string, string> = {
  // numbers as plain digits with their sign
  nroautorizacion: "CAST(nroautorizacion AS VARCHAR)",
  numautreferenciada: "CAST(numautreferenciada AS VARCHAR)",
  cantidad: "CAST(cantidad AS VARCHAR)",
  cobertura: "CAST(cobertura AS VARCHAR)",
  // dd/mm/yyyy; the legacy "no date" 0001-01-01 is an empty cell
  fecha: "CASE WHEN fecha <> DATE '0001-01-01' THEN strftime(fecha, '%d/%m/%Y') END",
  // money for Excel es-AR: decimal comma, no thousands separator ('1234,50', '-0,50')
  montoauthonorario: "replace(CAST(montoauthonorario AS VARCHAR), '.', ',')",
  montoautgasto: "replace(CAST(montoautgasto AS VARCHAR), '.', ',')",
  // HH:MM:SS (a fraction of a second as stored)
  hora: "CAST(hora AS VARCHAR)",
  anulado: "CASE WHEN anulado THEN 'SI' WHEN NOT anulado THEN 'NO' END",
};

/**
 * One CSV record per row: the cells joined by ';' (concat writes NULL as nothing), in the liquidation order. The
 * inner query guards the text fields once; the outer one quotes them and joins the record.
 */
const CSV_RECORDS = `SELECT concat(${LIQUIDACION_FIELDS.map((f) => (LIQUIDACION_TEXT_FIELDS.has(f) ? quoted(f) : OTHER_CELLS[f])).join(", ';', ")}) AS r
  FROM (SELECT id, ${LIQUIDACION_FIELDS.map((f) => (LIQUIDACION_TEXT_FIELDS.has(f) ? `${formulaGuard(f)} AS ${f}` : f)).join(", ")} ${WHERE})
  ${ORDER}`;

/** The CSV header record: the spec's field names (none needs quoting), CRLF. */
export const LIQUIDACION_CSV_HEADER = `${LIQUIDACION_FIELDS.join(";")}\r\n`;

/**
 * Writes the filter's rows as CSV records (no BOM, no header) into `file` with DuckDB's own writer: each record is
 * one pre-formatted column written verbatim (no quote or escape character: the cells are quoted above), CRLF after
 * each. Returns the number of records.
 */
export async function copyLiquidacionCsv(reader: SnapshotReader, f: LiquidacionFilter, file: string): Promise<number> {
  const target = `'${file.replaceAll("'", "''")}'`;
  const [row] = await reader.all<{ Count: number }>(
    `COPY (${CSV_RECORDS}) TO ${target} (FORMAT csv, HEADER false, QUOTE '', ESCAPE '', NEW_LINE '\\r\\n')`,
    params(f),
  );
  return Number(row?.Count ?? 0);
}

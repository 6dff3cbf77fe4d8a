// Pre-settlement (preliquidación, spec part 2 §2/§3): the authorisations of one responsable (by CUIT) in a
// period, voided ones included (anulado is a column), ordered by fecha, hora, nroautorizacion. The 23 fields of
// the liquidation row in the spec's order. `liquidacionBatches` streams the same rows for the CSV export.
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

/** The same rows in batches (exports): never the whole month in memory. */
export function liquidacionBatches(
  reader: SnapshotReader,
  f: LiquidacionFilter,
  batchRows = 5_000,
): AsyncGenerator<LiquidacionRow[]> {
  return reader.batches<LiquidacionRow>(SELECT, params(f), batchRows);
}

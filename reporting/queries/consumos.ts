// Provider consumption ('Consulta de Consumos de Prestadores', spec part 2 §2, §3, §7) on the snapshot.
// What counts as a consumption, the ranking's columns and limits: docs/decisions/014-provider-consumption.md.
// Every query filters on `fecha` first (a plain range on the DATE column, so DuckDB's zone maps skip the row
// groups outside the period) and binds every value as a parameter.
import type { SnapshotReader } from "~reporting/store";

/** A consumption: an authorisation of the efector, not annulled, authorised. */
const CONSUMIDA = `NOT anulado AND trim(autorizo) = 'AUTORIZADA'`;
const PERIODO = `fecha BETWEEN CAST($desde AS DATE) AND CAST($hasta AS DATE)`;

/** Rows of the drill-down at most (the list says when there are more). */
export const MAX_LISTADO_CONSUMOS = 5000;
/** Efectores in the ranking. */
export const MAX_RANKING_CONSUMOS = 100;

export type PeriodoConsumos = { fecha_desde: string; fecha_hasta: string };
export type ConsumosEfectorFilter = PeriodoConsumos & { codigo_efector: string };
export type ListadoConsumosFilter = ConsumosEfectorFilter & { practica: string; subitem?: string | null };

/** Provider consumption (§3): one row per practice (code + subitem) the efector provided in the period. */
export type ConsumoPractica = {
  /** Units of the practice consumed: the sum of `cantidad` of its authorisations. */
  cant_practica: number;
  /** Authorisations behind them. */
  cant_autorizaciones: number;
  practica: string;
  subitem: string;
  descpractica: string;
};

/** Consumed authorisation (§3). fechahora: 'YYYY-MM-DD HH:MM:SS' (local wall clock), or 'YYYY-MM-DD' without hora. */
export type AutorizacionConsumida = {
  nroautorizacion: number;
  nroafiliado: string | null;
  nombreafiliado: string | null;
  fechahora: string;
  /** Exact money as a decimal string ('1500.00'), null when the authorisation has none. */
  coseguro: string | null;
  modalidad: string;
  entidad: string | null;
  cantidad: number;
};

export type RankingConsumo = {
  posicion: number;
  codigo: string;
  nommedefector: string | null;
  matmedefector: string | null;
  cant_autorizaciones: number;
  cant_practicas: number;
  /** Sum of coseguro (decimal string). */
  total_coseguro: string;
  /** Sum of montoauthonorario + montoautgasto (decimal string). */
  total_importe: string;
};

/** Practices the efector provided in the period, most consumed first. Unknown code → []. */
export function consumosPorEfector(reader: SnapshotReader, f: ConsumosEfectorFilter): Promise<ConsumoPractica[]> {
  return reader.all<ConsumoPractica>(
    `SELECT CAST(sum(cantidad) AS BIGINT) AS cant_practica,
            CAST(count(*) AS BIGINT) AS cant_autorizaciones,
            practica,
            coalesce(subitem, '') AS subitem,
            coalesce(max(descpractica), '') AS descpractica
       FROM autorizaciones
      WHERE ${PERIODO} AND codigo_efector = $codigo AND ${CONSUMIDA}
      GROUP BY practica, coalesce(subitem, '')
      ORDER BY cant_practica DESC, practica, subitem`,
    { desde: f.fecha_desde, hasta: f.fecha_hasta, codigo: f.codigo_efector },
  );
}

/**
 * The consumed authorisations of one practice of the efector in the period, oldest first; at most
 * MAX_LISTADO_CONSUMOS (truncado says there were more). Without subitem, every subitem of the code.
 */
export async function listadoConsumosPorEfector(
  reader: SnapshotReader,
  f: ListadoConsumosFilter,
): Promise<{ rows: AutorizacionConsumida[]; truncado: boolean }> {
  const bySubitem = f.subitem != null;
  const rows = await reader.all<AutorizacionConsumida>(
    `SELECT nroautorizacion, nroafiliado, nombreafiliado,
            CASE WHEN hora IS NULL THEN strftime(fecha, '%Y-%m-%d')
                 ELSE strftime(fecha + hora, '%Y-%m-%d %H:%M:%S') END AS fechahora,
            CAST(coseguro AS VARCHAR) AS coseguro, modalidad, entidad, cantidad
       FROM autorizaciones
      WHERE ${PERIODO} AND codigo_efector = $codigo AND ${CONSUMIDA}
        AND practica = $practica ${bySubitem ? "AND coalesce(subitem, '') = $subitem" : ""}
      ORDER BY fecha, hora NULLS FIRST, nroautorizacion
      LIMIT ${MAX_LISTADO_CONSUMOS + 1}`,
    {
      desde: f.fecha_desde,
      hasta: f.fecha_hasta,
      codigo: f.codigo_efector,
      practica: f.practica,
      ...(bySubitem ? { subitem: f.subitem ?? "" } : {}),
    },
  );
  return { rows: rows.slice(0, MAX_LISTADO_CONSUMOS), truncado: rows.length > MAX_LISTADO_CONSUMOS };
}

/**
 * The MAX_RANKING_CONSUMOS efectores with the most practices consumed in the period (ties: more
 * authorisations, then the code). Name and licence from `efectores`, else from their authorisations.
 */
export function rankingConsumosPorEfector(reader: SnapshotReader, f: PeriodoConsumos): Promise<RankingConsumo[]> {
  return reader.all<RankingConsumo>(
    `WITH c AS (
       SELECT codigo_efector AS codigo,
              count(*) AS cant_autorizaciones,
              sum(cantidad) AS cant_practicas,
              sum(coalesce(coseguro, 0)) AS total_coseguro,
              sum(coalesce(montoauthonorario, 0) + coalesce(montoautgasto, 0)) AS total_importe,
              max(nommedefector) AS nommedefector,
              max(matmedefector) AS matmedefector
         FROM autorizaciones
        WHERE ${PERIODO} AND codigo_efector IS NOT NULL AND ${CONSUMIDA}
        GROUP BY codigo_efector
        ORDER BY cant_practicas DESC, cant_autorizaciones DESC, codigo
        LIMIT ${MAX_RANKING_CONSUMOS}
     )
     SELECT CAST(row_number() OVER (ORDER BY c.cant_practicas DESC, c.cant_autorizaciones DESC, c.codigo) AS BIGINT) AS posicion,
            c.codigo,
            coalesce(e.nommedefector, c.nommedefector) AS nommedefector,
            coalesce(e.matmedefector, c.matmedefector) AS matmedefector,
            CAST(c.cant_autorizaciones AS BIGINT) AS cant_autorizaciones,
            CAST(c.cant_practicas AS BIGINT) AS cant_practicas,
            CAST(CAST(c.total_coseguro AS DECIMAL(18, 2)) AS VARCHAR) AS total_coseguro,
            CAST(CAST(c.total_importe AS DECIMAL(18, 2)) AS VARCHAR) AS total_importe
       FROM c LEFT JOIN (SELECT codigo, max(nommedefector) AS nommedefector, max(matmedefector) AS matmedefector
                           FROM efectores GROUP BY codigo) e ON e.codigo = c.codigo
      ORDER BY posicion`,
    { desde: f.fecha_desde, hasta: f.fecha_hasta },
  );
}

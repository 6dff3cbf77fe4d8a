// Provider consumption on the reporting snapshot (spec part 2 §2, §3, §7): the practices one efector provided
// in a period, the authorisations behind one practice, and the ranking of efectores. Inputs are already
// validated (consumos.schema.ts); every value reaches DuckDB as a bound parameter. Without a snapshot the
// answer is { ok: false, msg } (screen: popup; API: 503).
// Definitions: docs/decisions/014-provider-consumption.md.
import {
  consumosPorEfector,
  listadoConsumosPorEfector,
  rankingConsumosPorEfector,
  type AutorizacionConsumida,
  type ConsumoPractica,
  type RankingConsumo,
} from "~reporting/index";
import { fromSnapshot, type ReportResult } from "~/modules/reporting/snapshot.server";
import type { ConsumosEfectorInput, ListadoConsumosInput, RankingConsumosInput } from "./consumos.schema";

export type { AutorizacionConsumida, ConsumoPractica, RankingConsumo };
/** Practices of the efector in the period, most consumed first ([] for an unknown code). */
export function consumosEfector(f: ConsumosEfectorInput): Promise<ReportResult<ConsumoPractica[]>> {
  return fromSnapshot((reader) => consumosPorEfector(reader, f));
}

/** The consumed authorisations of one practice (all its subitems when subitem is absent). */
export function listadoConsumos(
  f: ListadoConsumosInput,
): Promise<ReportResult<{ rows: AutorizacionConsumida[]; truncado: boolean }>> {
  return fromSnapshot((reader) =>
    listadoConsumosPorEfector(reader, {
      codigo_efector: f.codigo_efector,
      fecha_desde: f.fecha_desde,
      fecha_hasta: f.fecha_hasta,
      practica: f.practica,
      subitem: f.subitem ?? null,
    }),
  );
}

/** The top efectores of the period. */
export function rankingConsumos(f: RankingConsumosInput): Promise<ReportResult<RankingConsumo[]>> {
  return fromSnapshot((reader) => rankingConsumosPorEfector(reader, f));
}

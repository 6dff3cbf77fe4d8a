// 'Listado' of the pre-settlement query (spec part 2 §2): the 23 columns of ../liquidacion.columns.ts, paging, sorting and the local filter
// through the one DataGrid (docs/decisions/059): AG Grid with JavaScript, the server table without.
import { useMemo } from "react";
import { DataGrid, type Column } from "~/components/ui";
import { PAGE_SIZE, type LiquidacionRow } from "~/modules/prestadores/liquidacion.schema";
import { PRELIQUIDACION } from "~/modules/prestadores/liquidacion.columns";
import { gridColumns } from "~/modules/reporting/report-columns";

const LIQUIDACION_COLUMNS = gridColumns(PRELIQUIDACION.columns);

/**
 * The Listado: every row of the search to the DataGrid, which pages (20 a page), sorts and filters ('Filtrar') them:
 * live with JavaScript, through the URL (?page=, ?sort=, ?filtro=) without, by the same rules.
 */
export function LiquidacionListado({ rows }: { rows: LiquidacionRow[] }) {
  // Row ids for the grid: the same authorisation number can repeat (one row per practice line).
  const keyed = useMemo(() => rows.map((r, i) => ({ ...r, _i: i })), [rows]);
  return (
    <div className="liq-listado">
      <h3 id="liq-listado-title" className="liq-listado-title">
        Listado
      </h3>
      <DataGrid
        caption={PRELIQUIDACION.title}
        columns={LIQUIDACION_COLUMNS as Column<LiquidacionRow & { _i: number }>[]}
        rows={keyed}
        rowKey="_i"
        rowClassName={(r) => (r.anulado ? "ui-row--danger" : undefined)}
        pageSize={PAGE_SIZE}
        pageSizeOptions={[20, 50, 100]}
        pagerLabel="Páginas del listado"
        height={620}
        className="liq-grid"
      />
    </div>
  );
}

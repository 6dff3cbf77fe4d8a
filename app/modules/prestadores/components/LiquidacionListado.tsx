// 'Listado' of the pre-settlement query (spec part 2 §2): the 23 columns, paging, sorting and the local filter
// through the one DataGrid (docs/decisions/059): AG Grid with JavaScript, the server table without.
import { useMemo } from "react";
import { DataGrid, type Column } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { formatPesos } from "~/lib/money";
import {
  LIQUIDACION_FIELDS,
  LIQUIDACION_LABELS,
  PAGE_SIZE,
  type LiquidacionRow,
} from "~/modules/prestadores/liquidacion.schema";

type Field = (typeof LIQUIDACION_FIELDS)[number];

const MONEY = new Set<Field>(["montoauthonorario", "montoautgasto"]);
const NUMERIC = new Set<Field>(["nroautorizacion", "numautreferenciada", "cantidad", "cobertura"]);

function column(f: Field): Column<LiquidacionRow> {
  const base = { key: f, header: LIQUIDACION_LABELS[f] };
  if (MONEY.has(f)) {
    return {
      ...base,
      align: "right",
      render: (r) => formatPesos(r[f] as string | null),
      value: (r) => (r[f] == null ? null : Number(r[f])),
      sortAs: "number",
      width: 130,
    };
  }
  if (f === "fecha")
    return { ...base, render: (r) => formatDateAR(r.fecha), value: (r) => r.fecha, sortAs: "date", width: 125 };
  if (f === "anulado")
    return { ...base, render: (r) => (r.anulado ? "SI" : "NO"), value: (r) => (r.anulado ? "SI" : "NO"), width: 100 };
  if (NUMERIC.has(f))
    return { ...base, align: "right", value: (r) => r[f] as number | null, sortAs: "number", width: 130 };
  return {
    ...base,
    value: (r) => (r[f] == null ? "" : String(r[f])),
    width: f === "descpractica" || f === "nombreafiliado" || f === "responsable" || f === "entidad" ? 240 : 130,
  };
}

const LIQUIDACION_COLUMNS: Column<LiquidacionRow>[] = LIQUIDACION_FIELDS.map(column);

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
        caption="Listado"
        columns={LIQUIDACION_COLUMNS}
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

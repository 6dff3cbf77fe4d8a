// 'Listado' of the pre-settlement query (spec part 2 §2): the 23 columns, paging and a local filter. With
// JavaScript an AG Grid (client paging, quick filter); without it a server table of one page and a Pager.
import { useState } from "react";
import { DataGrid, Pager, useHydrated, type Column } from "~/components/ui";
import { formatDateAR, formatPesos } from "~/lib/dates";
import { LIQUIDACION_FIELDS, LIQUIDACION_LABELS, PAGE_SIZE, type LiquidacionRow } from "../liquidacion-schema";

type Field = (typeof LIQUIDACION_FIELDS)[number];

const MONEY = new Set<Field>(["montoauthonorario", "montoautgasto"]);
const NUMERIC = new Set<Field>(["nroautorizacion", "numautreferenciada", "cantidad", "cobertura"]);

function column(f: Field): Column<LiquidacionRow> {
  const base = { key: f, header: LIQUIDACION_LABELS[f] };
  if (MONEY.has(f)) {
    return { ...base, align: "right", render: (r) => formatPesos(r[f] as string | null), value: (r) => (r[f] == null ? null : Number(r[f])), width: 130 };
  }
  if (f === "fecha") return { ...base, render: (r) => formatDateAR(r.fecha), value: (r) => r.fecha, width: 125 };
  if (f === "anulado") return { ...base, render: (r) => (r.anulado ? "SI" : "NO"), value: (r) => (r.anulado ? "SI" : "NO"), width: 100 };
  if (NUMERIC.has(f)) return { ...base, align: "right", value: (r) => r[f] as number | null, width: 130 };
  return { ...base, value: (r) => (r[f] == null ? "" : String(r[f])), width: f === "descpractica" || f === "nombreafiliado" || f === "responsable" || f === "entidad" ? 240 : 130 };
}

export const LIQUIDACION_COLUMNS: Column<LiquidacionRow>[] = LIQUIDACION_FIELDS.map(column);

export function LiquidacionListado({ rows, page, hrefForPage }: {
  rows: LiquidacionRow[];
  /** Server page (0-based) shown without JavaScript. */
  page: number;
  hrefForPage: (page: number) => string;
}) {
  const hydrated = useHydrated();
  const [filter, setFilter] = useState("");
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(Math.max(0, page), pages - 1);
  const shown = hydrated ? rows : rows.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  // Row ids for the grid: the same authorisation number can repeat (one row per practice line).
  const keyed = shown.map((r, i) => ({ ...r, _i: hydrated ? i : current * PAGE_SIZE + i }));
  return (
    <div className="liq-listado">
      <div className="liq-listado-head">
        <h3 id="liq-listado-title" className="liq-listado-title">Listado</h3>
        {hydrated && (
          <label className="liq-quick-filter">
            <span>Filtrar</span>
            <input type="search" className="ui-input" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Buscar en el listado" />
          </label>
        )}
      </div>
      <DataGrid
        caption="Listado"
        columns={LIQUIDACION_COLUMNS}
        rows={keyed}
        rowKey="_i"
        rowClassName={(r) => (r.anulado ? "ui-row--danger" : undefined)}
        quickFilterText={filter}
        pageSize={PAGE_SIZE}
        pageSizeOptions={[20, 50, 100]}
        height={620}
        className="liq-grid"
      />
      {!hydrated && rows.length > PAGE_SIZE && <Pager page={current} size={PAGE_SIZE} total={rows.length} hrefFor={hrefForPage} label="Páginas del listado" />}
    </div>
  );
}

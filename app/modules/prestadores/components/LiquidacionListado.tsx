// 'Listado' of the pre-settlement query (spec part 2 §2): the 23 columns, paging and a local filter. With
// JavaScript an AG Grid (client paging, live quick filter); without it a server table of one page, a Pager, and the
// filter as a GET form field ('filtro') applied on the server by the same rule (quickFilter). The pager keeps it.
import { Form } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { DataGrid, Pager, useHydrated, type Column } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { formatPesos } from "~/lib/money";
import {
  LIQUIDACION_FIELDS,
  LIQUIDACION_LABELS,
  PAGE_SIZE,
  type LiquidacionRow,
} from "~/modules/prestadores/liquidacion.schema";
import { QUICK_FILTER_MAX, quickFilter } from "./quick-filter";

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
      width: 130,
    };
  }
  if (f === "fecha") return { ...base, render: (r) => formatDateAR(r.fecha), value: (r) => r.fecha, width: 125 };
  if (f === "anulado")
    return { ...base, render: (r) => (r.anulado ? "SI" : "NO"), value: (r) => (r.anulado ? "SI" : "NO"), width: 100 };
  if (NUMERIC.has(f)) return { ...base, align: "right", value: (r) => r[f] as number | null, width: 130 };
  return {
    ...base,
    value: (r) => (r[f] == null ? "" : String(r[f])),
    width: f === "descpractica" || f === "nombreafiliado" || f === "responsable" || f === "entidad" ? 240 : 130,
  };
}

const LIQUIDACION_COLUMNS: Column<LiquidacionRow>[] = LIQUIDACION_FIELDS.map(column);

/** The query parameter of the local filter (no-JavaScript path). */
export const FILTRO_PARAM = "filtro";

export function LiquidacionListado({
  rows,
  page,
  filtro,
  action,
  search,
  hrefForPage,
}: {
  rows: LiquidacionRow[];
  /** Server page (0-based) shown without JavaScript. */
  page: number;
  /** The local filter of the URL (?filtro=): the initial text, applied on the server without JavaScript. */
  filtro: string;
  /** Path of the screen: the filter form is a GET to it. */
  action: string;
  /** The search on screen (fecha_desde, fecha_hasta, responsable): kept as hidden fields of the filter form. */
  search: Record<string, string>;
  /** Link of a page of the server table (the filter is added here). */
  hrefForPage: (page: number) => string;
}) {
  const hydrated = useHydrated();
  const [filter, setFilter] = useState(filtro);
  // Without JavaScript the server filters and pages; with it the grid gets every row and filters live.
  const filtered = hydrated ? rows : quickFilter(rows, LIQUIDACION_COLUMNS, filtro);
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const current = Math.min(Math.max(0, page), pages - 1);
  const shown = hydrated ? rows : filtered.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  // Row ids for the grid: the same authorisation number can repeat (one row per practice line).
  const keyed = shown.map((r, i) => ({ ...r, _i: hydrated ? i : current * PAGE_SIZE + i }));
  const pageHref = (p: number) => {
    const href = hrefForPage(p);
    return filtro ? `${href}${href.includes("?") ? "&" : "?"}${new URLSearchParams({ [FILTRO_PARAM]: filtro })}` : href;
  };
  return (
    <div className="liq-listado">
      <div className="liq-listado-head">
        <h3 id="liq-listado-title" className="liq-listado-title">
          Listado
        </h3>
        <ListadoFiltro action={action} search={search} filter={filter} onFilter={setFilter} live={hydrated} />
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
      {!hydrated && filtered.length > PAGE_SIZE && (
        <Pager page={current} size={PAGE_SIZE} total={filtered.length} hrefFor={pageHref} label="Páginas del listado" />
      )}
    </div>
  );
}

/**
 * 'Filtrar': a GET form keeping the search on screen (without JavaScript the server filters); with JavaScript the
 * filter is live and submitting (Enter) stays on the page.
 */
function ListadoFiltro({
  action,
  search,
  filter,
  onFilter,
  live,
}: {
  action: string;
  search: Record<string, string>;
  filter: string;
  onFilter: (text: string) => void;
  live: boolean;
}) {
  const onSubmit = live ? (e: FormEvent<HTMLFormElement>) => e.preventDefault() : undefined;
  return (
    <Form
      method="get"
      action={action}
      className="liq-quick-filter"
      role="search"
      aria-label="Filtro del listado"
      onSubmit={onSubmit}
    >
      {Object.entries(search).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor="liq-filtro">Filtrar</label>
      <input
        id="liq-filtro"
        type="search"
        name={FILTRO_PARAM}
        className="ui-input"
        value={filter}
        onChange={(e) => onFilter(e.target.value)}
        placeholder="Buscar en el listado"
        maxLength={QUICK_FILTER_MAX}
        autoComplete="off"
      />
      {!live && (
        <button type="submit" className="ui-button ui-button--secondary">
          Filtrar
        </button>
      )}
    </Form>
  );
}

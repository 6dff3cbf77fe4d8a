import { useMemo, useRef, useState } from "react";
import { AgGridReact } from "ag-grid-react";
import {
  AllCommunityModule,
  ModuleRegistry,
  themeQuartz,
  type CellKeyDownEvent,
  type ColDef,
  type GridApi,
  type RowClassParams,
  type RowClickedEvent,
  type SortChangedEvent,
} from "ag-grid-community";
import { cellText, keyOf, type Column } from "./DataTable";
import type { DataGridProps } from "./data-grid-props";
import {
  displayText,
  gridComparator,
  isSortable,
  matchesFilter,
  parseFilter,
  sortValue,
  type GridSort,
} from "./grid-rules";
import { columnSize, type Measure } from "./grid-sizing";

let registered = false;
function registerOnce() {
  if (registered) return;
  ModuleRegistry.registerModules([AllCommunityModule]);
  registered = true;
}

const theme = themeQuartz.withParams({
  accentColor: "#1565c0",
  fontFamily: "inherit",
  fontSize: 14,
  headerFontSize: 14,
  headerFontWeight: 700, // the one header style of every list (ADR 056), the server table's th
  rowHeight: 48,
  headerHeight: 40,
  cellHorizontalPadding: 12, // grid-sizing.ts counts on it (CELL_EXTRA, HEADER_EXTRA), as the server table's td
  foregroundColor: "#1a1a1a",
  headerBackgroundColor: "#eef2f7",
});

const baseLocale: Record<string, string> = {
  page: "Página",
  of: "de",
  to: "a",
  more: "más",
  firstPage: "Primera página",
  previousPage: "Página anterior",
  nextPage: "Página siguiente",
  lastPage: "Última página",
  pageSizeSelectorLabel: "Filas por página:",
  ariaPageSizeSelectorLabel: "Filas por página",
  pageLastRowUnknown: "?",
  number: "número",
  loadingOoo: "Cargando...",
  noRowsToShow: "Sin filas para mostrar",
  noMatchingRows: "Sin filas para mostrar",
  ariaSortableColumn: "Presione Enter para ordenar",
  ariaSortableColumnWithCellSelection: "Presione Alt Enter para ordenar",
};

type LinkOf = DataGridProps<unknown>["renderLink"];

let canvas: CanvasRenderingContext2D | null = null;
/** A text's width in the grid's fonts (body's family; cells 14 px, bold to be safe; headers 12 px bold: ui.css). */
const measure: Measure = (text, font) => {
  canvas ??= document.createElement("canvas").getContext("2d");
  if (!canvas) return text.length * 9;
  const family = getComputedStyle(document.body).fontFamily || "sans-serif";
  canvas.font = font === "header" ? `700 12px ${family}` : `600 14px ${family}`;
  return canvas.measureText(text).width;
};

/**
 * A column of DataGrid as AG Grid's: its sort value, comparator and filter text from grid-rules.ts; never narrower
 * than `minWidth` (grid-sizing.ts: nothing cut), growing in proportion to it to fill the grid; header and text wrap
 * between words and the row grows to its tallest cell (docs/decisions/071).
 */
function columnDef(
  c: Column<unknown>,
  ci: number,
  rowHref: DataGridProps<unknown>["rowHref"],
  renderLink: LinkOf,
  { minWidth, wraps }: { minWidth: number; wraps: boolean },
): ColDef {
  return {
    colId: c.key,
    headerName: c.header,
    valueGetter: (p) => (p.data === undefined ? null : sortValue(c, p.data)),
    comparator: gridComparator(c.sortAs),
    sortable: isSortable(c),
    getQuickFilterText: (p) => (p.data === undefined ? "" : displayText(c, p.data)),
    cellRenderer:
      c.render || (rowHref && ci === 0)
        ? (p: { data: unknown; node: { rowIndex: number | null } }) => {
            const i = p.node.rowIndex ?? 0;
            const content = c.render ? c.render(p.data, i) : cellText(c, p.data);
            const href = ci === 0 ? rowHref?.(p.data, i) : undefined;
            if (!href) return content;
            const link =
              renderLink ??
              ((l) => (
                <a href={l.href} className={l.className}>
                  {l.children}
                </a>
              ));
            return link({ href, className: "ui-row-link", children: content });
          }
        : undefined,
    cellStyle: c.align ? { textAlign: c.align } : undefined,
    headerClass: c.align === "right" ? "ag-right-aligned-header" : undefined,
    wrapHeaderText: true,
    autoHeaderHeight: true,
    wrapText: wraps,
    autoHeight: wraps,
    minWidth,
    ...(typeof c.width === "number" ? { width: Math.max(c.width, minWidth) } : { flex: minWidth }),
  };
}

/**
 * How much wider each column must be so that nothing shown is cut: header texts and cells whose content is wider
 * than their box (a rendered cell the text estimate missed, a font not yet loaded). Column id → its least width.
 */
function cutColumns(root: HTMLElement, api: GridApi): Record<string, number> {
  const need: Record<string, number> = {};
  const parts = root.querySelectorAll<HTMLElement>(".ag-header-cell-text, .ag-cell[col-id], .ag-cell-value");
  for (const el of Array.from(parts)) {
    const over = el.scrollWidth - el.clientWidth;
    const id = el.closest("[col-id]")?.getAttribute("col-id");
    const width = id ? api.getColumn(id)?.getActualWidth() : undefined;
    if (id && over > 0 && width !== undefined) need[id] = Math.max(need[id] ?? 0, Math.ceil(width + over + 1));
  }
  return need;
}

/** Times the rendered grid may widen its columns (a content that grows with its cell would never fit). */
const MAX_ROUNDS = 6;

/** The columns' least widths: estimated from every row's texts, raised where the rendered grid still cuts. */
function useMinWidths(columns: Column<unknown>[], rows: unknown[]) {
  const [grown, setGrown] = useState<Record<string, number>>({});
  const estimated = useMemo(() => columns.map((c) => columnSize(c, rows, measure)), [columns, rows]);
  const sizes = columns.map((c, i) => ({
    ...estimated[i],
    minWidth: Math.max(estimated[i].minWidth, grown[c.key] ?? 0),
  }));
  const root = useRef<HTMLDivElement>(null);
  const rounds = useRef(0);
  const check = (api: GridApi) =>
    requestAnimationFrame(() => {
      if (!root.current || api.isDestroyed() || rounds.current >= MAX_ROUNDS) return;
      const raise = Object.entries(cutColumns(root.current, api)).filter(([k, w]) => w > (grown[k] ?? 0));
      if (!raise.length) return;
      rounds.current += 1;
      setGrown((g) => ({ ...g, ...Object.fromEntries(raise) }));
    });
  return { sizes, root, check };
}

type Props = DataGridProps<unknown> & {
  quickFilterText: string;
  initialSort: GridSort | null;
  /** A click on a header changed the order (null: none). */
  onSortChange?: (sort: GridSort | null) => void;
};

/** The grid's order after a sort change: the first sorted column. */
function sortOf(e: SortChangedEvent): GridSort | null {
  const sorted = e.api
    .getColumnState()
    .filter((c) => c.sort)
    .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))[0];
  return sorted?.sort ? { key: sorted.colId, dir: sorted.sort } : null;
}

/** The AG Grid half of DataGrid; imported lazily, browser only. */
export default function AgGridClient(props: Props) {
  registerOnce();
  const { columns, rows, rowKey, caption, emptyText, onRowClick, rowHref, renderLink, rowClassName } = props;
  const { quickFilterText, pageSize, pageSizeOptions, height = 480, className, pinnedFirst, initialSort } = props;
  const sizing = useMinWidths(columns, rows);
  const sizesKey = JSON.stringify(sizing.sizes);

  const columnDefs = useMemo<ColDef[]>(() => {
    const sizes = JSON.parse(sizesKey) as { minWidth: number; wraps: boolean }[];
    return columns.map((c, ci) => columnDef(c, ci, rowHref, renderLink, sizes[ci]));
  }, [columns, rowHref, renderLink, sizesKey]);
  const [pinned, rest] = useMemo(
    () => (pinnedFirst ? [rows.filter(pinnedFirst), rows.filter((r) => !pinnedFirst(r))] : [undefined, rows]),
    [rows, pinnedFirst],
  );
  // Read once, when the grid starts: the order the URL asked for (the server table's); then the user's clicks.
  const [initialState] = useState(() =>
    initialSort ? { sort: { sortModel: [{ colId: initialSort.key, sort: initialSort.dir }] } } : undefined,
  );

  const localeText = useMemo(() => ({ ...baseLocale, ...(emptyText ? { noRowsToShow: emptyText } : {}) }), [emptyText]);

  const activate = (data: unknown, index: number, cellEl: Element | null) => {
    if (onRowClick) onRowClick(data, index);
    else cellEl?.closest(".ag-row")?.querySelector<HTMLAnchorElement>("a.ui-row-link")?.click();
  };
  const auto = height === "auto";

  return (
    <div
      ref={sizing.root}
      className={["ui-grid", className].filter(Boolean).join(" ")}
      style={auto ? undefined : { height: typeof height === "number" ? `${height}px` : height }}
      role="region"
      aria-label={caption}
    >
      <AgGridReact
        theme={theme}
        rowData={rest}
        pinnedTopRowData={pinned}
        columnDefs={columnDefs}
        defaultColDef={{ resizable: true }}
        initialState={initialState}
        domLayout={auto ? "autoHeight" : "normal"}
        suppressColumnVirtualisation
        ensureDomOrder
        // A short list keeps every row in the page (screen readers, find in page); a long one renders what shows.
        suppressRowVirtualisation={rows.length <= 200}
        getRowId={(p) => keyOf(rowKey, p.data)}
        onFirstDataRendered={(e) => sizing.check(e.api)}
        onModelUpdated={(e) => sizing.check(e.api)}
        onSortChanged={(e) => props.onSortChange?.(sortOf(e))}
        getRowClass={rowClassName ? (p: RowClassParams) => rowClassName(p.data, p.node.rowIndex ?? 0) : undefined}
        quickFilterText={quickFilterText}
        quickFilterParser={parseFilter}
        quickFilterMatcher={matchesFilter}
        pagination={pageSize !== undefined}
        paginationPageSize={pageSize}
        paginationPageSizeSelector={pageSize !== undefined ? (pageSizeOptions ?? [20, 50, 100]) : false}
        localeText={localeText}
        rowClass={onRowClick || rowHref ? "ui-row--active" : undefined}
        onRowClicked={
          onRowClick || rowHref
            ? (e: RowClickedEvent) => {
                const target = e.event?.target as Element | null;
                if (target?.closest("a,button,input,select,textarea")) return;
                activate(e.data, e.rowIndex ?? 0, target);
              }
            : undefined
        }
        onCellKeyDown={(e: CellKeyDownEvent) => {
          const ev = e.event as KeyboardEvent | null | undefined;
          if (ev?.key !== "Enter" || !(onRowClick || rowHref)) return;
          if ((ev.target as Element | null)?.closest("a,button,input,select,textarea")) return;
          activate(e.data, e.rowIndex ?? 0, ev.target as Element | null);
        }}
      />
    </div>
  );
}

import { useMemo, useState } from "react";
import { AgGridReact } from "ag-grid-react";
import {
  AllCommunityModule,
  ModuleRegistry,
  themeQuartz,
  type CellKeyDownEvent,
  type ColDef,
  type RowClassParams,
  type RowClickedEvent,
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

/** A column of DataGrid as AG Grid's: its sort value, comparator and filter text from grid-rules.ts. */
function columnDef(
  c: Column<unknown>,
  ci: number,
  rowHref: DataGridProps<unknown>["rowHref"],
  renderLink: LinkOf,
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
    ...(typeof c.width === "number" ? { width: c.width } : { flex: 1, minWidth: c.minWidth ?? 100 }),
  };
}

type Props = DataGridProps<unknown> & { quickFilterText: string; initialSort: GridSort | null };

/** The AG Grid half of DataGrid; imported lazily, browser only. */
export default function AgGridClient(props: Props) {
  registerOnce();
  const { columns, rows, rowKey, caption, emptyText, onRowClick, rowHref, renderLink, rowClassName } = props;
  const { quickFilterText, pageSize, pageSizeOptions, height = 480, className, pinnedFirst, initialSort } = props;

  const columnDefs = useMemo<ColDef[]>(
    () => columns.map((c, ci) => columnDef(c, ci, rowHref, renderLink)),
    [columns, rowHref, renderLink],
  );
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

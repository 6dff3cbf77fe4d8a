import { useMemo } from "react";
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
import { cellText, keyOf } from "./DataTable";
import type { DataGridProps } from "./data-grid-props";

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
};

/** The AG Grid half of DataGrid; imported lazily, browser only. */
export default function AgGridClient(props: DataGridProps<unknown>) {
  registerOnce();
  const { columns, rows, rowKey, caption, emptyText, onRowClick, rowHref, renderLink, rowClassName } = props;
  const { quickFilterText, pageSize, pageSizeOptions, height, className } = props;

  const columnDefs = useMemo<ColDef[]>(
    () =>
      columns.map((c, ci) => ({
        colId: c.key,
        headerName: c.header,
        valueGetter: (p) => (p.data === undefined ? "" : c.value ? c.value(p.data) : cellText(c, p.data)),
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
      })),
    [columns, rowHref, renderLink],
  );

  const localeText = useMemo(() => ({ ...baseLocale, ...(emptyText ? { noRowsToShow: emptyText } : {}) }), [emptyText]);

  const activate = (data: unknown, index: number, cellEl: Element | null) => {
    if (onRowClick) onRowClick(data, index);
    else cellEl?.closest(".ag-row")?.querySelector<HTMLAnchorElement>("a.ui-row-link")?.click();
  };

  return (
    <div
      className={["ui-grid", className].filter(Boolean).join(" ")}
      style={{ height: typeof height === "number" ? `${height}px` : height }}
      role="region"
      aria-label={caption}
    >
      <AgGridReact
        theme={theme}
        rowData={rows}
        columnDefs={columnDefs}
        defaultColDef={{ sortable: true, resizable: true }}
        getRowId={(p) => keyOf(rowKey, p.data)}
        getRowClass={rowClassName ? (p: RowClassParams) => rowClassName(p.data, p.node.rowIndex ?? 0) : undefined}
        quickFilterText={quickFilterText}
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

import { lazy, Suspense } from "react";
import { DataTable } from "./DataTable";
import type { DataGridProps } from "./data-grid-props";
import { useHydrated } from "./useHydrated";

// ag-grid-react is loaded in the browser only, after hydration. The `.client` suffix makes the Remix
// compiler leave it (and ag-grid) out of the server bundle.
const AgGridClient = lazy(() => import("./AgGrid.client"));

export type { DataGridProps };

/**
 * Client grid (AG Grid: sorting, resizing, quick filter, paging). On the server and before
 * hydration, and while the grid code loads, the same data renders as an accessible DataTable.
 */
export function DataGrid<T>(props: DataGridProps<T>) {
  const hydrated = useHydrated();
  const { height = 480, className } = props;
  const fallback = (
    <DataTable
      columns={props.columns}
      rows={props.rows}
      rowKey={props.rowKey}
      caption={props.caption}
      captionHidden
      emptyText={props.emptyText}
      onRowClick={props.onRowClick}
      rowHref={props.rowHref}
      renderLink={props.renderLink}
      rowClassName={props.rowClassName}
      maxHeight={height}
      className={className}
    />
  );
  if (!hydrated) return fallback;
  return (
    <Suspense fallback={fallback}>
      <AgGridClient {...(props as DataGridProps<unknown>)} height={height} />
    </Suspense>
  );
}

// What DataGrid takes: the DataTable's data props plus the grid's own. Its own file, so that the lazily loaded
// AG Grid half (AgGrid.client.tsx) and DataGrid share it without importing each other.
import type { DataTableProps } from "./DataTable";

export type DataGridProps<T> = Pick<
  DataTableProps<T>,
  "columns" | "rows" | "rowKey" | "caption" | "emptyText" | "onRowClick" | "rowHref" | "renderLink" | "rowClassName"
> & {
  /** Text filtered across every column (AG Grid quick filter). */
  quickFilterText?: string;
  /** Turns on client pagination with this page size. */
  pageSize?: number;
  /** Choices in the page-size selector (default [20, 50, 100] when paginated). */
  pageSizeOptions?: number[];
  /** Grid height in px (or CSS length); the rows scroll inside it. */
  height?: number | string;
  className?: string;
};

// What DataGrid takes: the DataTable's data props plus the grid's own. Its own file, so that the lazily loaded
// AG Grid half (AgGrid.client.tsx) and DataGrid share it without importing each other.
import type { DataTableProps } from "./DataTable";

export type DataGridProps<T> = Pick<
  DataTableProps<T>,
  "columns" | "rows" | "rowKey" | "caption" | "emptyText" | "onRowClick" | "rowHref" | "renderLink" | "rowClassName"
> & {
  /** Paging (20 rows, 50…): AG Grid's pager with JavaScript, the server table's pages (?page=) without. */
  pageSize?: number;
  /** Choices in AG Grid's page-size selector (default [20, 50, 100] when paginated). */
  pageSizeOptions?: number[];
  /** Accessible name of the server table's pager (default 'Páginas de <caption>'). */
  pagerLabel?: string;
  /** Grid height in px (or CSS length); the rows scroll inside it. 'auto': as tall as its rows (a short table). */
  height?: number | string;
  className?: string;
  /** The 'Filtrar' box (default true); false when the screen filters the rows itself. */
  filter?: boolean;
  /** Prefix of the URL parameters (sort, dir, filtro, page) when a screen shows two grids ('listado_'). */
  paramPrefix?: string;
  /** Rows that stay first, neither sorted nor filtered out (a totals row: 'Equipo'). */
  pinnedFirst?: (row: T) => boolean;
};

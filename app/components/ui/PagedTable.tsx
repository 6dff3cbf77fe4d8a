// A server-paged result list: the DataTable (caption for screen readers) and, under it, the Pager's links
// ('Total: n', Atrás, 'n de m', Siguiente) built by pageHref from the screen's path and filter. Works without
// JavaScript. Copy app/modules/tramites/components/TramitesTable.tsx.
import { DataTable, type DataTableProps } from "./DataTable";
import { Pager, type PagerProps } from "./Pager";
import { pageHref } from "./pager-rules";

export type PagedTableProps<T> = Pick<DataTableProps<T>, "columns" | "rows" | "rowKey"> &
  Pick<PagerProps, "page" | "size" | "total" | "statusPrefix"> & {
    /** The table's caption (read by screen readers only). */
    caption: string;
    /** The pager's accessible name. */
    pagerLabel: string;
    /** The screen's path and its filter as a query string, without page: the pager's links. */
    path: string;
    query: string;
  };

export function PagedTable<T>({
  caption,
  pagerLabel,
  path,
  query,
  page,
  size,
  total,
  statusPrefix,
  ...table
}: PagedTableProps<T>) {
  return (
    <div className="ui-paged-table">
      <DataTable {...table} caption={caption} captionHidden />
      <Pager
        page={page}
        size={size}
        total={total}
        hrefFor={(p) => pageHref(path, query, p)}
        statusPrefix={statusPrefix}
        label={pagerLabel}
      />
    </div>
  );
}

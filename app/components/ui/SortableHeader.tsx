// The one sort header of every table (issue 38): a link to the same URL sorted by the column (the other direction
// when it is the sorted one, back to the first page; ~/lib/table-state's sortHref) — a plain link like the Pager's,
// the same with and without JavaScript, reachable by Tab, followed with Enter — its arrow decoration, its next order said to screen readers, and the
// header cell's aria-sort. Used by the server-paged lists (sortableColumn) and the DataGrid's server table.
import type { Column } from "./DataTable";
import { ariaSortOf, sortHref, type SortState } from "~/lib/table-state";

export type { SortState };

type SortLinkProps = {
  label: string;
  /** The `sort` value this header asks for. */
  column: string;
  /** The table's current order (null: unsorted). */
  current: SortState | null;
  /** The current query string (useLocation().search): the other parameters are kept, the page goes back to 0. */
  search: string;
  /** The table's parameters' prefix, when a screen shows two tables ('listado_'). */
  prefix?: string;
};

function SortLink({ label, column, current, search, prefix }: SortLinkProps) {
  const state = ariaSortOf(column, current);
  const arrow = state === "ascending" ? "▲" : state === "descending" ? "▼" : "↕";
  const next = state === "ascending" ? "descendente" : "ascendente";
  return (
    <a
      href={sortHref(search, column, current, prefix)}
      className={`ui-sort-link${state === "none" ? "" : " is-sorted"}`}
    >
      {label}
      <span className="ui-sort-arrow" aria-hidden="true">
        {arrow}
      </span>
      <span className="ui-sr-only">{`, ordenar en forma ${next}`}</span>
    </a>
  );
}

/** `column` with the sort header (link + aria-sort) for the `sortKey` (default: its key) of a table's order. */
export function sortableColumn<T>(
  column: Column<T>,
  current: SortState | null,
  search: string,
  sortKey: string = column.key,
  prefix?: string,
): Column<T> {
  return {
    ...column,
    ariaSort: ariaSortOf(sortKey, current),
    headerContent: (
      <SortLink label={column.header} column={sortKey} current={current} search={search} prefix={prefix} />
    ),
  };
}

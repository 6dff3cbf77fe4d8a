import { Link } from "@remix-run/react";
import type { Column } from "./DataTable";
import { sortHref, type SortDir } from "~/lib/table-query";

export type AriaSort = "ascending" | "descending" | "none";
export type SortState = { sort: string; dir: SortDir };

/** The aria-sort of a column header given the table's current sort. */
export function ariaSortOf(column: string, current: SortState): AriaSort {
  if (current.sort !== column) return "none";
  return current.dir === "asc" ? "ascending" : "descending";
}

type SortableHeaderProps = {
  label: string;
  /** The `sort` value this header asks for. */
  column: string;
  current: SortState;
  /** The current query string (useLocation().search): the other parameters are kept, the page goes back to 0. */
  search: string;
};

/**
 * A column header that sorts the table on the server: a link (works without JavaScript, reachable by Tab,
 * followed with Enter) to the same URL with `sort`/`dir` changed. The header cell carries aria-sort (see
 * `sortableColumn`), the arrow is decoration.
 */
function SortableHeader({ label, column, current, search }: SortableHeaderProps) {
  const state = ariaSortOf(column, current);
  const arrow = state === "ascending" ? "▲" : state === "descending" ? "▼" : "↕";
  const next = state === "ascending" ? "descendente" : "ascendente";
  return (
    <Link
      to={sortHref(search, column, current)}
      className={`ui-sort-link${state === "none" ? "" : " is-sorted"}`}
      preventScrollReset
    >
      {label}
      <span className="ui-sort-arrow" aria-hidden="true">
        {arrow}
      </span>
      <span className="ui-sr-only">{`, ordenar en forma ${next}`}</span>
    </Link>
  );
}

/** `column` with a sortable header (link + aria-sort) for the server-side `sortKey` (default: its key). */
export function sortableColumn<T>(
  column: Column<T>,
  current: SortState,
  search: string,
  sortKey: string = column.key,
): Column<T> {
  return {
    ...column,
    ariaSort: ariaSortOf(sortKey, current),
    headerContent: <SortableHeader label={column.header} column={sortKey} current={current} search={search} />,
  };
}

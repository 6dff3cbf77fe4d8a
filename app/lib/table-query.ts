// The state of a server-side table in the URL: search text, sort column and direction, page and page size.
// One parser for every table screen (users, profiles…): unknown or hostile values fall back to the defaults
// instead of failing, so a hand-edited URL still shows the table. Browser-safe: no server imports.

export const PAGE_SIZES = [5, 10, 25] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 5;

/** Longest search text kept (longer input is cut, never a database error). */
export const MAX_QUERY_LENGTH = 100;
/** Highest page number accepted (larger is clamped; the module answers an empty page). */
export const MAX_PAGE = 100_000;

export type SortDir = "asc" | "desc";

export type TableQuery<K extends string> = {
  q: string;
  sort: K;
  dir: SortDir;
  /** 0-based. */
  page: number;
  size: PageSize;
};

export type TableQueryOptions<K extends string> = {
  /** The columns the table can be sorted by (the values of `sort`). */
  sorts: readonly K[];
  /** Used when `sort` is absent or not one of `sorts`. */
  defaultSort: K;
  defaultDir?: SortDir;
};

/** Reads {q, sort, dir, page, size} from a query string; every bad value becomes its default. */
export function parseTableQuery<K extends string>(
  params: URLSearchParams,
  { sorts, defaultSort, defaultDir = "asc" }: TableQueryOptions<K>,
): TableQuery<K> {
  const rawSort = params.get("sort") ?? "";
  const sort = (sorts as readonly string[]).includes(rawSort) ? (rawSort as K) : defaultSort;
  const rawDir = params.get("dir");
  const dir: SortDir = rawDir === "asc" || rawDir === "desc" ? rawDir : defaultDir;
  const rawPage = (params.get("page") ?? "").trim();
  const page = /^\d{1,9}$/.test(rawPage) ? Math.min(Number(rawPage), MAX_PAGE) : 0;
  const rawSize = Number((params.get("size") ?? "").trim());
  const size = (PAGE_SIZES as readonly number[]).includes(rawSize) ? (rawSize as PageSize) : DEFAULT_PAGE_SIZE;
  const q = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  return { q, sort, dir, page, size };
}

/**
 * The query string (with its '?', or '' when empty) of `search` with `changes` applied: a string sets the
 * parameter, null removes it; the other parameters are kept in their order.
 */
export function withParams(search: string | URLSearchParams, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The direction a click on a column header asks for: the other direction on the sorted column, else ascending. */
export function nextDir(column: string, current: { sort: string; dir: SortDir }): SortDir {
  return current.sort === column && current.dir === "asc" ? "desc" : "asc";
}

/** The query string a sortable header links to: sorted by `column`, back to the first page, the rest kept. */
export function sortHref(search: string | URLSearchParams, column: string, current: { sort: string; dir: SortDir }) {
  return withParams(search, { sort: column, dir: nextDir(column, current), page: null });
}

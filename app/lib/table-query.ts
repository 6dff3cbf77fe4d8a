// The one table query: how every list answered a page at a time reads its page, page size, sort column and
// direction from a query string — the screens' URLs and the JSON API alike (docs/decisions/050-one-table-query.md).
// ONE rule for a bad value: it is refused with its Spanish message (a 400 with { param, msg } from the API, the
// screen's message with a link back to the list), never clamped or replaced by a default; an absent or blank value
// takes the list's default. Each list gives only its own sorts, default sort and page size(s):
//   z.object({ ...filters, ...pagingShape({ size: PAGE_SIZE }) })         a list of one default size (1..100)
//   tableQuerySchema({ sorts, defaultSort, sizes: PAGE_SIZES, size: 5 })   a table with q, sort, dir, page, size
// Plus the links a table builds (withParams, sortHref). Browser-safe: no server imports.
import { z } from "~/lib/zod";

/** The largest page a list serves (an API client's `size`; a screen offers its own sizes). */
export const MAX_PAGE_SIZE = 100;
/** The page sizes a table with a 'Filas por página' select offers (users, profiles: spec part 2 §9). */
export const PAGE_SIZES = [5, 10, 25] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
/** Longest search text kept (longer input is cut, never a database error): a filter, not a paging value. */
export const MAX_QUERY_LENGTH = 100;

export const MSG_PAGE = "La página debe ser un número entero mayor o igual a 0";
/** The message for a size outside 1..max (a list without a choice of sizes). */
export const msgSizeUpTo = (max: number) => `El tamaño de página debe ser un número entero entre 1 y ${max}`;
export const MSG_SIZE = msgSizeUpTo(MAX_PAGE_SIZE);
export const MSG_SORT = "La columna de orden no es válida";
export const MSG_DIR = "La dirección del orden debe ser asc o desc";
/** The message for a size outside a table's own choices (e.g. 5, 10 o 25). */
export const msgSizeOf = (sizes: readonly number[]) =>
  `El tamaño de página debe ser ${sizes.slice(0, -1).join(", ")} o ${sizes[sizes.length - 1]}`;

export type SortDir = "asc" | "desc";

/** A whole number of up to 9 digits as typed (spaces around ignored); blank or absent → fallback. */
const wholeNumber = (msg: string, fallback: number) =>
  z
    .string({ error: msg })
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v === "" || /^\d{1,9}$/.test(v), msg)
    .transform((v) => (v === "" ? fallback : Number(v)));

/** `page`: 0-based, 0 when absent (a page past the last answers an empty page, or the module's last). */
export const pageParam = () => wholeNumber(MSG_PAGE, 0);

/** `size`: `fallback` when absent; one of `sizes` when the list offers a choice, else 1..max. */
function sizeParam(fallback: number, sizes?: readonly number[], max: number = MAX_PAGE_SIZE) {
  const msg = sizes ? msgSizeOf(sizes) : msgSizeUpTo(max);
  const allowed = (n: number) => (sizes ? sizes.includes(n) : n >= 1 && n <= max);
  return wholeNumber(msg, fallback).refine(allowed, msg);
}

/** One value of a closed list (`sort`, `dir`), as typed (exact case); blank or absent → fallback. */
function oneOf<K extends string>(values: readonly K[], fallback: K, msg: string) {
  return z
    .string({ error: msg })
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v === "" || (values as readonly string[]).includes(v), msg)
    .transform((v) => (v === "" ? fallback : (v as K)));
}

type PagingOptions = {
  /** The list's page size when the query names none (the spec's size for its screen). */
  size: number;
  /** The sizes the list offers, when it offers a choice (any other is refused); else 1..max. */
  sizes?: readonly number[];
  /** The largest size an API client may ask for (default MAX_PAGE_SIZE; a list whose contract says more). */
  max?: number;
};

/** `page` and `size` of a list: spread into its query schema's object. */
export function pagingShape({ size, sizes, max }: PagingOptions) {
  return { page: pageParam(), size: sizeParam(size, sizes, max) };
}

type TableQueryOptions<K extends string, S extends number> = {
  /** The columns the table can be sorted by (the values of `sort`). */
  sorts: readonly K[];
  /** Used when `sort` is absent. */
  defaultSort: K;
  defaultDir?: SortDir;
  /** The page sizes the table offers and the one it opens with. */
  sizes: readonly S[];
  size: S;
};

/** A table's query { q, sort, dir, page, size }: the search text, its sorts, its page sizes. */
export function tableQuerySchema<K extends string, S extends number>(options: TableQueryOptions<K, S>) {
  const { sorts, defaultSort, defaultDir = "asc", sizes, size } = options;
  return z.object({
    q: z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim().slice(0, MAX_QUERY_LENGTH)),
    sort: oneOf(sorts, defaultSort, MSG_SORT),
    dir: oneOf<SortDir>(["asc", "desc"], defaultDir, MSG_DIR),
    page: pageParam(),
    size: sizeParam(size, sizes).transform((n) => n as S),
  });
}

export type TableQuery<K extends string, S extends number = PageSize> = {
  q: string;
  sort: K;
  dir: SortDir;
  /** 0-based. */
  page: number;
  size: S;
};

/** The query parameters of paging and sorting: a link back to a list after a refused value drops them. */
const TABLE_PARAMS = ["page", "size", "sort", "dir"] as const;

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

/** `search` without its paging and sorting parameters (the list as first opened, its filters kept). */
export function withoutTableParams(search: string | URLSearchParams): string {
  return withParams(search, Object.fromEntries(TABLE_PARAMS.map((k) => [k, null])));
}

/** The direction a click on a column header asks for: the other direction on the sorted column, else ascending. */
export function nextDir(column: string, current: { sort: string; dir: SortDir }): SortDir {
  return current.sort === column && current.dir === "asc" ? "desc" : "asc";
}

/** The query string a sortable header links to: sorted by `column`, back to the first page, the rest kept. */
export function sortHref(search: string | URLSearchParams, column: string, current: { sort: string; dir: SortDir }) {
  return withParams(search, { sort: column, dir: nextDir(column, current), page: null });
}

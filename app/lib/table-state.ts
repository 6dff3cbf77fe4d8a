// The one table state: how every table reads its sort column, direction, filter text and page from a query string —
// the lists answered a page at a time (screens and the JSON API alike: docs/decisions/050-one-table-query.md) and the
// DataGrids of the reports, which hold their view in the URL (ADR 071; `readViewState`, prefixed per grid) — and
// the links a table builds (withParams, sortHref, the header's aria-sort). ONE rule for a bad value (ADR 075): it is
// refused with its Spanish message (a 400 with { param, msg } from the API and the PDFs, the screen's message with a
// link back to the list instead of its rows), never clamped or replaced by a default; an absent or blank value takes
// the table's default. A filter text is a filter, never refused: control characters dropped, trimmed, cut at
// MAX_QUERY_LENGTH. Each list gives only its own sorts, default sort and page size(s):
//   z.object({ ...filters, ...pagingShape({ size: PAGE_SIZE }) })         a list of one default size (1..100)
//   tableQuerySchema({ sorts, defaultSort, sizes: PAGE_SIZES, size: 5 })   a table with q, sort, dir, page, size
//   readViewState(search, sorts, prefix)                                  a grid's sort, dir, filtro, page
// Browser-safe: no server imports.
import { z } from "~/lib/zod";

/** The largest page a list serves (an API client's `size`; a screen offers its own sizes). */
export const MAX_PAGE_SIZE = 100;
/** The page sizes a table with a 'Filas por página' select offers (users, profiles: spec part 2 §9). */
export const PAGE_SIZES = [5, 10, 25] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
/** Longest search text kept (longer input is cut, never a database error): a filter, not a paging value. */
export const MAX_QUERY_LENGTH = 100;

/** A search or filter text as a table uses it: without control characters (Cc), trimmed, at most MAX_QUERY_LENGTH. */
export function queryText(raw: unknown): string {
  if (typeof raw !== "string") return "";
  return raw
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, MAX_QUERY_LENGTH);
}

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
/** A table's current order: the sort column's value and its direction. */
export type SortState = { sort: string; dir: SortDir };

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
    q: z.string().optional().transform(queryText),
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

/** The URL parameters of a table; `prefix` tells apart two tables of one screen ('listado_sort'…). */
export function tableParamNames(prefix = "") {
  return { sort: `${prefix}sort`, dir: `${prefix}dir`, filtro: `${prefix}filtro`, page: `${prefix}page` };
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

/** `search` without a table's paging and sorting parameters (the list as first opened, its filters kept). */
export function withoutTableParams(search: string | URLSearchParams, prefix = ""): string {
  const names = tableParamNames(prefix);
  return withParams(search, { [names.page]: null, [`${prefix}size`]: null, [names.sort]: null, [names.dir]: null });
}

/** The direction a click on a column header asks for: the other direction on the sorted column, else ascending. */
export function nextDir(column: string, current: SortState | null): SortDir {
  return current?.sort === column && current.dir === "asc" ? "desc" : "asc";
}

/** The query string a sortable header links to: sorted by `column`, back to the first page, the rest kept. */
export function sortHref(search: string | URLSearchParams, column: string, current: SortState | null, prefix = "") {
  const names = tableParamNames(prefix);
  return withParams(search, { [names.sort]: column, [names.dir]: nextDir(column, current), [names.page]: null }) || "?";
}

/** aria-sort of a column header given the table's current order. */
export function ariaSortOf(column: string, current: SortState | null): "ascending" | "descending" | "none" {
  if (current?.sort !== column) return "none";
  return current.dir === "asc" ? "ascending" : "descending";
}

/** A value of the URL a table refused: the parameter and its Spanish message. */
export type TableProblem = { param: string; msg: string };

/** A grid's view as the URL holds it; `problem` when a value was refused (then no sort and the first page). */
export type ViewState = { sort: SortState | null; filtro: string; page: number; problem: TableProblem | null };

/** The view of a grid (sort, dir, filtro, page; prefixed) in a query string, by the one rule: `sorts` are its own. */
export function readViewState(search: string, sorts: readonly string[], prefix = ""): ViewState {
  const params = new URLSearchParams(search);
  const names = tableParamNames(prefix);
  const get = (k: string) => params.get(k) ?? undefined;
  const filtro = queryText(get(names.filtro));
  const parsed = z
    .object({
      [names.sort]: oneOf(["", ...sorts], "", MSG_SORT),
      [names.dir]: oneOf<SortDir>(["asc", "desc"], "asc", MSG_DIR),
      [names.page]: pageParam(),
    })
    .safeParse({ [names.sort]: get(names.sort), [names.dir]: get(names.dir), [names.page]: get(names.page) });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { sort: null, filtro, page: 0, problem: { param: String(issue.path[0] ?? names.sort), msg: issue.message } };
  }
  const sort = parsed.data[names.sort] as string;
  const dir = parsed.data[names.dir] as SortDir;
  return { sort: sort ? { sort, dir } : null, filtro, page: parsed.data[names.page] as number, problem: null };
}

/** The first value refused among the grids (each with its sorts and prefix) of a query string, or null. */
export function viewProblem(search: string, grids: readonly { sorts: readonly string[]; prefix?: string }[]) {
  for (const g of grids) {
    const { problem } = readViewState(search, g.sorts, g.prefix);
    if (problem) return problem;
  }
  return null;
}

/** A grid's own view parameters of a query string (sort, dir, filtro). */
export function viewParamsOf(search: string, prefix = ""): Record<string, string> {
  const params = new URLSearchParams(search);
  const names = tableParamNames(prefix);
  const out: Record<string, string> = {};
  for (const k of [names.sort, names.dir, names.filtro]) {
    const v = params.get(k);
    if (v) out[k] = v;
  }
  return out;
}

/** `href` with the grid's view parameters of `search` added (a link that keeps the order and the filter). */
export function keepViewParams(href: string, search: string, prefix = ""): string {
  const own = new URLSearchParams(viewParamsOf(search, prefix)).toString();
  if (!own) return href;
  return `${href}${href.includes("?") ? "&" : "?"}${own}`;
}

/** A grid's own view parameter, whatever its prefix: 'sort', 'dir', 'filtro', 'listado_sort', 'ranking_filtro'… */
const VIEW_PARAM = /^(?:[a-z]+_)?(?:sort|dir|filtro)$/;

/** A query string without the grids' view parameters, in a stable order. */
function withoutViewParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (VIEW_PARAM.test(key)) params.delete(key);
  params.sort();
  return params.toString();
}

/**
 * Whether going from `currentUrl` to `nextUrl` changes only grids' sort, dir or filtro (same path, every other
 * parameter the same): the same rows shown another way, nothing to load. The same URL again is not (a reload).
 */
export function onlyViewParamsChanged(currentUrl: URL, nextUrl: URL): boolean {
  if (currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search) return false;
  return withoutViewParams(currentUrl.search) === withoutViewParams(nextUrl.search);
}

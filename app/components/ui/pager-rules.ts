/** Pure paging rules for server-paged lists (spec: 'Atrás' / 'n de m' / 'Siguiente'). */
export type PageInfo = {
  /** 1-based page number shown as 'n'. */
  current: number;
  /** Page count shown as 'm' (at least 1, so an empty result reads '1 de 1'). */
  pages: number;
  /** 'Atrás' is enabled. */
  hasPrev: boolean;
  /** 'Siguiente' is enabled: disabled when total <= (page + 1) * size. */
  hasNext: boolean;
};

/** page is 0-based; size is the page size; total the row count reported by the server. */
export function pageInfo(page: number, size: number, total: number): PageInfo {
  const p = Number.isFinite(page) && page > 0 ? Math.floor(page) : 0;
  const t = Number.isFinite(total) && total > 0 ? Math.floor(total) : 0;
  if (!Number.isFinite(size) || size <= 0) {
    return { current: p + 1, pages: Math.max(1, p + 1), hasPrev: p > 0, hasNext: false };
  }
  const pages = Math.max(1, Math.ceil(t / size));
  return { current: p + 1, pages: Math.max(pages, p + 1), hasPrev: p > 0, hasNext: t > (p + 1) * size };
}

/**
 * The link of `page` (0-based) of a server-paged screen: its path, its filter as a query string (without page) and
 * page, always written (a screen may tell "a search was sent" from "first visit" by it).
 */
export function pageHref(path: string, query: string, page: number): string {
  const q = new URLSearchParams(query);
  q.set("page", String(page));
  return `${path}?${q}`;
}

// Query-string helpers of the member detail tabs: links and GET forms keep the other tabs' parameters so the
// screen works without JavaScript and the URL can be bookmarked.

export type QueryPairs = [string, string][];

/** The pairs of `params` except the given keys. */
export function keepParams(params: URLSearchParams, drop: readonly string[]): QueryPairs {
  const out: QueryPairs = [];
  params.forEach((value, key) => {
    if (!drop.includes(key)) out.push([key, value]);
  });
  return out;
}

/** '?a=1&b=2' from kept pairs plus overrides (undefined/'' drops a key). */
export function hrefWith(keep: QueryPairs, set: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams(keep.filter(([k]) => !(k in set)));
  for (const [k, v] of Object.entries(set)) if (v != null && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "?";
}

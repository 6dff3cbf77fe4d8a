// The Buscar Ficha filter as it travels in the URL and in localStorage (spec part 1 §2, §3). Shared by the
// screen (browser) and its loader; the PDF export reads the same query.
const FILTER_KEYS = ["afi_dni", "fecha_desde", "fecha_hasta", "organoId", "estado_ficha"] as const;
export const STORAGE_KEY = "osep.buscar-ficha.filtros";
export const SCREEN_PATH = "/buscar-ficha";
export const REPORT_PATH = "/buscar-ficha/report.pdf";
export const TODOS = -1;

export type FilterValues = {
  afi_dni: string;
  fecha_desde: string;
  fecha_hasta: string;
  organoId: number;
  estado_ficha: string;
};

/** True when the query carries a search (any filter key): the list is searched only then. */
export function hasFilterParams(params: URLSearchParams): boolean {
  return FILTER_KEYS.some((k) => params.has(k));
}

/** The filter keys of a query (at most 20 characters each), dropping anything else (ver, eliminar, ...). */
export function rawFilter(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of FILTER_KEYS) {
    const v = params.get(k);
    if (v != null) out[k] = v.trim().slice(0, 20);
  }
  return out;
}

/** Canonical query of a filter: organ and status always (so it counts as a search), the rest when filled. */
export function filterQuery(v: FilterValues): string {
  const p = new URLSearchParams();
  if (v.afi_dni) p.set("afi_dni", v.afi_dni);
  if (v.fecha_desde) p.set("fecha_desde", v.fecha_desde);
  if (v.fecha_hasta) p.set("fecha_hasta", v.fecha_hasta);
  p.set("organoId", String(v.organoId));
  p.set("estado_ficha", v.estado_ficha);
  return p.toString();
}

/** Screen URL with the filter query plus extra parameters (ver=N, eliminar=N). */
export function screenHref(query: string, extra: Record<string, string | number> = {}): string {
  const p = new URLSearchParams(query);
  for (const [k, v] of Object.entries(extra)) p.set(k, String(v));
  const s = p.toString();
  return s ? `${SCREEN_PATH}?${s}` : SCREEN_PATH;
}

/** The saved query, only its filter keys; null when absent or unreadable. */
export function readSaved(storage: Pick<Storage, "getItem">): string | null {
  try {
    const saved = storage.getItem(STORAGE_KEY);
    if (!saved) return null;
    const params = new URLSearchParams(rawFilter(new URLSearchParams(saved)));
    return hasFilterParams(params) ? params.toString() : null;
  } catch {
    return null;
  }
}

// Each tab's filters of /consumos-por-prestador kept in localStorage (spec part 2 §5): saved after a valid search of
// that tab, restored on load when the URL has none (the active tab's search runs when its saved filters are complete).
import { useFetchers, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import {
  BUSCAR_CONSUMOS,
  BUSCAR_PROF,
  BUSCAR_RANKING,
  EFECTOR_KEYS,
  hasFilterParams,
  RANKING_KEYS,
  SCREEN_PATH,
  STORAGE_KEY_EFECTOR,
  STORAGE_KEY_RANKING,
  storedQuery,
  tabOf,
  TAB_EFECTOR,
  type Aviso,
  type ConsumosTab,
} from "~/modules/estadisticas/consumos.schema";

function readStored(key: string): URLSearchParams {
  try {
    return new URLSearchParams(window.localStorage.getItem(key) ?? "");
  } catch {
    return new URLSearchParams();
  }
}

function store(key: string, query: string): void {
  try {
    window.localStorage.setItem(key, query);
  } catch {
    /* storage full or disabled: the URL still holds the filters */
  }
}

/** The query to restore from both keys: the active tab's search runs when its saved filters are complete. */
function restoredQuery(tab: ConsumosTab): string | null {
  const efector = readStored(STORAGE_KEY_EFECTOR);
  const ranking = readStored(STORAGE_KEY_RANKING);
  if ([...efector.keys()].length === 0 && [...ranking.keys()].length === 0) return null;
  const p = new URLSearchParams({ tab });
  for (const k of EFECTOR_KEYS) if (efector.get(k)) p.set(k, efector.get(k)!);
  for (const k of RANKING_KEYS) if (ranking.get(k)) p.set(k, ranking.get(k)!);
  if (tab === TAB_EFECTOR) {
    if (p.get("codigo_efector") && p.get("fecha_desde") && p.get("fecha_hasta")) p.set("buscar", BUSCAR_CONSUMOS);
    else if (p.get("apellido") || p.get("nombre")) p.set("buscar", BUSCAR_PROF);
  } else if (p.get("ranking_desde") && p.get("ranking_hasta")) p.set("buscar", BUSCAR_RANKING);
  return p.toString();
}

/**
 * Restores the saved filters on load when the URL has none, and saves each tab's filters after a valid search of
 * that tab (`searched`: the search the loader ran).
 */
export function useStoredFilters(searched: Aviso["form"] | null): void {
  const location = useLocation();
  const navigate = useNavigate();
  // Restore: wait for the fetchers started on mount (the SnapshotBar's status) to settle: a navigation that
  // interrupts a fetcher of a route not discovered yet ends in a 404 (Remix lazy route discovery).
  const [mounted, setMounted] = useState(false);
  const restoreDone = useRef(false);
  const fetchersBusy = useFetchers().some((f) => f.state !== "idle");
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (!mounted || fetchersBusy || restoreDone.current) return;
    restoreDone.current = true;
    const here = new URLSearchParams(window.location.search);
    if (hasFilterParams(here)) return;
    const q = restoredQuery(tabOf(here));
    if (q) navigate(`${SCREEN_PATH}?${q}`, { replace: true });
  }, [mounted, fetchersBusy, navigate]);

  // Save each tab's filters after a valid search of that tab.
  useEffect(() => {
    const here = new URLSearchParams(location.search);
    if (searched === BUSCAR_RANKING) store(STORAGE_KEY_RANKING, storedQuery(RANKING_KEYS, here));
    else if (searched) store(STORAGE_KEY_EFECTOR, storedQuery(EFECTOR_KEYS, here));
  }, [searched, location.search]);
}

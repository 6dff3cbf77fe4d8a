import { useCallback, useRef } from "react";
import { useLocation, useNavigate } from "@remix-run/react";
import { withParams } from "~/lib/table-state";
import type { DataGridProps } from "./data-grid-props";
import { GridView } from "./GridView";
import { useHydrated } from "./useHydrated";

export type { DataGridProps };

/**
 * The one grid of the lists and heavy reports (docs/decisions/059, 071): AG Grid with JavaScript (sorting, resizing,
 * the 'Filtrar' box live, paging); without it, and until the grid code loads, the same rows as an accessible table
 * sorted, filtered and paged by the URL (?sort=&dir=&filtro=&page=) with the same rules (grid-rules.ts). With
 * JavaScript a sort or a filter is written back to the URL (replacing the entry; the route's loader is not run
 * again: keepLoaderOnGridChange), so a reload or a bookmark shows the grid as it was.
 */
export function DataGrid<T>(props: DataGridProps<T>) {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const latest = useRef(location);
  latest.current = location;
  const writeUrl = useCallback(
    (changes: Record<string, string | null>) => {
      const { pathname, search, hash } = latest.current;
      const next = withParams(search, changes);
      if (next === search || (next === "" && search === "?")) return;
      navigate({ pathname, search: next, hash }, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );
  return <GridView {...props} search={location.search} hydrated={hydrated} writeUrl={writeUrl} />;
}

import { useLocation } from "@remix-run/react";
import type { DataGridProps } from "./data-grid-props";
import { GridView } from "./GridView";
import { useHydrated } from "./useHydrated";

export type { DataGridProps };

/**
 * The one grid of the lists and heavy reports (docs/decisions/059): AG Grid with JavaScript (sorting, resizing,
 * the 'Filtrar' box live, paging); without it, and until the grid code loads, the same rows as an accessible table
 * sorted, filtered and paged by the URL (?sort=&dir=&filtro=&page=) with the same rules (grid-rules.ts).
 */
export function DataGrid<T>(props: DataGridProps<T>) {
  const hydrated = useHydrated();
  const { search } = useLocation();
  return <GridView {...props} search={search} hydrated={hydrated} />;
}

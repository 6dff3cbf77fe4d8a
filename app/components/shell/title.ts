// Screen titles come from each route's `handle.title`; the deepest one wins.
import { useMatches } from "@remix-run/react";

type ScreenHandle = { title?: string };

export function useScreenTitle(fallback = "Sistema Integral de Consultas OSEP"): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].handle as ScreenHandle | undefined;
    if (h?.title) return h.title;
  }
  return fallback;
}

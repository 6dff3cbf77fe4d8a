// The drawer's state for the app shell (docs/decisions/018): on wide screens open or collapsed as the cookie says
// (toggling writes the cookie), on narrow screens an overlay that each page opens as its address says (?menu=abierto)
// and that takes the focus while open (Escape closes it and gives the focus back to the ☰).
import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { DRAWER_COOKIE, NARROW_QUERY, drawerCookie, menuOpenInSearch, type DrawerState } from "./drawer-state";

/** Where an earlier version kept the wide-screen state; moved into the cookie once. */
const LEGACY_KEY = "osep.drawer.open";

/** Moves the wide-screen state an earlier version kept in localStorage into the cookie, once. */
function useLegacyDrawerState(setWideOpen: (open: boolean) => void) {
  useEffect(() => {
    try {
      const legacy = window.localStorage.getItem(LEGACY_KEY);
      if (legacy === null) return;
      window.localStorage.removeItem(LEGACY_KEY);
      if (legacy === "0" && !document.cookie.split(";").some((c) => c.trim().startsWith(`${DRAWER_COOKIE}=`))) {
        document.cookie = drawerCookie("closed", { secure: window.location.protocol === "https:" });
        setWideOpen(false);
      }
    } catch {
      // storage unavailable: nothing to move
    }
  }, [setWideOpen]);
}

/** The drawer's state and its controls; `drawer` is the cookie's state the server painted. */
export function useDrawer(drawer: DrawerState) {
  const location = useLocation();
  const [wideOpen, setWideOpen] = useState(drawer === "open");
  const [narrowOpen, setNarrowOpen] = useState(() => menuOpenInSearch(location.search));
  const narrowButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const focusOnOpen = useRef(false);

  // Each page (an entry chosen, back/forward) starts with the overlay as its address says: closed.
  useEffect(() => setNarrowOpen(menuOpenInSearch(location.search)), [location.key, location.search]);
  useLegacyDrawerState(setWideOpen);

  const toggleWide = () =>
    setWideOpen((open) => {
      document.cookie = drawerCookie(open ? "closed" : "open", { secure: window.location.protocol === "https:" });
      return !open;
    });
  const closeNarrow = useCallback((refocus: boolean) => {
    setNarrowOpen(false);
    if (refocus) narrowButton.current?.focus();
  }, []);
  const toggleNarrow = () =>
    setNarrowOpen((open) => {
      focusOnOpen.current = !open;
      return !open;
    });

  // Overlay open (narrow screens): focus moves into it, Escape closes it and gives the focus back to the ☰.
  useEffect(() => {
    if (!narrowOpen || !window.matchMedia(NARROW_QUERY).matches) return;
    if (focusOnOpen.current) {
      focusOnOpen.current = false;
      nav.current?.querySelector<HTMLElement>("summary, a, button")?.focus();
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented) closeNarrow(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [narrowOpen, closeNarrow]);

  return { wideOpen, narrowOpen, toggleWide, closeNarrow, toggleNarrow, narrowButton, nav };
}

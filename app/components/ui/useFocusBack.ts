// Closing a dialog the URL opened gives the focus back to what opened it (issue 28 for the turnos chips, issue 39 for
// Tiempos de Auditoría). The dialog's own return (Radix) finds no opener: the link navigated, and the dialog mounted
// after the navigation. One way for every such dialog.
import { useEffect, useLayoutEffect, useRef } from "react";

// useLayoutEffect warns on the server; there nothing is focused anyway.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * `open` names the open dialog (null: none; e.g. its slot, its URL). While it opens, the element that has the focus
 * (the link just followed, before the dialog takes the focus) is remembered; when it closes, after the dialog's own
 * focus return (a timer too), that element gets the focus back, or, when it is gone (the list was drawn again), the
 * first element that matches `openerSelector(name)`.
 */
export function useFocusBack(open: string | null, openerSelector: (open: string) => string): void {
  const previous = useRef<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  useBrowserLayoutEffect(() => {
    if (!open || open === previous.current) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active.matches(openerSelector(open)) ? active : null;
  }, [open]);
  useEffect(() => {
    const closed = previous.current;
    previous.current = open;
    if (!closed || open) return;
    const remembered = opener.current;
    opener.current = null;
    const timer = setTimeout(() => {
      const target = remembered?.isConnected ? remembered : document.querySelector<HTMLElement>(openerSelector(closed));
      target?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [open]);
}

/** The selector of the links to `href` (a path with its query), for useFocusBack. */
export const linkTo = (href: string): string => `a[href="${CSS.escape(href)}"]`;

import { useEffect, useState, type HTMLAttributes } from "react";

export type ScrollRegionLabel = { "aria-label"?: string; "aria-labelledby"?: string };

/** True when the element's content overflows it (it can be scrolled). */
export function overflows(
  el: Pick<HTMLElement, "scrollWidth" | "clientWidth" | "scrollHeight" | "clientHeight">,
): boolean {
  return el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
}

/** What a scroll container gets so a keyboard can reach and scroll it, and a screen reader can name it. */
export function scrollRegionProps(scrollable: boolean, label: ScrollRegionLabel): HTMLAttributes<HTMLElement> {
  return scrollable ? { role: "region", tabIndex: 0, ...label } : {};
}

/**
 * A scroll container (overflow: auto) that a keyboard can reach (WCAG 2.1.1, axe scrollable-region-focusable):
 * while its content overflows it is a focusable, named region. Before hydration (and without JavaScript) it
 * assumes it may scroll; in the browser it follows the real overflow as sizes and content change.
 */
export function useScrollRegion<T extends HTMLElement>(
  label: ScrollRegionLabel,
): {
  ref: (node: T | null) => void;
  props: HTMLAttributes<HTMLElement>;
} {
  // A callback ref: the element may appear later (a dialog's body mounts when the dialog opens).
  const [el, ref] = useState<T | null>(null);
  const [scrollable, setScrollable] = useState(true);
  useEffect(() => {
    if (!el) return;
    const check = () => setScrollable(overflows(el));
    check();
    if (typeof ResizeObserver === "undefined") return;
    const sizes = new ResizeObserver(check);
    const watch = () => {
      sizes.disconnect();
      sizes.observe(el);
      for (const child of Array.from(el.children)) sizes.observe(child);
    };
    watch();
    const content = new MutationObserver(() => {
      watch();
      check();
    });
    content.observe(el, { childList: true });
    return () => {
      sizes.disconnect();
      content.disconnect();
    };
  }, [el]);
  return { ref, props: scrollRegionProps(scrollable, label) };
}

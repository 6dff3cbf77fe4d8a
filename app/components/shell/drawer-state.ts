// The drawer's state (docs/decisions/018). Two independent states:
// - wide screens (> 800 px): open or collapsed, remembered in the cookie `osep_menu` so the server renders the
//   remembered state on the first paint (no layout shift); default open.
// - narrow screens (≤ 800 px): an overlay, closed on every page load; `?menu=abierto` in the address opens it
//   (the no-JavaScript path: the ☰ form posts to /menu, which redirects here).
// Pure: used by the layout's loader, the /menu action and the browser alike.

export type DrawerState = "open" | "closed";

export const DRAWER_COOKIE = "osep_menu";
/** The query parameter that opens the overlay on narrow screens without JavaScript. */
const MENU_PARAM = "menu";
const MENU_OPEN_VALUE = "abierto";
/** Width below which (inclusive) the drawer is an overlay; keep in step with app.css. */
const NARROW_MAX_WIDTH = 800;
export const NARROW_QUERY = `(max-width: ${NARROW_MAX_WIDTH}px)`;
const ONE_YEAR = 60 * 60 * 24 * 365;

/** The wide-screen state in a Cookie header; anything but an explicit 'closed' is open (the default). */
export function drawerStateFromCookie(header: string | null | undefined): DrawerState {
  if (!header) return "open";
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === DRAWER_COOKIE) return part.slice(eq + 1).trim() === "closed" ? "closed" : "open";
  }
  return "open";
}

/** The Set-Cookie / document.cookie value for a state (readable by scripts: it is a display preference). */
export function drawerCookie(state: DrawerState, { secure = false }: { secure?: boolean } = {}): string {
  return `${DRAWER_COOKIE}=${state}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Whether the address asks for the narrow-screen overlay open. */
export function menuOpenInSearch(search: string): boolean {
  return new URLSearchParams(search).get(MENU_PARAM) === MENU_OPEN_VALUE;
}

/** `pathname?search` with the overlay parameter set (open) or removed (closed). */
export function withMenu(pathname: string, search: string, open: boolean): string {
  const q = new URLSearchParams(search);
  q.delete(MENU_PARAM);
  if (open) q.set(MENU_PARAM, MENU_OPEN_VALUE);
  const s = q.toString();
  return s ? `${pathname}?${s}` : pathname;
}

/**
 * A same-origin path to go back to (open-redirect guard): must start with a single '/', no backslash, no
 * control characters (Unicode Cc: C0, DEL and C1); anything else → '/home'.
 */
export function safeBackPath(value: unknown): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return "/home";
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return "/home";
  if (/\p{Cc}/u.test(value)) return "/home"; // C0 and C1 control characters and DEL
  try {
    const u = new URL(value, "http://osep.invalid");
    if (u.origin !== "http://osep.invalid") return "/home";
    return u.pathname + u.search;
  } catch {
    return "/home";
  }
}

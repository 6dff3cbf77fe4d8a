// Pure access rules shared by guards, the drawer and the API: route classes, screen matching, throttling.
import { GATED_SCREENS, LOGIN_ONLY_SCREENS, PUBLIC_SCREENS, type OperationCode } from "~db/reference";

export type RouteClass = "public" | "login" | "gated";

export type Permissions = { allowed_screen: string[]; allowed_operation: string[] };

const PUBLIC = new Set<string>(PUBLIC_SCREENS.map((s) => s.path));
const LOGIN_ONLY = new Set<string>(LOGIN_ONLY_SCREENS.map((s) => s.path));
const GATED = new Set<string>(GATED_SCREENS.map((s) => s.path));

/** The screen path that guards a pathname: '/regcapa/12' → '/regcapa', '/regmae/2025/1/x/y' → '/regmae'. */
export function baseScreen(pathname: string): string {
  const clean = pathname.replace(/\/+$/, "") || "/";
  if (clean === "/") return "/";
  return "/" + clean.split("/")[1];
}

/** The route class of spec §2 for a pathname; null for paths that are not screens (API, assets, 404s). */
export function routeClass(pathname: string): RouteClass | null {
  const screen = baseScreen(pathname);
  if (PUBLIC.has(screen)) return "public";
  if (LOGIN_ONLY.has(screen)) return "login";
  if (GATED.has(screen)) return "gated";
  return null;
}

export function canSeeScreen(perms: Permissions, path: string): boolean {
  const screen = baseScreen(path);
  const cls = routeClass(screen);
  if (cls === "public" || cls === "login") return true;
  return perms.allowed_screen.includes(screen);
}

export function canDo(perms: Permissions, code: OperationCode): boolean {
  return perms.allowed_operation.includes(code);
}

// ---- Sign-in throttling -------------------------------------------------------------------------
export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** Failed attempts for one username inside the window before it must wait. */
export const MAX_FAILURES_PER_USER = 5;
/** Failed attempts from one address (a whole office behind one NAT) before it must wait. */
export const MAX_FAILURES_PER_ADDRESS = 100;

export type ThrottleInput = {
  userFailures: number;
  oldestUserFailure: Date | null;
  addressFailures: number;
  oldestAddressFailure: Date | null;
  now: Date;
};

/** null when the attempt may go ahead; otherwise the Spanish message to show. Only failures count. */
export function throttleMessage(t: ThrottleInput): string | null {
  const waitFor = (oldest: Date | null) =>
    Math.max(1, Math.ceil(((oldest?.getTime() ?? t.now.getTime()) + THROTTLE_WINDOW_MS - t.now.getTime()) / 60_000));
  if (t.userFailures >= MAX_FAILURES_PER_USER) {
    return `Demasiados intentos fallidos para este usuario. Intente nuevamente en ${minutes(waitFor(t.oldestUserFailure))}.`;
  }
  if (t.addressFailures >= MAX_FAILURES_PER_ADDRESS) {
    return `Demasiados intentos fallidos desde esta dirección. Intente nuevamente en ${minutes(waitFor(t.oldestAddressFailure))}.`;
  }
  return null;
}

function minutes(n: number): string {
  return n === 1 ? "1 minuto" : `${n} minutos`;
}

// ---- Session lifetime ---------------------------------------------------------------------------
export const SESSION_MAX_AGE_MS = 12 * 60 * 60_000;
export const SESSION_IDLE_MS = 2 * 60 * 60_000;
export const API_TOKEN_MAX_AGE_MS = 12 * 60 * 60_000;

export function sessionAlive(
  s: { expiresAt: Date; lastSeenAt: Date; revokedAt: Date | null; kind: string },
  now: Date,
): boolean {
  if (s.revokedAt) return false;
  if (s.expiresAt.getTime() <= now.getTime()) return false;
  if (s.kind === "cookie" && s.lastSeenAt.getTime() + SESSION_IDLE_MS <= now.getTime()) return false;
  return true;
}

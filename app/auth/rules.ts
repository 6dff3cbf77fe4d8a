// Pure access rules shared by guards, the drawer and the API: route classes, screen matching, the public lookup's
// exemption, throttling.
import {
  DRAWER_GRANT_SCREENS,
  GATED_SCREENS,
  LOGIN_ONLY_SCREENS,
  PUBLIC_SCREENS,
  type OperationCode,
} from "~db/reference";

export type RouteClass = "public" | "login" | "gated";

export type Permissions = { allowed_screen: string[]; allowed_operation: string[] };

const PUBLIC = new Set<string>(PUBLIC_SCREENS.map((s) => s.path));
const LOGIN_ONLY = new Set<string>(LOGIN_ONLY_SCREENS.map((s) => s.path));
const GATED = new Set<string>(GATED_SCREENS.map((s) => s.path));
/**
 * Login-only screens a profile is granted (drawer entries, ADR 029): /turnos and /listado-turnos. Signed out they
 * send to '/' like every login-only screen; signed in they need the grant like a gated one (ADR 030).
 */
const GRANTED_LOGIN = new Set<string>(DRAWER_GRANT_SCREENS.filter((p) => LOGIN_ONLY.has(p)));

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

/**
 * May a signed-in user with `perms` see the screen of `path` (its base path)? Public and login-only screens: yes,
 * except the login-only screens profiles are granted (/turnos, /listado-turnos: ADR 030); gated screens and those:
 * only with the path in allowed_screen. (Signed-out users never get here: the guards send them to '/' first.)
 */
export function canSeeScreen(perms: Permissions, path: string): boolean {
  const screen = baseScreen(path);
  const cls = routeClass(screen);
  if (cls === "public") return true;
  if (cls === "login" && !GRANTED_LOGIN.has(screen)) return true;
  return perms.allowed_screen.includes(screen);
}

export function can(perms: Permissions, code: OperationCode): boolean {
  return perms.allowed_operation.includes(code);
}

// ---- The public coverage lookup's limits (ADR 026) ----------------------------------------------------------------

/**
 * The screens that show members by DNI to staff: the registry (/consultar-padron) and the special-coverage lookup
 * as a drawer entry (/consulta-coberturas-esp). A profile that holds one already sees members one by one.
 */
const MEMBER_LOOKUP_SCREENS = ["/consultar-padron", "/consulta-coberturas-esp"] as const;

/**
 * Is a signed-in user with `perms` exempt from the public lookup's per-address and global limits (ADR 026, issue 26)?
 * Only when the profile holds a member screen; any other signed-in user (a provider's account, a profile of
 * statistics only) counts as the public. Every lookup is audited either way.
 */
export function exemptFromPublicLookupLimit(perms: Permissions | null | undefined): boolean {
  if (!perms) return false;
  return MEMBER_LOOKUP_SCREENS.some((s) => perms.allowed_screen.includes(s));
}

// ---- Sign-in throttling (ADR 025) ---------------------------------------------------------------
// Only failures count. A failure is a wrong password for a user name (known or not), at sign-in or at the
// current-password check of a password change. Three limits; the counting is done by login.server.ts.

/** Consecutive failures of one user at one address that need no wait. */
export const FREE_FAILURES = 5;
/** The wait after the FREE_FAILURES-th failure; it doubles with each further one... */
export const FIRST_WAIT_MS = 60_000;
/** ...up to this. */
export const MAX_WAIT_MS = 60 * 60_000;
/** Failures older than this are forgotten (a success at that address forgets them at once). */
export const FAILURE_MEMORY_MS = 24 * 60 * 60_000;
/** Failures against one user from every address (in FAILURE_MEMORY_MS) before unknown addresses back off too. */
export const FREE_FAILURES_PER_USER = 20;
/** Failures from one address, any user names (spraying), in ADDRESS_WINDOW_MS, before unknown sign-ins wait. */
export const MAX_FAILURES_PER_ADDRESS = 100;
export const ADDRESS_WINDOW_MS = 15 * 60_000;
/** An address where the user signed in successfully within this time is a known address of that user. */
export const KNOWN_ADDRESS_MS = 60 * 24 * 60 * 60_000;

/** The wait after `failures` failures when the first `free` need none: 1 minute, doubling, capped. */
export function backoffMs(failures: number, free: number = FREE_FAILURES): number {
  if (failures < free) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(failures - free, 30));
}

export type ThrottleInput = {
  /** Failures of this user name at this address, and the last one. */
  pairFailures: number;
  lastPairFailure: Date | null;
  /** Failures against this user name from every address, and the last one. */
  userFailures: number;
  lastUserFailure: Date | null;
  /** Failures from this address (any user name) in ADDRESS_WINDOW_MS, and the oldest of them. */
  addressFailures: number;
  oldestAddressFailure: Date | null;
  /** The user signed in successfully from this address within KNOWN_ADDRESS_MS. */
  knownAddress: boolean;
  now: Date;
};

export type ThrottleWait = { ms: number; reason: "usuario" | "direccion" };

/**
 * How long this attempt must wait, or null when it may go ahead. The user's own failures at this address
 * always count; failures from elsewhere (against the user, or from the address against anyone) only slow
 * addresses the user has not signed in from, so nobody can lock a user out of their usual address.
 */
export function throttleWait(t: ThrottleInput): ThrottleWait | null {
  const left = (since: Date | null, wait: number) =>
    wait > 0 ? Math.max(0, (since?.getTime() ?? t.now.getTime()) + wait - t.now.getTime()) : 0;
  let user = left(t.lastPairFailure, backoffMs(t.pairFailures));
  let address = 0;
  if (!t.knownAddress) {
    user = Math.max(user, left(t.lastUserFailure, backoffMs(t.userFailures, FREE_FAILURES_PER_USER)));
    if (t.addressFailures >= MAX_FAILURES_PER_ADDRESS) address = left(t.oldestAddressFailure, ADDRESS_WINDOW_MS);
  }
  if (user === 0 && address === 0) return null;
  return { ms: Math.max(user, address), reason: user > 0 ? "usuario" : "direccion" };
}

/** null when the attempt may go ahead; otherwise the Spanish message that says when to try again. */
export function throttleMessage(t: ThrottleInput): string | null {
  const wait = throttleWait(t);
  if (!wait) return null;
  const who = wait.reason === "usuario" ? "para este usuario" : "desde esta dirección";
  return `Demasiados intentos fallidos ${who}. Intente nuevamente en ${minutes(Math.max(1, Math.ceil(wait.ms / 60_000)))}.`;
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

// Process configuration read from the environment, in one place.
export function demoMode(): boolean {
  if (process.env.DEMO === "1") return true;
  if (process.env.DEMO === "0") return false;
  return !process.env.DATABASE_URL; // the embedded default is the demo
}

export function secureCookies(): boolean {
  if (process.env.COOKIE_SECURE === "1") return true;
  if (process.env.COOKIE_SECURE === "0") return false;
  return process.env.NODE_ENV === "production" && !demoMode();
}

// ---- Settings with bounds: read on each call (tests pass their own env), checked once at start-up ----------------

/** The environment as the settings read it (process.env, or a test's own object). */
export type Env = Readonly<Record<string, string | undefined>>;

/** A setting of the environment with a value the app cannot use: the message names the variable and what it takes. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** A whole number in [min, max] from `name`, or `fallback` when unset or blank; anything else is a ConfigError. */
function boundedInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d{1,12}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(
      `${name} debe ser un número entero entre ${min} y ${max} (valor recibido: ${JSON.stringify(raw.slice(0, 40))}).`,
    );
  }
  return Number(raw);
}

/** A whole number in [1, max] from `name`, or `fallback` when unset or blank; anything else is a ConfigError. */
function positiveInt(env: Env, name: string, fallback: number, max: number): number {
  return boundedInt(env, name, fallback, 1, max);
}

/**
 * How long a process may reuse a session lookup (SESSION_CACHE_MS, default 1000; 0 = never): the longest a sign-out,
 * a revoked session or a permission change made on another instance takes to apply here. At most 2000, the bound the
 * product promises (docs/decisions/042-session-cache.md).
 */
export function sessionCacheMs(env: Env = process.env): number {
  return boundedInt(env, "SESSION_CACHE_MS", 1000, 0, 2000);
}

/** The public coverage lookup's limits (docs/decisions/026-authorisation-listings-and-public-lookup-limits.md). */
export type PublicLookupConfig = {
  /** Lookups one client address may make per window (PUBLIC_LOOKUP_MAX, default 20). */
  max: number;
  /** The per-address window in milliseconds (PUBLIC_LOOKUP_WINDOW_S in seconds, default 300). */
  windowMs: number;
  /** Lookups of all addresses together in the last hour (PUBLIC_LOOKUP_GLOBAL_MAX_PER_HOUR, default 2000). */
  globalMaxPerHour: number;
};

const PUBLIC_LOOKUP_DEFAULTS = { max: 20, windowS: 300, globalMaxPerHour: 2000 } as const;

export function publicLookupConfig(env: Env = process.env): PublicLookupConfig {
  return {
    max: positiveInt(env, "PUBLIC_LOOKUP_MAX", PUBLIC_LOOKUP_DEFAULTS.max, 100_000),
    windowMs: positiveInt(env, "PUBLIC_LOOKUP_WINDOW_S", PUBLIC_LOOKUP_DEFAULTS.windowS, 86_400) * 1000,
    globalMaxPerHour: positiveInt(
      env,
      "PUBLIC_LOOKUP_GLOBAL_MAX_PER_HOUR",
      PUBLIC_LOOKUP_DEFAULTS.globalMaxPerHour,
      10_000_000,
    ),
  };
}

/** Most web processes WEB_CONCURRENCY may ask for (one machine: more than this is a typo, not a plan). */
const WEB_CONCURRENCY_MAX = 64;

/**
 * How many web processes `npm start` runs (WEB_CONCURRENCY, default 1): with DATABASE_URL, N ≥ 2 forks N workers
 * with node:cluster on the same HOST:PORT (server/cluster.ts, docs/decisions/043-scale-out-web-concurrency.md).
 */
export function webConcurrency(env: Env = process.env): number {
  return positiveInt(env, "WEB_CONCURRENCY", 1, WEB_CONCURRENCY_MAX);
}

/**
 * How many live-grid event streams one web process holds open at once (LIVE_MAX_STREAMS, default 1000): beyond it a
 * new stream is refused with 503 and Retry-After (docs/decisions/052-live-turnos-grid.md, amended by issue 35). Each
 * stream holds a socket (a file descriptor) and ~40 KiB.
 */
export function liveMaxStreams(env: Env = process.env): number {
  return positiveInt(env, "LIVE_MAX_STREAMS", 1000, 100_000);
}

/** How the processes write their log (LOG_FORMAT): `text` (default) for a person at a terminal, `json` for a machine. */
export type LogFormat = "text" | "json";

/** LOG_FORMAT: `text` (default) or `json` (one JSON object per line; docs/decisions/065-json-logs.md). */
export function logFormat(env: Env = process.env): LogFormat {
  const raw = env.LOG_FORMAT?.trim().toLowerCase();
  if (raw === undefined || raw === "" || raw === "text") return "text";
  if (raw === "json") return "json";
  throw new ConfigError(
    `LOG_FORMAT debe ser 'text' o 'json' (valor recibido: ${JSON.stringify(env.LOG_FORMAT!.trim().slice(0, 40))}).`,
  );
}

/** Every bounded setting, checked at start-up (server/bootstrap.ts): a bad value stops the start with its message. */
export function checkConfig(env: Env = process.env): void {
  publicLookupConfig(env);
  sessionCacheMs(env);
  webConcurrency(env);
  liveMaxStreams(env);
  logFormat(env);
}

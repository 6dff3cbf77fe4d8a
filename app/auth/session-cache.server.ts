// A short-lived per-process memory of session lookups (docs/decisions/042-session-cache.md). Every request of the
// JSON API and of the screens starts by resolving its token; without this, that is a database round trip per
// request before any work. An entry is used for at most SESSION_CACHE_MS (default 1 s) after it was read, so a change
// made anywhere else (another app instance, a DBA's SQL) reaches this process within that time. A change made by this
// process (sign-out, revoked sessions, a user or profile written through the modules) forgets every entry at once,
// after its commit, so it applies on the very next request here.
import { sessionCacheMs } from "~/lib/config.server";

/** The entry limit: a memory bound, far above the sessions one instance serves in one second. */
const MAX_ENTRIES = 10_000;

type Entry<T> = { value: T; readAt: number };

const key = Symbol.for("osep.sessionCache");
type Store = { entries: Map<string, Entry<unknown>>; generation: number };
const g = globalThis as typeof globalThis & { [key]?: Store };
// on globalThis: the server bundle and the test runner's modules must share one memory per process
const store: Store = (g[key] ??= { entries: new Map(), generation: 0 });

/**
 * The value for `id` read less than SESSION_CACHE_MS ago, else `load()`'s (remembered unless something was forgotten
 * while it loaded: a lookup that raced a sign-out must not bring the old session back).
 */
export async function cachedSession<T>(id: string, load: () => Promise<T>, clock = performance.now()): Promise<T> {
  const ttl = sessionCacheMs();
  if (ttl <= 0) return load();
  const hit = store.entries.get(id) as Entry<T> | undefined;
  if (hit && clock - hit.readAt < ttl) return hit.value;
  const generation = store.generation;
  const value = await load();
  if (generation === store.generation) {
    if (store.entries.size >= MAX_ENTRIES) store.entries.clear();
    store.entries.set(id, { value, readAt: clock });
  }
  return value;
}

/** Forgets every remembered session: call after committing a change to sessions, users, profiles or their grants. */
export function forgetSessions(): void {
  store.generation++;
  store.entries.clear();
}

// Per-request context (client address, user id and request id for the log), carried with AsyncLocalStorage.
// The store lives on globalThis so the HTTP server (outside the Remix bundle) and the app share it.
import { AsyncLocalStorage } from "node:async_hooks";

export type RequestContext = {
  address: string;
  userAgent: string;
  userId: number | null;
  /**
   * The request's id (server/log/request-id.ts): answered in X-Request-Id and written on every log line printed while
   * the request is served (LOG_FORMAT=json, docs/decisions/065-json-logs.md).
   */
  requestId?: string;
  /** Seconds the answer's Retry-After asks for, noted by the limit that refused the request (a 429; ADR 045). */
  retryAfterS?: number;
  /** Results computed once per request (e.g. the session user, read by the layout and the screen loaders). */
  memo?: Map<string, Promise<unknown>>;
};

const key = Symbol.for("osep.requestContext");
const g = globalThis as typeof globalThis & { [key]?: AsyncLocalStorage<RequestContext> };
export const requestContext: AsyncLocalStorage<RequestContext> = (g[key] ??= new AsyncLocalStorage<RequestContext>());

export function currentContext(): RequestContext {
  return requestContext.getStore() ?? { address: "local", userAgent: "", userId: null };
}

/** Records the signed-in user of this request for the request log. */
export function noteUser(userId: number): void {
  const store = requestContext.getStore();
  if (store) store.userId = userId;
}

/** A limit refused this request for `ms` more milliseconds: its 429 carries Retry-After (whole seconds, ≥ 1). */
export function noteRetryAfter(ms: number): void {
  const store = requestContext.getStore();
  if (store) store.retryAfterS = Math.max(1, Math.ceil(ms / 1000));
}

/** Runs `load` once per request for `key` (every call outside a request runs it). */
export function oncePerRequest<T>(key: string, load: () => Promise<T>): Promise<T> {
  const store = requestContext.getStore();
  if (!store) return load();
  store.memo ??= new Map();
  let p = store.memo.get(key) as Promise<T> | undefined;
  if (!p) {
    p = load();
    store.memo.set(key, p);
  }
  return p;
}

// A database restart is not an error page (docs/decisions/045-database-outage-answer.md): every loader and action
// of the server build is wrapped so that a connection-class database error (db/outage.ts: the server refused, shut
// down or dropped the connection) becomes 503 with Retry-After and 'El servicio no está disponible…' — JSON { msg }
// for a program, the app's page for a person (the root error boundary, or errorResponse for a resource route) —
// instead of a 500. The pool already waited for the server and ran a lost read once more (db/patient-pool.ts).
import type { ServerBuild } from "@remix-run/node";
import { isConnectionError } from "~db/outage";
import { errorSummary } from "./log-safe.server";
import { errorResponse } from "./http.server";
import { MSG_SERVICIO_NO_DISPONIBLE } from "./messages";

/** True for a database outage (refused, shut down, connection lost): let it reach the wrapper, it answers 503. */
export const isDatabaseOutage = isConnectionError;

/** Seconds a client is asked to wait before trying again. */
export const OUTAGE_RETRY_AFTER_S = 5;

/** The 503 answer for `request`: JSON { msg } for a program, the error page for a browser; Retry-After, no-store. */
function outageResponse(request: Request): Response {
  const res = errorResponse(request, 503, MSG_SERVICIO_NO_DISPONIBLE);
  res.headers.set("Retry-After", String(OUTAGE_RETRY_AFTER_S));
  return res;
}

/** One log line per LOG_EVERY_MS at most while the database is down (with how many answers it stands for). */
const LOG_EVERY_MS = 5_000;
let loggedAt = 0;
let unlogged = 0;

function logOutage(e: unknown, where: string): void {
  const now = Date.now();
  if (now - loggedAt < LOG_EVERY_MS) {
    unlogged++;
    return;
  }
  const more = unlogged ? ` (y ${unlogged} respuestas 503 más desde el aviso anterior)` : "";
  loggedAt = now;
  unlogged = 0;
  console.error(`[db] base de datos no disponible: 503 en ${where}${more}: ${errorSummary(e)}`);
}

type Handler = (args: { request: Request }) => unknown;

function guarded(fn: Handler, where: string): Handler {
  return async (args) => {
    try {
      return await fn(args);
    } catch (e) {
      if (e instanceof Response || !isConnectionError(e)) throw e;
      logOutage(e, where);
      throw outageResponse(args.request);
    }
  };
}

/** The build with every route's loader and action answering a database outage with 503 (module objects copied). */
export function withOutageAnswers(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const mod = route.module as unknown as Record<string, unknown>;
    const wrapped: Record<string, unknown> = { ...mod };
    if (typeof mod.loader === "function") wrapped.loader = guarded(mod.loader as Handler, `${id} (loader)`);
    if (typeof mod.action === "function") wrapped.action = guarded(mod.action as Handler, `${id} (action)`);
    routes[id] = { ...route, module: wrapped as unknown as typeof route.module };
  }
  return { ...build, routes };
}

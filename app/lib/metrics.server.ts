// The app's side of the Prometheus metrics (docs/decisions/064-prometheus-metrics.md): the counters the app's modules
// move. The metric objects live on globalThis under Symbol.for("osep.metrics"), put there by server/metrics/registry.ts
// (the HTTP server), so the Remix build and the server bundle, which each have their own copy of this file, move the
// SAME counters. Without the server (tests, scripts) or with METRICS=0 there is none, and every call does nothing.
// Labels are fixed words of this file: never a DNI, a name, a user name or a URL.
import type { Counter, Gauge } from "prom-client";

export type AppMetrics = {
  signInFailures: Counter<"reason">;
  liveStreams: Gauge;
  scheduledReportRuns: Counter<"outcome">;
};

const KEY = Symbol.for("osep.metrics");
type WithMetrics = typeof globalThis & { [KEY]?: AppMetrics };

/** The shared metrics, or null when nobody set them up (metrics off, or not in the web server). */
function appMetrics(): AppMetrics | null {
  return (globalThis as WithMetrics)[KEY] ?? null;
}

/** Called once by the server's registry: from then on both bundles move these objects. */
export function installAppMetrics(m: AppMetrics): void {
  (globalThis as WithMetrics)[KEY] = m;
}

const SIGN_IN_REASONS = { 401: "bad_credentials", 403: "inactive_user", 429: "throttled" } as const;

/** A refused sign-in: wrong user or password (401), inactive user (403), throttled (429). */
export function countSignInFailure(status: keyof typeof SIGN_IN_REASONS): void {
  appMetrics()?.signInFailures.inc({ reason: SIGN_IN_REASONS[status] });
}

/** An event stream of the live grid opened (+1) or closed (-1) in this process. */
export function countLiveStream(delta: 1 | -1): void {
  appMetrics()?.liveStreams.inc(delta);
}

/** A run of a scheduled report ended: its file written ('ok') or its error kept on the schedule ('error'). */
export function countScheduledReportRun(outcome: "ok" | "error"): void {
  appMetrics()?.scheduledReportRuns.inc({ outcome });
}

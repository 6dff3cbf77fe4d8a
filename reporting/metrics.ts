// The reporting side of the Prometheus metrics (docs/decisions/064-prometheus-metrics.md): `reporting/` never
// imports `app/`, so it reads the shared metric objects on globalThis itself (put there by server/metrics/registry.ts;
// absent without the web server or with METRICS=0, and then nothing is counted).
import type { Counter } from "prom-client";

const KEY = Symbol.for("osep.metrics.reporting");
type ReportingMetrics = { rosterGenerations: Counter<"roster" | "outcome"> };
type WithMetrics = typeof globalThis & { [KEY]?: ReportingMetrics };

/** Called once by the server's registry. */
export function installReportingMetrics(m: ReportingMetrics): void {
  (globalThis as WithMetrics)[KEY] = m;
}

/** A pharmacy roster generation ended (`roster` is one of the four fixed roster kinds). */
export function countRosterGeneration(roster: string, outcome: "ok" | "error"): void {
  (globalThis as WithMetrics)[KEY]?.rosterGenerations.inc({ roster, outcome });
}

// The one Prometheus registry of a process (docs/decisions/064-prometheus-metrics.md), with every metric the app
// exposes. It lives on globalThis under Symbol.for("osep.metrics.registry"): the server bundle and the Remix build
// each have their own copy of the modules they share, and both must count into this one object (the app's modules
// reach their counters through ~/lib/metrics.server and ~reporting/metrics, which read globalThis too). Names follow
// Prometheus's conventions (osep_ prefix, base units, _total for counters); labels carry only fixed words and the
// route PATTERN (/api/afiliado/buscarporidafi/:id), never a DNI, a name, a user name or a URL's query.
import cluster from "node:cluster";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { installAppMetrics } from "~/lib/metrics.server";
import { installReportingMetrics } from "~reporting/metrics";
import { registerStateGauges } from "./state";

/** METRICS=0 turns /metrics and the per-request counting off (the cost bench compares both). */
export function metricsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.METRICS !== "0";
}

type HttpMetrics = {
  duration: Histogram<"route" | "method" | "status_class">;
  inFlight: Gauge;
  errors: Counter<"route" | "status">;
};

export type SharedMetrics = { registry: Registry; http: HttpMetrics; workerRestarts: Counter };

const KEY = Symbol.for("osep.metrics.registry");
type WithRegistry = typeof globalThis & { [KEY]?: SharedMetrics };

/** This process's registry and metrics, made on first use (by the HTTP server, or the cluster's primary). */
export function sharedMetrics(): SharedMetrics {
  const g = globalThis as WithRegistry;
  return (g[KEY] ??= create());
}

function create(): SharedMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const http: HttpMetrics = {
    duration: new Histogram({
      name: "osep_http_request_duration_seconds",
      help: "Duración de las respuestas HTTP por patrón de ruta, método y clase de estado (2xx…5xx).",
      labelNames: ["route", "method", "status_class"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    inFlight: new Gauge({
      name: "osep_http_requests_in_flight",
      help: "Pedidos HTTP en curso (incluye los flujos de eventos abiertos).",
      registers,
    }),
    errors: new Counter({
      name: "osep_http_errors_total",
      help: "Respuestas 429 y 5xx por patrón de ruta y código (503: base caída o límite; 500: error inesperado).",
      labelNames: ["route", "status"],
      registers,
    }),
  };
  installAppMetrics({
    signInFailures: new Counter({
      name: "osep_sign_in_failures_total",
      help: "Ingresos rechazados: credenciales incorrectas, usuario inactivo o demasiados intentos.",
      labelNames: ["reason"],
      registers,
    }),
    liveStreams: new Gauge({
      name: "osep_live_streams_open",
      help: "Flujos de eventos de la grilla en vivo abiertos.",
      registers,
    }),
    scheduledReportRuns: new Counter({
      name: "osep_scheduled_report_runs_total",
      help: "Ejecuciones de reportes programados por resultado (ok, error).",
      labelNames: ["outcome"],
      registers,
    }),
  });
  installReportingMetrics({
    rosterGenerations: new Counter({
      name: "osep_roster_generations_total",
      help: "Generaciones de padrones de farmacia por padrón y resultado (ok, error).",
      labelNames: ["roster", "outcome"],
      registers,
    }),
  });
  const workerRestarts = new Counter({
    name: "osep_web_worker_restarts_total",
    help: "Procesos web (WEB_CONCURRENCY) que terminaron y el proceso principal reemplazó.",
    registers,
  });
  new Gauge({
    name: "osep_processes",
    help: "Procesos que suman estas métricas: el principal y los procesos web de WEB_CONCURRENCY.",
    labelNames: ["role"],
    registers,
  }).set({ role: cluster.isWorker ? "worker" : "primary" }, 1);
  new Gauge({
    name: "osep_newest_process_start_time_seconds",
    help: "Inicio (segundos desde 1970) del proceso más reciente: cambia cuando un proceso se reinicia.",
    aggregator: "max",
    registers,
  }).set(Math.round(Date.now() / 1000 - process.uptime()));
  registerStateGauges(registry);
  return { registry, http, workerRestarts };
}

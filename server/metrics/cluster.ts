// /metrics under WEB_CONCURRENCY (docs/decisions/064-prometheus-metrics.md): the workers receive the HTTP requests,
// but the answer must cover every worker AND the primary (which runs the schedule: refreshes, rosters, scheduled
// reports, and replaces workers). So a worker that is asked for /metrics asks the primary over the cluster's IPC
// channel; the primary asks every connected worker for its registry as JSON, adds its own and merges them with
// prom-client's AggregatorRegistry.aggregate (counters and histograms summed, gauges by each one's aggregator), and
// sends the text back. prom-client's clusterMetrics() cannot be used as is: it only gathers the workers, and its
// text cannot be merged with the primary's (a metric family may appear only once in an answer).
import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry, type Registry } from "prom-client";
import { sharedMetrics } from "./registry";

type MetricsJson = Awaited<ReturnType<Registry["getMetricsAsJSON"]>>;
type Message =
  | { type: "osep:metrics:ask"; id: number }
  | { type: "osep:metrics:answer"; id: number; text?: string; error?: string }
  | { type: "osep:metrics:collect"; id: number }
  | { type: "osep:metrics:collected"; id: number; metrics: MetricsJson };

/** A worker that does not answer within this time is left out of the answer (it may be dying). */
const WORKER_TIMEOUT_MS = 3000;
/** How long a worker waits for the primary's merged answer. */
const PRIMARY_TIMEOUT_MS = 5000;

let nextId = 0;
const waiting = new Map<number, (m: Message) => void>();

function awaitReply(id: number, timeoutMs: number): Promise<Message | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      resolve(null);
    }, timeoutMs);
    waiting.set(id, (m) => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve(m);
    });
  });
}

const isOurs = (m: unknown): m is Message =>
  typeof m === "object" && m !== null && String((m as { type?: unknown }).type).startsWith("osep:metrics:");

/** The Prometheus text of this process, or of the whole cluster when this is one of its workers. */
export async function metricsText(): Promise<string> {
  if (!cluster.isWorker) return sharedMetrics().registry.metrics();
  const id = nextId++;
  const reply = awaitReply(id, PRIMARY_TIMEOUT_MS);
  process.send!({ type: "osep:metrics:ask", id } satisfies Message);
  const m = await reply;
  if (m?.type !== "osep:metrics:answer" || m.text === undefined) {
    throw new Error(m?.type === "osep:metrics:answer" ? m.error : "el proceso principal no respondió");
  }
  return m.text;
}

/** In a worker: answers the primary's requests for this registry and receives its merged answers. Idempotent. */
let workerListening = false;
export function listenToPrimary(): void {
  if (workerListening || !cluster.isWorker) return;
  workerListening = true;
  process.on("message", (m: unknown) => {
    if (!isOurs(m)) return;
    if (m.type === "osep:metrics:answer") waiting.get(m.id)?.(m);
    if (m.type !== "osep:metrics:collect") return;
    void sharedMetrics()
      .registry.getMetricsAsJSON()
      .then((metrics) => process.send?.({ type: "osep:metrics:collected", id: m.id, metrics } satisfies Message));
  });
}

async function clusterText(): Promise<string> {
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w?.isConnected()));
  const replies = await Promise.all(
    workers.map((w) => {
      const id = nextId++;
      const reply = awaitReply(id, WORKER_TIMEOUT_MS);
      w.send({ type: "osep:metrics:collect", id } satisfies Message);
      return reply;
    }),
  );
  const own = await sharedMetrics().registry.getMetricsAsJSON();
  const all = replies.flatMap((m) => (m?.type === "osep:metrics:collected" ? [m.metrics] : []));
  return AggregatorRegistry.aggregate([...all, own]).metrics();
}

/** In the primary: merges the cluster's metrics for the worker that was asked for /metrics. */
export function relayForWorkers(): void {
  sharedMetrics();
  cluster.on("message", (worker: Worker, m: unknown) => {
    if (!isOurs(m)) return;
    if (m.type === "osep:metrics:collected") waiting.get(m.id)?.(m);
    if (m.type !== "osep:metrics:ask") return;
    clusterText().then(
      (text) => worker.send({ type: "osep:metrics:answer", id: m.id, text } satisfies Message),
      (e: unknown) => worker.send({ type: "osep:metrics:answer", id: m.id, error: String(e) } satisfies Message),
    );
  });
}

/** In the primary: a worker died and is being replaced (osep_web_worker_restarts_total). */
export function countWorkerRestart(): void {
  sharedMetrics().workerRestarts.inc();
}

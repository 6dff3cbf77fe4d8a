// Scale-out on one machine (issue 16, docs/decisions/043-scale-out-web-concurrency.md): WEB_CONCURRENCY=N with
// DATABASE_URL runs N web processes (node:cluster) on the same HOST:PORT. The primary has done the one-time work
// (build, Chromium, migrate/seed) before forking; it owns the reporting schedule (unless the deployment runs
// `npm run worker`), replaces a worker that dies (backing off when one dies at once repeatedly) and, on
// SIGTERM/SIGINT, stops the workers gracefully before it exits. Workers only serve.
import cluster, { type Worker } from "node:cluster";
import { ConfigError, checkConfig, webConcurrency, type Env } from "~/lib/config.server";
import { closeDb } from "~db/client.server";
import { startBackgroundJobs, stopBackgroundJobs } from "./background";
import { countWorkerRestart, relayForWorkers } from "./metrics/cluster";
import { metricsEnabled } from "./metrics/registry";
import { startServer } from "./server";

export type ClusterPlan = { workers: number; note: string | null };

/** How many web processes to run: WEB_CONCURRENCY, but one on the embedded database (PGlite is one process's). */
export function clusterPlan(env: Env = process.env): ClusterPlan {
  const n = webConcurrency(env);
  if (n > 1 && !env.DATABASE_URL) {
    return {
      workers: 1,
      note:
        `WEB_CONCURRENCY=${n} no se aplica: la base embebida (PGlite) pertenece a un solo proceso, se atiende con ` +
        "uno. Para varios procesos, use PostgreSQL (DATABASE_URL).",
    };
  }
  return { workers: n, note: null };
}

/** The settings checked before any work: a bad value prints its message (no stack trace) and stops the start. */
export function planOrExit(env: Env = process.env): ClusterPlan {
  try {
    checkConfig(env);
    return clusterPlan(env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}

/**
 * The environment a web worker adds to the primary's: the schedule is never a worker's (read-only
 * REPORTING_SCHEDULER=worker: refresh requests go to the primary or to `npm run worker`), and only slot 0 warms
 * the PDF browser (the others start theirs on their first PDF; PDF_WARMUP=0 keeps it off everywhere).
 */
export function workerEnv(slot: number, env: Env = process.env): Record<string, string> {
  return {
    REPORTING_SCHEDULER: "worker",
    PDF_WARMUP: slot === 0 && env.PDF_WARMUP !== "0" ? (env.PDF_WARMUP ?? "1") : "0",
  };
}

/** A worker alive this long was not a start-up failure: its replacement starts at once and the back-off resets. */
export const QUICK_DEATH_MS = 10_000;
export const MAX_RESTART_DELAY_MS = 30_000;

/**
 * How long to wait before replacing a worker that died after `uptimeMs`, `quickDeaths` being how many of its
 * slot's workers in a row (this one included) died within QUICK_DEATH_MS: at once the first time, then 1 s, 2 s,
 * 4 s… up to 30 s.
 */
export function restartDelayMs(uptimeMs: number, quickDeaths: number): number {
  if (uptimeMs >= QUICK_DEATH_MS || quickDeaths <= 1) return 0;
  return Math.min(1000 * 2 ** (quickDeaths - 2), MAX_RESTART_DELAY_MS);
}

function readyUrl(): string {
  const host = process.env.HOST || "127.0.0.1";
  return `http://${host === "0.0.0.0" ? "localhost" : host}:${Number(process.env.PORT || 3000)}`;
}

type Slot = { worker: Worker | null; startedAt: number; quickDeaths: number; timer: NodeJS.Timeout | null };

/**
 * The primary of WEB_CONCURRENCY=n: forks the workers, says "OSEP listo" once all of them listen, replaces the
 * ones that die, stops them all on SIGTERM/SIGINT. Resolves once the cluster serves; a worker that dies before
 * the cluster was ever ready is a failed start (everything stops, exit code 1).
 */
export function runPrimary(n: number): Promise<void> {
  // the deployment's own REPORTING_SCHEDULER=worker: a separate `npm run worker` refreshes, nobody here
  const ownsSchedule = process.env.REPORTING_SCHEDULER !== "worker";
  const slots: Slot[] = Array.from({ length: n }, () => ({ worker: null, startedAt: 0, quickDeaths: 0, timer: null }));
  let ready = false;
  let stopping = false;
  if (metricsEnabled()) relayForWorkers(); // the workers' /metrics answers for all of them and this process (ADR 064)

  const fork = (i: number) => {
    const slot = slots[i];
    slot.timer = null;
    slot.startedAt = Date.now();
    slot.worker = cluster.fork(workerEnv(i, process.env));
    console.log(`[cluster] proceso web ${slot.worker.id} iniciado (pid ${slot.worker.process.pid})`);
  };

  const exit = (code: number) => {
    const live = () => slots.filter((s) => s.worker).length;
    const done = () => {
      void (ownsSchedule ? stopBackgroundJobs() : Promise.resolve())
        .then(() => closeDb())
        .finally(() => process.exit(code));
    };
    // a worker that does not finish in time is killed; the primary never hangs, not even when its own closing
    // (the schedule, the pool) does not end
    setTimeout(() => slots.forEach((s) => s.worker?.process.kill("SIGKILL")), 8000).unref();
    setTimeout(() => process.exit(code), 10_000).unref();
    for (const s of slots) {
      if (s.timer) clearTimeout(s.timer);
      s.worker?.process.kill("SIGTERM"); // each worker closes its server, its pool and its PDF browser, then exits
    }
    if (live() === 0) return done();
    cluster.on("exit", () => {
      if (live() === 0) done();
    });
  };

  return new Promise<void>((resolve) => {
    const listened = new Set<Worker>();
    cluster.on("listening", (worker) => {
      if (ready || stopping) return;
      listened.add(worker);
      if (!slots.every((s) => s.worker && listened.has(s.worker))) return;
      ready = true;
      console.log(`OSEP listo en ${readyUrl()} (${n} procesos web, WEB_CONCURRENCY=${n})`);
      if (ownsSchedule) startBackgroundJobs({ worker: true });
      resolve();
    });

    cluster.on("exit", (worker, code, signal) => {
      const i = slots.findIndex((s) => s.worker === worker);
      if (i < 0) return;
      const slot = slots[i];
      slot.worker = null;
      if (stopping) return;
      const how = signal ? `señal ${signal}` : `código ${code}`;
      if (!ready) {
        console.error(`[cluster] el proceso web ${worker.id} terminó al iniciar (${how}): se detiene todo.`);
        stopping = true;
        exit(1);
        return;
      }
      const uptime = Date.now() - slot.startedAt;
      slot.quickDeaths = uptime < QUICK_DEATH_MS ? slot.quickDeaths + 1 : 0;
      const delay = restartDelayMs(uptime, slot.quickDeaths);
      console.error(
        `[cluster] el proceso web ${worker.id} (pid ${worker.process.pid}) terminó (${how}): se reemplaza` +
          (delay ? ` en ${delay / 1000} s` : ""),
      );
      if (metricsEnabled()) countWorkerRestart();
      slot.timer = setTimeout(() => fork(i), delay);
    });

    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        if (stopping) return;
        stopping = true;
        console.log(`${signal}: cerrando ${n} procesos web…`);
        exit(0);
      });
    }

    for (let i = 0; i < n; i++) fork(i);
  });
}

/** A web worker: serves until SIGTERM/SIGINT (from the primary, or the terminal's Ctrl-C), then closes and exits 0. */
export async function runWorker(): Promise<void> {
  const server = await startServer();
  let closing = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      void server.close().then(() => process.exit(0));
      setTimeout(() => process.exit(0), 5000).unref();
    });
  }
}

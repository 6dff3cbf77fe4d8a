// Gauges read when Prometheus scrapes (docs/decisions/064-prometheus-metrics.md), from the same sources /healthz
// reads: the pg pool (db/client.server.ts keeps it on globalThis, so both bundles see the pool the requests use), a
// `select 1` within a timeout, the reporting snapshot's status (files under REPORTING_DIR, whoever refreshes it), the
// newest pharmacy rosters (files under ROSTER_DIR) and the scheduled reports whose last run failed (a column of their
// schedule) — so they hold even when a separate `npm run worker`, which serves no /metrics, does that work. Every process of WEB_CONCURRENCY reads
// them; the aggregation takes the max (or the min for the database) where they would otherwise be summed.
import { sql } from "drizzle-orm";
import { Gauge, type Registry } from "prom-client";
import { getDb, getDriver } from "~db/client.server";
import { failingScheduledReports } from "~/background.server";
import fs from "node:fs/promises";
import path from "node:path";
import { listRosters, readRefreshStatus, rosterDir, snapshotHealth } from "~reporting/index";

const DATABASE_TIMEOUT_MS = 2000;

async function databaseAnswers(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const db = await getDb();
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), DATABASE_TIMEOUT_MS))),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

type PoolCounts = { total: number; idle: number; waiting: number; max: number };

async function poolCounts(): Promise<PoolCounts | null> {
  const driver = await getDriver().catch(() => null);
  if (driver?.kind !== "pg") return null; // the embedded PGlite has no pool
  const p = driver.pool;
  return { total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount, max: p.options.max ?? 10 };
}

function seconds(from: string | null, to: string | null): number | null {
  if (!from || !to) return null;
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isFinite(ms) && ms >= 0 ? ms / 1000 : null;
}

function registerPool(registers: Registry[]): void {
  const pool = (name: string, help: string, pick: (c: PoolCounts) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const c = await poolCounts();
        if (c) this.set(pick(c));
      },
    });
  pool("osep_db_pool_connections", "Conexiones del pool de PostgreSQL (en uso y libres).", (c) => c.total);
  pool("osep_db_pool_idle_connections", "Conexiones libres del pool de PostgreSQL.", (c) => c.idle);
  pool("osep_db_pool_waiting_requests", "Pedidos esperando una conexión del pool de PostgreSQL.", (c) => c.waiting);
  pool("osep_db_pool_max_connections", "Máximo de conexiones del pool (DATABASE_POOL_MAX).", (c) => c.max);
}

function registerSnapshot(registers: Registry[]): void {
  const snapshot = (name: string, help: string, read: () => number | null) =>
    new Gauge({
      name,
      help,
      aggregator: "max",
      registers,
      collect() {
        try {
          const v = read();
          if (v !== null) this.set(v);
        } catch {
          // an unreadable status is the refresh-failed gauge's business
        }
      },
    });
  snapshot(
    "osep_snapshot_age_seconds",
    "Antigüedad de la instantánea de informes en uso.",
    () => snapshotHealth().age_s,
  );
  snapshot(
    "osep_snapshot_stale",
    "1 si no hay instantánea usable o tiene más del doble del intervalo de actualización.",
    () => (snapshotHealth().stale ? 1 : 0),
  );
  snapshot("osep_snapshot_last_refresh_duration_seconds", "Duración de la última actualización terminada.", () => {
    const s = readRefreshStatus();
    return s.state === "ok" || s.state === "error" ? seconds(s.started_at, s.finished_at) : null;
  });
  snapshot("osep_snapshot_refresh_failed", "1 si la última actualización de la instantánea falló.", () =>
    readRefreshStatus().state === "error" ? 1 : 0,
  );
}

/** Each roster's newest generation (ROSTER_DIR, shared by every process that generates: visible whoever did). */
function registerRosters(registers: Registry[]): void {
  new Gauge({
    name: "osep_roster_last_generated_timestamp_seconds",
    help: "Momento (segundos desde 1970) de la última generación completa de cada padrón de farmacia.",
    labelNames: ["roster"],
    aggregator: "max",
    registers,
    async collect() {
      const dir = rosterDir();
      const newest = new Map<string, string>();
      for (const r of await listRosters(dir).catch(() => []))
        if (!newest.has(r.padron)) newest.set(r.padron, r.archivo);
      for (const [roster, archivo] of newest) {
        const stat = await fs.stat(path.join(dir, archivo)).catch(() => null);
        if (stat) this.set({ roster }, Math.round(stat.mtimeMs / 1000));
      }
    },
  });
}

export function registerStateGauges(registry: Registry): void {
  const registers = [registry];
  registerPool(registers);
  registerSnapshot(registers);
  registerRosters(registers);
  new Gauge({
    name: "osep_database_up",
    help: "1 si la base de datos responde a 'select 1' en 2 segundos, 0 si no.",
    aggregator: "min",
    registers,
    async collect() {
      this.set((await databaseAnswers()) ? 1 : 0);
    },
  });
  new Gauge({
    name: "osep_scheduled_reports_failing",
    help: "Reportes programados activos cuya última ejecución falló.",
    aggregator: "max",
    registers,
    async collect() {
      const failing = await failingScheduledReports().catch(() => null);
      if (failing !== null) this.set(failing);
    },
  });
}

// The service's health for GET /healthz: the database (reached within a timeout, or not) and the reporting
// snapshot's age, flagged stale past twice the refresh schedule (still healthy: reports show their 'Datos al' date,
// the rest of the system works).
import { sql } from "drizzle-orm";
import { getDb, getDriver } from "~db/client.server";
import { snapshotHealth } from "~reporting/index";

const TIMEOUT_MS = 3000;

export type Health =
  | {
      status: "ok";
      database: { ok: true; driver: string; latency_ms: number };
      reporting: ReturnType<typeof reportingHealth>;
    }
  | { status: "error"; database: { ok: false; error: string } };

export async function health(timeoutMs = TIMEOUT_MS): Promise<Health> {
  const started = Date.now();
  try {
    const db = await getDb();
    const driver = await getDriver();
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("tiempo de espera agotado")), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
    return {
      status: "ok",
      database: { ok: true, driver: driver.kind, latency_ms: Date.now() - started },
      reporting: reportingHealth(),
    };
  } catch (e) {
    return { status: "error", database: { ok: false, error: e instanceof Error ? e.message : String(e) } };
  }
}

function reportingHealth() {
  try {
    const h = snapshotHealth();
    return {
      snapshot_built_at: h.built_at,
      snapshot_age_s: h.age_s,
      stale: h.stale,
      refresh: h.refresh.state,
      last_error: h.refresh.last_error,
    };
  } catch (e) {
    return { stale: true, error: e instanceof Error ? e.message : String(e) };
  }
}

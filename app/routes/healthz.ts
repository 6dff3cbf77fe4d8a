// GET /healthz: 200 with the database status, 503 when the database cannot be reached. No guard: no data.
// Also the reporting snapshot's age, flagged stale past twice the refresh schedule (still 200: reports show
// their 'Datos al' date, the rest of the system works).
import { json } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { getDb, getDriver } from "~db/client.server";
import { snapshotHealth } from "~reporting/index";

const TIMEOUT_MS = 3000;

export async function loader() {
  const started = Date.now();
  try {
    const db = await getDb();
    const driver = await getDriver();
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => setTimeout(() => reject(new Error("tiempo de espera agotado")), TIMEOUT_MS)),
    ]);
    return json(
      {
        status: "ok",
        database: { ok: true, driver: driver.kind, latency_ms: Date.now() - started },
        reporting: reportingHealth(),
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (e) {
    return json(
      { status: "error", database: { ok: false, error: e instanceof Error ? e.message : String(e) } },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
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

// GET /healthz: 200 with the database status, 503 when the database cannot be reached. No guard: no data.
import { json } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { getDb, getDriver } from "../../db/client.server";

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
      { status: "ok", database: { ok: true, driver: driver.kind, latency_ms: Date.now() - started } },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (e) {
    return json(
      { status: "error", database: { ok: false, error: e instanceof Error ? e.message : String(e) } },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}

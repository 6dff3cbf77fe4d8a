// The service's health for GET /healthz (docs/decisions/028-report-periods-refresh-pdf-health.md): the database
// (reached within a timeout, or not), the reporting snapshot's age (flagged stale past twice the refresh schedule:
// still usable, reports show their 'Datos al' date) and whether PDFs can be printed (Chromium).
//   status 'ok': all of it works; 'down': the database cannot be reached (HTTP 503: the service is unusable);
//   'degraded': part of the service is unavailable (no usable snapshot yet, so reports answer 503; no Chromium, so
//   PDFs answer 503) with HTTP 200 (issue 35 named the 503's word 'down').
// Anonymous callers get { status } only; the details (errors, driver, ages, the PDF state) go to loopback callers
// and signed-in administrators (decided by the route).
import { sql } from "drizzle-orm";
import { getDb, getDriver } from "~db/client.server";
import { snapshotHealth } from "~reporting/index";
import { pdfAvailability, type PdfAvailability } from "~reporting/render/pdf";

const TIMEOUT_MS = 3000;

type HealthStatus = "ok" | "degraded" | "down";

export type Health = {
  status: HealthStatus;
  database: { ok: true; driver: string; latency_ms: number } | { ok: false; error: string };
  reporting: ReturnType<typeof reportingHealth> | null;
  pdf: PdfAvailability;
};

export async function health(timeoutMs = TIMEOUT_MS): Promise<Health> {
  const database = await databaseHealth(timeoutMs);
  const pdf = pdfAvailability();
  if (!database.ok) return { status: "down", database, reporting: null, pdf };
  const reporting = reportingHealth();
  const usable = "snapshot_built_at" in reporting && reporting.snapshot_built_at !== null;
  return { status: usable && pdf.ok ? "ok" : "degraded", database, reporting, pdf };
}

async function databaseHealth(timeoutMs: number): Promise<Health["database"]> {
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
    return { ok: true, driver: driver.kind, latency_ms: Date.now() - started };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
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

/** Headers a reverse proxy adds: behind one on this machine every caller would otherwise look local. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];

/**
 * A caller on this very machine: the connection's address (the request context) is a loopback one and the request
 * did not come through a proxy (no forwarding header).
 */
export function fromLoopback(request: Request, address: string): boolean {
  if (FORWARDING_HEADERS.some((h) => request.headers.has(h))) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, "");
  return a === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

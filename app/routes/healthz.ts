// GET /healthz: 200 with the database and reporting status, 503 when the database cannot be reached. Public (no
// data): see tests/unit/route-guards.test.ts.
import { json } from "@remix-run/node";
import { health } from "~/lib/health.server";

export async function loader() {
  const h = await health();
  return json(h, { status: h.status === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}

// GET /healthz: { status: 'ok' | 'degraded' } for anyone (200), { status: 'down' } (503) when the database cannot be reached, the details
// (database, reporting snapshot, PDF printer, the scheduled reports whose last run failed (ADR 058), with their error
// texts, and the live grid's event streams this process holds open, with its bounds (ADR 052, issue 35)) only from
// loopback or for a signed-in administrator (operation 34, the one that already sees the refresh's errors). Public:
// the monitoring probe and Playwright's start-up wait (see tests/unit/route-guards.test.ts); docs/decisions/028. Its
// 503 is its own body, not the generic error message (app/lib/house-errors.server.ts passes a route's own JSON).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { can, getOptionalUser, requireApiUser, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { fromLoopback, health } from "~/lib/health.server";
import { currentContext } from "~/lib/request-context.server";
import { programacionesConError } from "~/modules/reportes-programados/programaciones.server";
import { streamsEnVivo } from "~/modules/turnos/live/bounds.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const h = await health();
  const init = { status: h.database.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } };
  const detailed = fromLoopback(request, currentContext().address) || (h.database.ok && (await administrator(request)));
  if (!detailed) return json({ status: h.status }, init);
  const reportes_programados = h.database.ok ? { errores: await programacionesConError() } : null;
  return json({ ...h, reportes_programados, eventos_en_vivo: streamsEnVivo() }, init);
}

/** Whether the caller is a signed-in administrator (browser session or API token); never throws. */
async function administrator(request: Request): Promise<boolean> {
  let user: SessionUser | null;
  try {
    user = request.headers.get("x-auth-token") ? await requireApiUser(request) : await getOptionalUser(request);
  } catch {
    return false; // a bad token or session is simply anonymous here
  }
  return user !== null && can(user, OP.ACTUALIZAR_REPORTES);
}

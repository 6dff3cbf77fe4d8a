// POST /reportes/actualizar: an administrator (operation 34) asks for a new reporting snapshot. A person's form
// (no JavaScript) comes back to the report, whose SnapshotBar then shows the refresh running, or why none was started
// (?actualizacion=busy|error). The bar's fetcher and API clients get JSON: 409 when another holder has the lock
// (nothing started), 503 when the lock could not be asked for. The way back is a same-origin path of the Referer
// only (docs/decisions/028-report-periods-refresh-pdf-health.md), else /home.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOperation } from "~/auth/guards.server";
import { methodNotAllowed, prefersHtml } from "~/lib/http.server";
import {
  AVISO_PARAM,
  MSG_ACTUALIZACION,
  refreshEstado,
  startRefresh,
  type RefreshRequestOutcome,
} from "~/modules/reporting/snapshot.server";
import { OP } from "~/auth/operations";

const STATUS: Record<RefreshRequestOutcome, number> = { started: 200, queued: 200, busy: 409, error: 503 };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireOperation(request, OP.ACTUALIZAR_REPORTES);
  if (request.method !== "POST") throw methodNotAllowed();
  const outcome = await startRefresh(user);
  const back = sameOriginReferer(request);
  const refused = STATUS[outcome] !== 200;
  if (prefersHtml(request)) return redirect(refused ? withAviso(back ?? "/home", outcome) : (back ?? "/home"));
  if (refused || !back)
    return json({ msg: MSG_ACTUALIZACION[outcome], ...refreshEstado() }, { status: STATUS[outcome] });
  // the bar's fetcher: back to the report, whose loader then shows the refresh running
  return redirect(back);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperation(request, OP.ACTUALIZAR_REPORTES);
  throw methodNotAllowed();
}

/**
 * The Referer's path and query when it is a page of this very origin; null otherwise. A path that a browser would read
 * as another host ('//evil.example/x', '/\evil.example') is refused too: `Referer: http://host//evil.example/x` has
 * this origin but its path is protocol-relative.
 */
function sameOriginReferer(request: Request): string | null {
  const ref = request.headers.get("referer");
  if (!ref) return null;
  let u: URL;
  try {
    u = new URL(ref);
  } catch {
    return null;
  }
  if (u.origin !== new URL(request.url).origin) return null;
  if (!u.pathname.startsWith("/") || /^\/[/\\]/.test(u.pathname)) return null;
  return u.pathname + u.search;
}

/** `path` with ?actualizacion=<outcome>, which the report's SnapshotBar turns into its message. */
function withAviso(path: string, outcome: RefreshRequestOutcome): string {
  const u = new URL(path, "http://x");
  u.searchParams.set(AVISO_PARAM, outcome);
  return u.pathname + u.search;
}

// POST /reportes/actualizar: an administrator (operation 34) asks for a new reporting snapshot. The browser comes back
// to the report, whose SnapshotBar then shows the refresh running (and polls /reportes/estado with JavaScript).
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOperation } from "~/auth/guards.server";
import { methodNotAllowed } from "~/lib/http.server";
import { refreshEstado, startRefresh } from "~/modules/reporting/snapshot.server";
import { OP } from "~/auth/operations";

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireOperation(request, OP.ACTUALIZAR_REPORTES);
  if (request.method !== "POST") return methodNotAllowed();
  const { queued } = await startRefresh(user);
  // Back to the report (its loader then shows the refresh running); JSON for other clients.
  const back = sameOriginReferer(request);
  if (back) return redirect(back);
  return json({ msg: queued ? "Actualización pedida" : "Actualización iniciada", ...refreshEstado() });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperation(request, OP.ACTUALIZAR_REPORTES);
  return methodNotAllowed();
}

function sameOriginReferer(request: Request): string | null {
  const ref = request.headers.get("referer");
  if (!ref) return null;
  try {
    const u = new URL(ref);
    return u.origin === new URL(request.url).origin ? u.pathname + u.search : null;
  } catch {
    return null;
  }
}

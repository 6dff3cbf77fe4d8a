// Remix answers some errors itself — an unknown API path (its 404 page), a method a resource route does not take
// (JSON { message: 'Unexpected Server Error' }), an exception in a loader — in shapes no client of ours expects.
// server/remix-handler.ts passes every answer through `inHouseError`. See docs/decisions/024-request-gate.md.
import { apiError, errorResponse } from "./http.server";
import { MSG_ERROR_INESPERADO } from "./messages";
import { isApiPath } from "./request-gate.server";

const FALLBACK_MESSAGES: Record<number, string> = {
  404: "La dirección solicitada no existe",
  405: "Método no permitido",
};

/**
 * An error answer in the house's shape: under /api JSON { msg } always; elsewhere the app's page for a person and
 * JSON { msg } for a program (errorResponse). A route's own JSON answers (its { msg }; /healthz's { status, … }),
 * pages the app's error boundary rendered, and Remix's own data requests (?_data, read by the browser's router) pass
 * untouched.
 */
export async function inHouseError(request: Request, res: Response): Promise<Response> {
  const url = new URL(request.url);
  // A Remix data request (?_data) keeps Remix's own format: the browser's router renders the error boundary from it.
  if (res.status < 400 || url.searchParams.has("_data")) return res;
  const type = res.headers.get("content-type") ?? "";
  const api = isApiPath(url.pathname);
  if (type.includes("application/json")) {
    // a JSON answer the route wrote itself passes as written: its { msg }, or a probe's own body (/healthz's 503
    // { status: 'down', … }, issue 35); Remix's own JSON errors ({ message }) carry X-Remix-Error
    if (!res.headers.has("x-remix-error")) return res;
    const body = (await res
      .clone()
      .json()
      .catch(() => null)) as { msg?: unknown } | null;
    if (body && typeof body.msg === "string") return res;
  } else if (type.includes("text/html") && !api) {
    return res; // a page: the app's error boundary (or errorPage) already rendered it
  }
  await res.body?.cancel().catch(() => undefined);
  const msg = FALLBACK_MESSAGES[res.status] ?? MSG_ERROR_INESPERADO;
  const answer = api ? apiError(res.status, msg) : errorResponse(request, res.status, msg);
  const allow = res.headers.get("allow");
  if (allow) answer.headers.set("Allow", allow);
  return answer;
}

// JSON API helpers: the spec's error shape { msg, errors?: [{ param, msg }] } and body parsing with zod. One way to
// fail: throw the answer (`throw apiError(…)`, `throw notFound(msg)`, `throw methodNotAllowed()`), from a route or from
// the helper it calls. Remix answers a Response thrown by a resource route (every api.* route) as it is, and renders the
// screen's ErrorBoundary (by status) for one thrown by a page's loader or action.
import { json } from "@remix-run/node";
import type { z } from "~/lib/zod";
import { parseInput, withoutEmpty, type FieldError } from "./input";
import { ERROR_TITLE } from "./messages";
import escapeHtml from "escape-html";

export type { FieldError };

export function apiError(status: number, msg: string, errors?: FieldError[]): Response {
  return json(errors ? { msg, errors } : { msg }, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * The one not-found answer, thrown by a module or a route: `throw notFound(msg)` with the Spanish `msg` of what is
 * missing. An API client gets 404 JSON { msg }; a screen's loader shows its ErrorBoundary (404).
 */
export function notFound(msg: string): Response {
  return apiError(404, msg);
}

const MAX_BODY_BYTES = 1_000_000;

/**
 * Reads a JSON body and validates it; throws a 400/413/422 Response with a Spanish msg on bad input. null and '' are
 * "no value" (withoutEmpty: the key is left out before the schema reads it).
 */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const length = Number(request.headers.get("content-length") || 0);
  if (length > MAX_BODY_BYTES) throw apiError(413, "La solicitud es demasiado grande");
  let raw: unknown;
  try {
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > MAX_BODY_BYTES) throw apiError(413, "La solicitud es demasiado grande");
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    raw = text.trim() === "" ? {} : JSON.parse(text);
  } catch (e) {
    if (e instanceof Response) throw e;
    throw apiError(400, "El cuerpo de la solicitud no es JSON válido (UTF-8)");
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw apiError(400, "El cuerpo de la solicitud debe ser un objeto JSON");
  }
  return validate(schema, withoutEmpty(raw));
}

/** API input (a query, params or a body) parsed with `schema` by `parseInput`; bad input throws 400 { msg, errors }. */
export function validate<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const parsed = parseInput(schema, raw);
  if (!parsed.ok) throw apiError(400, parsed.msg, parsed.errors);
  return parsed.data;
}

/** Allowed methods for a resource route; anything else gets 405 with a Spanish msg. */
export function methodNotAllowed(): Response {
  return apiError(405, "Método no permitido");
}

// ---- Downloads: one answer per kind of requester (issue 10) --------------------------------------------
// A download (PDF, XLSX, CSV) refused or failed answers a person's browser with the app's HTML error page and an
// API client with JSON { msg }, with the same status. See docs/decisions/020-download-errors-and-pdf-warm-up.md.

/**
 * True when a person's browser asked (a navigation: Sec-Fetch-Mode navigate, or Accept text/html from a browser
 * without fetch metadata); false for API clients (x-auth-token, Accept application/json, curl, fetch()).
 */
export function prefersHtml(request: Request): boolean {
  if (request.headers.get("x-auth-token")) return false;
  if (request.headers.get("sec-fetch-mode") === "navigate") return true;
  const accept = (request.headers.get("accept") ?? "").toLowerCase();
  if (accept.includes("application/json")) return false;
  return accept.includes("text/html");
}

export type ErrorPageOptions = {
  /** The page's heading and title (default by status). */
  title?: string;
  /** Where 'Volver' goes: a same-origin path (default /home). */
  backHref?: string;
};

const TITLES: Record<number, string> = {
  401: "Sesión no iniciada",
  403: "Sin permiso",
  404: "No encontrado",
};

/** Same-origin path only ('/x', never '//host' or 'http:'); anything else → /home. */
function safePath(href: string | undefined): string {
  return href && /^\/(?![/\\])/.test(href) ? href : "/home";
}

/** The app's error page for a browser: the message in an alert, the status, and 'Volver'. Works at 390 px. */
function errorPage(status: number, msg: string, opts: ErrorPageOptions = {}): Response {
  const title = escapeHtml(opts.title ?? TITLES[status] ?? ERROR_TITLE);
  const html =
    `<!doctype html><html lang="es-AR"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} - Sistema Integral de Consultas OSEP</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;max-width:640px;margin:48px auto;padding:0 16px;color:#1f2933">` +
    `<main><h1 style="font-size:20px">${title}</h1><p role="alert" style="font-size:16px">${escapeHtml(msg)}</p>` +
    `<p><a href="${escapeHtml(safePath(opts.backHref))}" style="display:inline-block;min-height:44px;line-height:44px;padding:0 16px;border:1px solid #1565c0;border-radius:4px;color:#1565c0;text-decoration:none">Volver</a></p>` +
    `</main></body></html>`;
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** The one decision: the HTML error page for a browser, JSON { msg } for an API client; same status. */
export function errorResponse(request: Request, status: number, msg: string, opts: ErrorPageOptions = {}): Response {
  return prefersHtml(request) ? errorPage(status, msg, opts) : apiError(status, msg);
}

/**
 * Runs a download loader and answers its errors for the requester: a JSON { msg } error (returned, or thrown by
 * a guard) becomes the HTML page for a browser; successes and redirects pass through (thrown redirects stay thrown).
 */
export async function forRequester(
  request: Request,
  run: () => Promise<Response>,
  opts: ErrorPageOptions = {},
): Promise<Response> {
  let res: Response;
  try {
    res = await run();
  } catch (e) {
    if (!(e instanceof Response) || e.status < 400) throw e;
    res = e;
  }
  if (res.status < 400 || !prefersHtml(request)) return res;
  if (!(res.headers.get("Content-Type") ?? "").includes("application/json")) return res;
  const body = (await res.json().catch(() => null)) as { msg?: unknown } | null;
  const msg = typeof body?.msg === "string" ? body.msg : "No fue posible completar la descarga.";
  return errorPage(res.status, msg, opts);
}

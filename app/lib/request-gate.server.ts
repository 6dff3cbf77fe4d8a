// The checks every request passes before a loader or an action runs (scripts/remix-handler.ts applies them):
// a non-GET from another site is refused (CSRF), a body is at most MAX_BODY_BYTES, a page action takes a form
// body only, and no NUL character reaches a schema, a query or the database. Pure: headers, URL and bytes in,
// a refusal (status + Spanish message) or null out. See docs/decisions/024-request-gate.md.

export type Refusal = { status: 400 | 403 | 413 | 415; msg: string };

/** Every body (form, multipart, JSON) is read up to this size; beyond it the request gets 413 unread. */
export const MAX_BODY_BYTES = 1_000_000;

export const MSG_OTRO_SITIO =
  "Solicitud rechazada: fue enviada desde otro sitio. Vuelva a la página e intente de nuevo.";
export const MSG_DEMASIADO_GRANDE = "La solicitud es demasiado grande";
export const MSG_TIPO_CONTENIDO = "Tipo de contenido no admitido: envíe los datos desde el formulario de la página.";
export const MSG_CARACTER_NULO = "La solicitud contiene caracteres no válidos";
export const MSG_DIRECCION_INVALIDA = "La dirección solicitada no es válida";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/** The JSON API lives under /api; every other path is a page or a page's download/resource route. */
export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * CSRF: a state-changing request (anything but GET/HEAD/OPTIONS) must come from one of `selfOrigins`. A browser
 * always sends Origin on such requests (and Sec-Fetch-Site); a request with neither comes from a program (curl,
 * an API client), which cannot ride on a person's cookie, and passes.
 */
export function originRefusal(method: string, headers: Headers, selfOrigins: readonly string[]): Refusal | null {
  if (isSafeMethod(method)) return null;
  const origin = headers.get("origin");
  if (origin !== null) {
    return selfOrigins.includes(origin.toLowerCase()) ? null : { status: 403, msg: MSG_OTRO_SITIO };
  }
  const site = headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return { status: 403, msg: MSG_OTRO_SITIO };
  return null;
}

/** A declared Content-Length over the limit: refused before a byte is read. */
export function declaredSizeRefusal(headers: Headers, max = MAX_BODY_BYTES): Refusal | null {
  const declared = Number(headers.get("content-length") ?? 0);
  return Number.isFinite(declared) && declared > max ? { status: 413, msg: MSG_DEMASIADO_GRANDE } : null;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The media type of a Content-Type header, lower case, without parameters ('' when absent). */
export function mediaType(headers: Headers): string {
  return (headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

/**
 * A page's action reads a form: a non-form body (JSON, text/plain, XML) is refused with 415 instead of failing
 * inside `request.formData()`. An empty body needs no type (a bare POST of a sign-out or a refresh button).
 */
export function contentTypeRefusal(
  method: string,
  pathname: string,
  headers: Headers,
  bodyBytes: number,
): Refusal | null {
  if (isSafeMethod(method) || isApiPath(pathname) || bodyBytes === 0) return null;
  return FORM_TYPES.includes(mediaType(headers)) ? null : { status: 415, msg: MSG_TIPO_CONTENIDO };
}

/** A NUL in the URL (%00, raw or in the path): Postgres cannot store it and no field of the spec holds one. */
export function urlRefusal(rawUrl: string): Refusal | null {
  return /%00|\0/i.test(rawUrl) ? { status: 400, msg: MSG_CARACTER_NULO } : null;
}

/**
 * A NUL in a body: a raw zero byte in any body, `%00` in a urlencoded form, `\u0000` in JSON. (No screen uploads
 * binary files; a future upload route must read its file part before this check — see ADR 024.)
 */
export function bodyRefusal(headers: Headers, body: Uint8Array): Refusal | null {
  if (body.includes(0)) return { status: 400, msg: MSG_CARACTER_NULO };
  if (mediaType(headers) === "multipart/form-data") return null; // its text parts are raw bytes: checked above
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("latin1");
  return /%00|\\u0000/i.test(text) ? { status: 400, msg: MSG_CARACTER_NULO } : null;
}

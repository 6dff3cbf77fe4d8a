// The checks every request passes before a loader or an action runs (server/remix-handler.ts applies them):
// a non-GET from another site is refused (CSRF), a body is at most MAX_BODY_BYTES, a page action takes a form
// body only, and no NUL character and no text that is not Unicode (a lone UTF-16 surrogate, bytes that are not
// UTF-8) reaches a schema, a query or the database. Pure: headers, URL and bytes in, a refusal (status + Spanish
// message) or null out. See docs/decisions/024-request-gate.md.
import { isUtf8 } from "node:buffer";

export type Refusal = { status: 400 | 403 | 413 | 415; msg: string };

/** Every body (form, multipart, JSON) is read up to this size; beyond it the request gets 413 unread. */
export const MAX_BODY_BYTES = 1_000_000;

export const MSG_OTRO_SITIO =
  "Solicitud rechazada: fue enviada desde otro sitio. Vuelva a la página e intente de nuevo.";
export const MSG_DEMASIADO_GRANDE = "La solicitud es demasiado grande";
const MSG_TIPO_CONTENIDO = "Tipo de contenido no admitido: envíe los datos desde el formulario de la página.";
/** A NUL, a lone surrogate or bytes that are not UTF-8, anywhere in the URL or the body. */
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
function mediaType(headers: Headers): string {
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

// ---- Characters ------------------------------------------------------------------------------------------------
// Text reaches the app three ways, and each would turn a lone UTF-16 surrogate (U+D800–U+DFFF without its other
// half) or any byte sequence that is not UTF-8 into something else without a word: a raw body or a percent-escape
// (%ED%A0%80, %E9) is decoded with U+FFFD in its place and stored so; a JSON `\ud800` is kept by JSON.parse and then
// fails inside the database driver (a 500). No field of the spec holds either, so both are refused like NUL.

/** Whether every `%XX` escape of `text` (latin1: one character per byte, as Node reads a URL) decodes to UTF-8. */
function percentDecodesToUtf8(text: string): boolean {
  // only an escape of a byte over 0x7F or a raw one can break UTF-8
  if (!/%[89a-f][0-9a-f]|[\u0080-\uffff]/i.test(text)) return true;
  const decoded = text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return isUtf8(Buffer.from(decoded, "latin1"));
}

const JSON_ESCAPE = /\\(?:u([0-9a-fA-F]{4})|[\s\S])/g;

/**
 * Whether JSON text holds a `\uXXXX` escape of a UTF-16 surrogate that is not half of a pair (`\ud83d\ude00` is one
 * emoji and passes; `\\ud800` is an escaped backslash and text, and passes). Each match consumes a backslash and
 * what it escapes, so an escaped backslash never starts a false escape.
 */
function hasLoneSurrogateEscape(text: string): boolean {
  if (!/\\u[dD][89a-fA-F]/.test(text)) return false;
  let awaitingLowAt = -1; // where the low half of the last high half must start
  for (const m of text.matchAll(JSON_ESCAPE)) {
    const code = m[1] === undefined ? -1 : parseInt(m[1], 16);
    const low = code >= 0xdc00 && code <= 0xdfff;
    if (awaitingLowAt >= 0) {
      if (m.index !== awaitingLowAt || !low) return true;
      awaitingLowAt = -1;
      continue;
    }
    if (low) return true;
    if (code >= 0xd800 && code <= 0xdbff) awaitingLowAt = m.index + m[0].length;
  }
  return awaitingLowAt >= 0;
}

/**
 * A NUL in the URL (%00, raw or in the path): Postgres cannot store it and no field of the spec holds one. Likewise
 * an escape that does not decode to UTF-8 (a lone surrogate %ED%A0%80, Latin-1 %E9): URLSearchParams would read it
 * as U+FFFD. `rawUrl` is the request line's target as Node reads it (one character per byte).
 */
export function urlRefusal(rawUrl: string): Refusal | null {
  if (/%00|\0/i.test(rawUrl) || !percentDecodesToUtf8(rawUrl)) return { status: 400, msg: MSG_CARACTER_NULO };
  return null;
}

/**
 * A NUL in a body: a raw zero byte in any body, `%00` in a urlencoded form, `\u0000` in JSON; and text that is not
 * Unicode: bytes that are not UTF-8 in any body (a lone surrogate's ED A0 80, Latin-1), a percent-escape of such
 * bytes in a urlencoded form, a lone surrogate's `\ud800` in any other body (the API reads every body as JSON,
 * whatever its type). (No screen uploads binary files; a future upload route must read its file part before this
 * check — see ADR 024.)
 */
export function bodyRefusal(headers: Headers, body: Uint8Array): Refusal | null {
  const refused = { status: 400, msg: MSG_CARACTER_NULO } as const;
  if (body.includes(0) || !isUtf8(body)) return refused;
  const type = mediaType(headers);
  if (type === "multipart/form-data") return null; // its text parts are raw bytes: checked above
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("latin1");
  if (/%00|\\u0000/i.test(text)) return refused;
  if (type === "application/x-www-form-urlencoded") return percentDecodesToUtf8(text) ? null : refused;
  return hasLoneSurrogateEscape(text) ? refused : null;
}

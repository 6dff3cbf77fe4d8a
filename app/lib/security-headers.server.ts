// The security headers: the same on every answer (nosniff, no framing, same-origin referrers, HSTS when cookies
// are Secure), and the Content-Security-Policy of an HTML answer — with the render's nonce for the app's pages
// (app/entry.server.tsx), without any script for the plain error pages. See docs/decisions/024-request-gate.md.
import { secureCookies } from "./config.server";

/** Headers for every response. HSTS only when the site is served over HTTPS (COOKIE_SECURE on). */
export function commonSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
  };
  if (secureCookies()) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/**
 * The app's pages: scripts from this origin or carrying this render's nonce (Remix's inline hydration and scroll
 * scripts); styles may be inline (component style attributes, AG Grid, the charts); nothing is framed.
 */
export function pageCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** An HTML answer that is not an app page (the error page of a download or an API refusal): no script at all. */
export const PLAIN_HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

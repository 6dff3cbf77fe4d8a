// The URL of a request, built only from validated parts (issue 26 item 8, ADR 024 of 2026-11-28): the path and query
// of the request line; a Host (or, only when TRUST_PROXY trusts the sender, X-Forwarded-Host) that is a host name, an
// IPv4 or a bracketed IPv6 address with at most a port of digits — anything else (a path, a query, a fragment, an `@`,
// a backslash, a port that is not a number) names this server instead: the address the connection came in on; a
// protocol of http or https (X-Forwarded-Proto only when trusted: Express's req.protocol). So a header can never
// change which route answers, and the log names the path that was answered. (Remix's Express adapter before 2.16.3
// appended the Host's port unchecked: CVE-2025-31137; this file replaces that line of our copy, see ADR 024.)
import net from "node:net";
import type express from "express";

const HOST_NAME = /^[A-Za-z0-9_-]{1,63}(?:\.[A-Za-z0-9_-]{1,63})*\.?$/;
const PORT = /^\d{1,5}$/;

/** `raw` as "host[:port]" when it is a host name, an IPv4 or a bracketed IPv6 address with an optional port; else null. */
export function validHost(raw: string | undefined): string | null {
  if (!raw || raw.length > 260) return null;
  let name: string;
  let rest: string;
  if (raw.startsWith("[")) {
    const end = raw.indexOf("]");
    if (end < 0 || !net.isIPv6(raw.slice(1, end))) return null;
    name = raw.slice(0, end + 1);
    rest = raw.slice(end + 1);
  } else {
    const colon = raw.indexOf(":");
    name = colon < 0 ? raw : raw.slice(0, colon);
    rest = colon < 0 ? "" : raw.slice(colon);
    if (name.length > 253 || !HOST_NAME.test(name)) return null;
  }
  if (rest === "") return name.toLowerCase();
  const port = rest.slice(1);
  if (!rest.startsWith(":") || !PORT.test(port) || Number(port) < 1 || Number(port) > 65535) return null;
  return `${name.toLowerCase()}:${Number(port)}`;
}

/** The path and query of a request target: origin-form as it is; absolute-form (`GET http://h/p`) its path; else null. */
export function targetPath(target: string): string | null {
  if (target.startsWith("/")) return target;
  if (!/^https?:\/\//i.test(target)) return null; // `*` (OPTIONS), authority-form (CONNECT): no page answers those
  try {
    const u = new URL(target);
    return u.pathname + u.search;
  } catch {
    return null;
  }
}

export type UrlParts = {
  /** Express's req.protocol: X-Forwarded-Proto only when the sender is trusted (TRUST_PROXY). */
  protocol: string;
  /** The trusted X-Forwarded-Host's first value when TRUST_PROXY trusts the sender, else the Host header. */
  host: string | undefined;
  /** The address and port the connection came in on, the host when the header is not one. */
  local: { address: string | undefined; port: number | undefined };
  /** The request line's target (req.originalUrl). */
  target: string;
};

/** The request's URL from validated parts; null when the request line's target is no path (`*`, authority-form). */
export function buildRequestUrl(parts: UrlParts): URL | null {
  const path = targetPath(parts.target);
  if (path === null) return null;
  const protocol = parts.protocol === "https" ? "https" : "http";
  const host = validHost(parts.host);
  if (host) {
    try {
      return new URL(`${protocol}://${host}${path}`);
    } catch {
      // a name WHATWG refuses all the same (999.1.1.1, a bad xn-- label): this server's address below
    }
  }
  return new URL(`${protocol}://${localHost(parts.local)}${path}`);
}

function localHost({ address, port }: UrlParts["local"]): string {
  const a = (address ?? "127.0.0.1").replace(/^::ffff:/, "");
  const name = net.isIPv6(a) ? `[${a}]` : net.isIPv4(a) ? a : "localhost";
  return port ? `${name}:${port}` : name;
}

/** The Host to use: X-Forwarded-Host (its first value) only from a sender TRUST_PROXY trusts, as Express does. */
function trustedHost(req: express.Request): string | undefined {
  const forwarded = req.get("x-forwarded-host");
  const trust = req.app.get("trust proxy fn") as (addr: string | undefined, i: number) => boolean;
  if (forwarded && trust(req.socket.remoteAddress, 0)) return forwarded.split(",")[0].trim();
  return req.get("host");
}

const memo = new WeakMap<express.Request, URL | null>();

/** The request's URL (once per request: the log and the Remix handler read the same). */
export function requestUrlOf(req: express.Request): URL | null {
  if (memo.has(req)) return memo.get(req)!;
  const url = buildRequestUrl({
    protocol: req.protocol,
    host: trustedHost(req),
    local: { address: req.socket.localAddress, port: req.socket.localPort },
    target: req.originalUrl,
  });
  memo.set(req, url);
  return url;
}

// GET /metrics and the per-request counting (docs/decisions/064-prometheus-metrics.md). Who may read: a caller on
// this machine — Express's client address (req.ip, which TRUST_PROXY makes the real client behind a proxy) is a
// loopback one and no proxy header came with the request (behind a proxy without TRUST_PROXY every caller would look
// local) — or whoever sends `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time). Anyone else gets the
// app's own 404, as if the route did not exist. Labels: the route PATTERN, a known method or OTHER, the status class;
// the error counter adds the status code (429 and 5xx only): all bounded, none carries a value of the URL.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Express, Request, RequestHandler } from "express";
import { listenToPrimary, metricsText } from "./cluster";
import { metricsEnabled, sharedMetrics } from "./registry";

const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

function fromLoopback(req: Request): boolean {
  if (FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined)) return false;
  const a = (req.ip ?? "").toLowerCase().replace(/^::ffff:/, "");
  return a === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

const digest = (s: string) => createHash("sha256").update(s).digest();

function bearerMatches(req: Request, token: string | undefined): boolean {
  if (!token) return false;
  const m = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ""));
  // digests of equal length: the comparison takes the same time whatever was sent
  return m !== null && timingSafeEqual(digest(m[1]), digest(token));
}

function mayReadMetrics(req: Request, token = process.env.METRICS_TOKEN): boolean {
  return fromLoopback(req) || bearerMatches(req, token);
}

/** GET /metrics: the registry's text (the whole cluster's under WEB_CONCURRENCY), or the app's 404 for others. */
const metricsRoute: RequestHandler = (req, res, next) => {
  if (!mayReadMetrics(req)) return next(); // on to the app, which has no such page
  metricsText().then(
    (text) => {
      res.setHeader("Content-Type", sharedMetrics().registry.contentType);
      res.setHeader("Cache-Control", "no-store");
      res.end(text);
    },
    (e: unknown) => {
      console.error(`[metrics] no se pudieron reunir las métricas: ${e instanceof Error ? e.message : String(e)}`);
      res.status(503).setHeader("Cache-Control", "no-store").end();
    },
  );
};

/** Counts every answer: duration by route pattern, method and status class; in flight; 429s and 5xx. */
export function countRequests(patternOf: (req: Request) => string): RequestHandler {
  const { http } = sharedMetrics();
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    http.inFlight.inc();
    let counted = false;
    const count = () => {
      if (counted) return;
      counted = true;
      http.inFlight.dec();
      const route = patternOf(req);
      const status = res.statusCode;
      const method = METHODS.has(req.method) ? req.method : "OTHER";
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      http.duration.observe({ route, method, status_class: `${Math.floor(status / 100)}xx` }, seconds);
      if (status === 429 || status >= 500) http.errors.inc({ route, status: String(status) });
    };
    res.on("finish", count);
    res.on("close", count);
    next();
  };
}

/**
 * Puts /metrics and the counting on `app` (unless METRICS=0). Mounted before the request log: the scrapes themselves
 * are neither logged nor counted; a refused one goes on to the app's 404 and is, like any unknown path.
 */
export function mountMetrics(app: Express, patternOf: (req: Request) => string): void {
  if (!metricsEnabled()) return;
  listenToPrimary();
  app.get("/metrics", metricsRoute);
  app.use(countRequests(patternOf));
}

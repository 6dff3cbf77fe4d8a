// The HTTP server: Express + the Remix build. One log line per request (method, route pattern, status, ms,
// user id, request id; server/log/) — never the query string, so no DNI, name, password or token ends up in the logs.
import cluster from "node:cluster";
import type { Server, ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import compression from "compression";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";
import { requestContext, type RequestContext } from "~/lib/request-context.server";
import { withOutageAnswers } from "~/lib/outage.server";
import { applyResponseRules } from "~/lib/response-rules.server";
import { commonSecurityHeaders } from "~/lib/security-headers.server";
import { closeDb } from "~db/client.server";
import { closePdfBrowser, warmPdfBrowser } from "~reporting/render/pdf";
import { stopListeners } from "./background";
import { mountMetrics } from "./metrics/http";
import { listenOfficialAdapter, remixAnswer } from "./official-adapter";
import { lastResortError } from "./remix-handler";
import { logRequest } from "./log/request-line";
import { requestIdOf } from "./log/request-id";
import { requestUrlOf } from "./request-url";

type BuildRoute = { id: string; parentId?: string; path?: string; index?: boolean };

function routeTree(routes: Record<string, BuildRoute>, parentId?: string): AgnosticRouteObject[] {
  return Object.values(routes)
    .filter((r) => r.parentId === parentId)
    .map((r) =>
      r.index ? { id: r.id, index: true, path: r.path } : { id: r.id, path: r.path, children: routeTree(routes, r.id) },
    );
}

const FILE_EXTENSION = /\.[A-Za-z0-9]+$/;

const isEventStream = (res: ServerResponse) =>
  String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream");

function routePattern(tree: AgnosticRouteObject[], pathname: string): string {
  if (pathname.startsWith("/build/")) return "/build/*";
  const matches = matchRoutes(tree, pathname);
  if (!matches) return "(sin ruta)";
  const parts = matches.map((m) => m.route.path).filter((p): p is string => Boolean(p));
  return "/" + parts.join("/").replace(/^\/+/, "");
}

/** Where `remix build` wrote the server bundle and the browser assets (see remix.config.js). */
export function serverBuildFile(): string {
  return process.env.OSEP_BUILD_DIR ? path.join(process.env.OSEP_BUILD_DIR, "index.js") : "build/index.js";
}

/** The built server (scripts/build-server.mjs): `start` is the web server `npm start` runs, `worker` the report worker. */
export function serverBundleFile(entry: "start" | "worker"): string {
  return path.join(process.env.OSEP_BUILD_DIR || "build", "server", `${entry}.js`);
}

function assetsDir(): string {
  return process.env.OSEP_BUILD_DIR ? path.join(process.env.OSEP_BUILD_DIR, "assets") : "public/build";
}

export async function startServer(): Promise<{ close: () => Promise<void> }> {
  const buildPath = path.resolve(serverBuildFile());
  // a database outage answers 503 with Retry-After, never 500 (ADR 045)
  const build = withOutageAnswers((await import(pathToFileURL(buildPath).href)) as ServerBuild);
  const tree = routeTree(build.routes as unknown as Record<string, BuildRoute>);

  const securityHeaders = commonSecurityHeaders();
  const app = express();
  app.disable("x-powered-by");
  if (process.env.TRUST_PROXY) app.set("trust proxy", process.env.TRUST_PROXY);
  app.set("query parser", false); // nobody reads req.query: Remix parses the URL itself
  // an event stream (the live grid, ADR 052) is never compressed: gzip would hold its small events back
  app.use(compression({ filter: (req, res) => !isEventStream(res) && compression.filter(req, res) }));
  mountMetrics(app, (req) => routePattern(tree, requestUrlOf(req)?.pathname ?? req.path)); // GET /metrics (ADR 064)
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    // a well-formed X-Request-Id (nginx's $request_id) or a new one, answered on every answer (ADR 065)
    const requestId = requestIdOf(req.headers["x-request-id"]);
    const ctx: RequestContext = {
      address: req.ip ?? "desconocida",
      userAgent: String(req.headers["user-agent"] ?? ""),
      userId: null,
      requestId,
    };
    res.setHeader("X-Request-Id", requestId);
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    // the path that is answered: the URL Remix gets, from the request line only (server/request-url.ts); Express's
    // req.path keeps dot segments (/x/../api/users) that the URL resolves
    const answered = () => requestUrlOf(req)?.pathname ?? req.path;
    // no-store for the API and for signed-in answers, Retry-After on every 429 and 503 (ADR 045)
    applyResponseRules(answered(), res, ctx);
    // one line per request: at the end of the answer, or when the connection closes first (an event stream ends so)
    let logged = false;
    const logLine = () => {
      if (logged) return;
      logged = true;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const pattern = routePattern(tree, answered());
      if (pattern === "/build/*" && res.statusCode < 400) return; // static assets are not worth a line
      logRequest({ requestId, method: req.method, route: pattern, status: res.statusCode, ms, userId: ctx.userId });
    };
    res.on("finish", logLine);
    res.on("close", logLine);
    requestContext.run(ctx, () => next());
  });
  app.use("/build", express.static(assetsDir(), { immutable: true, maxAge: "1y" }));
  // public/ holds files (favicon, images, booklets): only a path ending in a file extension can be one of them, so
  // the pages and the API never pay a disk lookup
  const publicFiles = express.static("public", { maxAge: "1h" });
  app.use((req, res, next) => (FILE_EXTENSION.test(req.path) ? publicFiles(req, res, next) : next()));
  // our adapter (ADR 024); the official one too on a second port when a bench asks (server/official-adapter.ts)
  app.use(remixAnswer(build, process.env.NODE_ENV ?? "production"));
  app.use(lastResortError);

  const port = Number(process.env.PORT || 3000);
  const host = process.env.HOST || "127.0.0.1";
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, host, () => resolve(s));
    s.on("error", reject);
  });
  const officialServer = await listenOfficialAdapter(app);
  const url = `http://${host === "0.0.0.0" ? "localhost" : host}:${port}`;
  // in a cluster the primary says "OSEP listo" once every worker listens
  console.log(cluster.isWorker ? `Proceso web ${cluster.worker?.id} atendiendo en ${url}` : `OSEP listo en ${url}`);
  // The PDF browser (certificate, card, reports) starts in the background: never waited for, never fatal
  // (a missing Chromium logs one line; PDFs then answer 503). PDF_WARMUP=0 leaves it to the first PDF.
  if (process.env.PDF_WARMUP !== "0") void warmPdfBrowser();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        // closeAllConnections below ends the open event streams too (each unsubscribes); the background work's
        // listeners (the live grid's LISTEN) stop before the database closes
        server.close(() => {
          Promise.all([stopListeners().then(closeDb), closePdfBrowser()]).then(
            () => resolve(),
            () => resolve(),
          );
        });
        server.closeAllConnections?.();
        officialServer?.close();
        officialServer?.closeAllConnections();
      }),
  };
}

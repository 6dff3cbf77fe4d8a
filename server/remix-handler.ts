// The Express → Remix adapter (in place of @remix-run/express's): it applies the request gate
// (app/lib/request-gate.server.ts) before any loader or action runs, reads a body at most MAX_BODY_BYTES long,
// gives every render a CSP nonce, and makes Remix's own error answers speak the app's language: JSON { msg } for
// an API client, the app's error page for a person. See docs/decisions/024-request-gate.md.
import crypto from "node:crypto";
import type express from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { loggableError } from "~/lib/log-safe.server";
import { apiError, errorResponse } from "~/lib/http.server";
import { MSG_ERROR_INESPERADO } from "~/lib/messages";
import { inHouseError } from "~/lib/house-errors.server";
import {
  MAX_BODY_BYTES,
  MSG_DEMASIADO_GRANDE,
  MSG_DIRECCION_INVALIDA,
  bodyRefusal,
  contentTypeRefusal,
  declaredSizeRefusal,
  isApiPath,
  isSafeMethod,
  originRefusal,
  urlRefusal,
  type Refusal,
} from "~/lib/request-gate.server";
import { PLAIN_HTML_CSP } from "~/lib/security-headers.server";
import { requestUrlOf } from "./request-url";
import { writeBody } from "./write-body";

function remixHeaders(req: express.Request): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

/** The origins this server answers as: its Host (and the proxy's X-Forwarded-Host when trusted), plus PUBLIC_ORIGIN. */
function selfOrigins(req: express.Request): string[] {
  const origins = [`${req.protocol}://${req.get("host") ?? ""}`];
  const forwarded = req.app.get("trust proxy") ? req.get("x-forwarded-host") : undefined;
  if (forwarded) origins.push(`${req.protocol}://${forwarded.split(",")[0].trim()}`);
  for (const o of (process.env.PUBLIC_ORIGIN ?? "").split(",")) if (o.trim()) origins.push(o.trim());
  return origins.map((o) => o.toLowerCase().replace(/\/+$/, ""));
}

/** For a request line whose target is no path (`*`, authority-form): a root to answer its 400 from. */
const fallbackUrl = (_req: express.Request) => new URL("http://localhost/");

/** Reads the body into memory, stopping (null) as soon as it passes `max` bytes. */
function readBody(req: express.Request, max: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > max) {
        done = true;
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!done) resolve(Buffer.concat(chunks));
    });
    req.on("error", reject);
  });
}

function refusalResponse(request: Request, pathname: string, r: Refusal): Response {
  return isApiPath(pathname) ? apiError(r.status, r.msg) : errorResponse(request, r.status, r.msg);
}

async function send(res: express.Response, answer: Response): Promise<void> {
  res.statusMessage = answer.statusText;
  res.status(answer.status);
  for (const [key, value] of answer.headers.entries()) res.append(key, value);
  const html = (answer.headers.get("content-type") ?? "").includes("text/html");
  if (html && !answer.headers.has("content-security-policy")) res.setHeader("Content-Security-Policy", PLAIN_HTML_CSP);
  if (answer.body) await writeBody(answer.body, res);
  else res.end();
}

export function remixHandler(build: ServerBuild, mode: string): express.RequestHandler {
  const handle = createRequestHandler(build, mode);
  return (req, res, next) => {
    void (async () => {
      // only from validated parts: no header changes which route answers (server/request-url.ts, issue 26 §8)
      const target = requestUrlOf(req);
      const url = target ?? fallbackUrl(req);
      const headers = remixHeaders(req);
      // the Request a refusal is answered for: built only when one is refused
      const probe = () => new Request(url.href, { headers });
      const safe = isSafeMethod(req.method);
      const early =
        (target ? null : ({ status: 400, msg: MSG_DIRECCION_INVALIDA } as const)) ??
        urlRefusal(req.originalUrl) ??
        (safe ? null : (originRefusal(req.method, headers, selfOrigins(req)) ?? declaredSizeRefusal(headers)));
      if (early) {
        // the body (if any) is never read: close the connection once answered so the client stops sending
        if (!safe) res.setHeader("Connection", "close");
        return send(res, refusalResponse(probe(), url.pathname, early));
      }
      let body: Buffer | undefined;
      if (req.method !== "GET" && req.method !== "HEAD") {
        const read = await readBody(req, MAX_BODY_BYTES);
        if (read === null) {
          res.setHeader("Connection", "close");
          return send(res, refusalResponse(probe(), url.pathname, { status: 413, msg: MSG_DEMASIADO_GRANDE }));
        }
        const refusal =
          contentTypeRefusal(req.method, url.pathname, headers, read.byteLength) ?? bodyRefusal(headers, read);
        if (refusal) return send(res, refusalResponse(probe(), url.pathname, refusal));
        // an empty body without a type is an empty form (a bare POST of a button): formData() reads it as such
        if (read.byteLength === 0 && !headers.has("content-type") && !isApiPath(url.pathname)) {
          headers.set("content-type", "application/x-www-form-urlencoded");
        }
        body = read;
      }
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const request = new Request(url.href, {
        method: req.method,
        headers,
        body: body && new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength),
        signal: controller.signal,
      });
      const context: AppLoadContext = { cspNonce: crypto.randomBytes(16).toString("base64") };
      const answer = await handle(request, context);
      await send(res, await inHouseError(request, answer));
    })().catch(next);
  };
}

/** Express's last resort (an exception outside Remix): the same answers as inHouseError, never a stack trace. */
export const lastResortError: express.ErrorRequestHandler = (err: unknown, req, res, _next) => {
  // Express's own refusals (a malformed URL: 400) keep their status; anything else is a 500, logged
  const declared = (err as { status?: unknown } | null)?.status;
  const status = typeof declared === "number" && declared >= 400 && declared < 500 ? declared : 500;
  const msg = status === 500 ? MSG_ERROR_INESPERADO : MSG_DIRECCION_INVALIDA;
  if (status === 500) console.error(loggableError(err)); // never a statement's values (ADR 045)
  if (res.headersSent) return res.end();
  const url = requestUrlOf(req) ?? fallbackUrl(req);
  const request = new Request(url.href, { headers: remixHeaders(req) });
  const answer = isApiPath(url.pathname) ? apiError(status, msg) : errorResponse(request, status, msg);
  void send(res, answer);
};

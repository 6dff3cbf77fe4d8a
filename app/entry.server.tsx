// The server render of a page (Remix's default Node entry) plus the Content-Security-Policy: a fresh nonce per
// render (made by server/remix-handler.ts) goes to Remix's inline scripts and into the header.
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { loggableError } from "~/lib/log-safe.server";
import { NonceContext } from "~/lib/nonce";
import { pageCsp } from "~/lib/security-headers.server";

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  if (nonce) responseHeaders.set("Content-Security-Policy", pageCsp(nonce));
  // Bots and the SPA mode wait for everything; browsers get the shell as soon as it is ready.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html");
      resolve(
        new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        ...(waitForAll ? { onAllReady: ready } : { onShellReady: ready }),
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // errors in the shell reject above and Remix logs them; log only those streamed after it
          if (shellRendered) console.error(loggableError(error));
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * Remix's error log: faults only. Its own refusals (a method a route does not take: 405, no such route: 404) are
 * answers — logging them with a stack would let anyone fill the log with PATCH requests. Aborted requests neither.
 * A database error is logged with its statement's text, never its values (loggableError, ADR 045).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(loggableError(isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error));
};

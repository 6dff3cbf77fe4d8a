// Rules every answer of the server follows, applied in one place just before its headers leave
// (server/server.ts; docs/decisions/045-database-outage-answer.md):
// - every API answer (/api/*), every answer to a signed-in request (its pages, their data, its downloads) and every
//   error answer carries `Cache-Control: no-store`: personal data never stays in a browser's or a proxy's cache;
// - every 429 carries `Retry-After`: the wait the refusing limit noted (noteRetryAfter), else a minute;
// - every 503 carries `Retry-After` (a database restart, a report or a PDF not available yet): a few seconds.
import type { ServerResponse } from "node:http";
import type { RequestContext } from "./request-context.server";
import { OUTAGE_RETRY_AFTER_S } from "./outage.server";
import { isApiPath } from "./request-gate.server";

/** Retry-After of a 429 whose limit did not say how long (seconds). */
const DEFAULT_429_RETRY_AFTER_S = 60;

export type AnswerFacts = {
  path: string;
  status: number;
  signedIn: boolean;
  /** The Retry-After the refusing limit noted, if any (seconds). */
  retryAfterS?: number;
  has: (header: string) => boolean;
};

/** The headers the rules set on an answer (overriding a route's own Cache-Control; keeping a route's Retry-After). */
export function ruleHeaders(a: AnswerFacts): Record<string, string> {
  const out: Record<string, string> = {};
  if (a.path.startsWith("/build/")) return out; // the browser assets: immutable, cached on purpose
  if (isApiPath(a.path) || a.signedIn || a.status >= 400) out["Cache-Control"] = "no-store";
  if (a.status === 429 && !a.has("retry-after"))
    out["Retry-After"] = String(a.retryAfterS ?? DEFAULT_429_RETRY_AFTER_S);
  if (a.status === 503 && !a.has("retry-after")) out["Retry-After"] = String(OUTAGE_RETRY_AFTER_S);
  return out;
}

/** Applies ruleHeaders to `res` when it writes its head (whoever writes it: Remix, a refusal, the static files). */
export function applyResponseRules(path: string, res: ServerResponse, ctx: RequestContext): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const status = typeof args[0] === "number" ? args[0] : this.statusCode;
    const headers = ruleHeaders({
      path,
      status,
      signedIn: ctx.userId !== null,
      retryAfterS: ctx.retryAfterS,
      has: (h) => this.hasHeader(h),
    });
    for (const [name, value] of Object.entries(headers)) this.setHeader(name, value);
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}

// The per-request work of the metrics measured alone, in this process (BENCH_COMPARE=metrics, ADR 064): the counting
// middleware of server/metrics/http.ts on a request/answer pair, N times, less the same loop without it. On a machine
// shared with other work, req/s and even the server's CPU per request move by more than the few microseconds the
// counting takes; this figure does not, and set against the server's CPU per request it gives the cost as a share.
import { EventEmitter } from "node:events";
import type { Request, Response } from "express";
import { countRequests } from "~server/metrics/http";

const N = 200_000;

function loop(handler: ((req: Request, res: Response, next: () => void) => void) | null): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    const req = { method: "GET", url: `/api/afiliado/?targetField=dni&dni=${i}` } as Request;
    const res = Object.assign(new EventEmitter(), { statusCode: 200 }) as unknown as Response;
    if (handler) handler(req, res, () => undefined);
    res.emit("finish");
    res.emit("close");
  }
  return Number(process.hrtime.bigint() - started) / 1e3 / N;
}

/** Microseconds of CPU the counting adds to one request (the pattern taken from the URL as the server does). */
export function countingMicros(): number {
  const handler = countRequests((req) => new URL(req.url, "http://x").pathname.replace(/\/[^/]*$/, "/"));
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) runs.push(loop(handler) - loop(null));
  return [...runs].sort((a, b) => a - b)[2];
}

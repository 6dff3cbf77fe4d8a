// The processes' logger (issue 36, docs/decisions/065-json-logs.md). LOG_FORMAT=json: pino writes one JSON object per
// line — time, level, msg, pid, hostname, worker, and reqId on every line printed while a request is served — to the
// request log's writer (server/log/request-log.ts), so a turn's lines leave in writes of at most PIPE_BUF bytes and the
// workers of WEB_CONCURRENCY sharing stdout never interleave inside a line. LOG_FORMAT=text (the default) keeps the
// lines a person reads at a terminal: only the request lines are written here, the rest goes to the console as is.
import cluster from "node:cluster";
import os from "node:os";
import pino, { type Logger } from "pino";
import { logFormat, type LogFormat } from "~/lib/config.server";
import { errorSummary, loggableError } from "~/lib/log-safe.server";
import { requestContext } from "~/lib/request-context.server";
import { requestLog } from "./request-log";

/** Which web process wrote a line: the cluster's worker id (1, 2…), 0 for the primary or a process on its own. */
export const workerId = (): number => cluster.worker?.id ?? 0;

/**
 * LOG_FORMAT as this process reads it, once: a bad value logs as text here, and the start stops on it with its
 * Spanish message (checkConfig, app/lib/config.server.ts) — printed in a format a person can read.
 */
export function activeLogFormat(): LogFormat {
  try {
    return logFormat();
  } catch {
    return "text";
  }
}

/**
 * An error as a log field: its type, a one-line summary and its stack, through app/lib/log-safe.server.ts. pino's
 * own `err` serializer copies every property of the error — Drizzle's `params` and a pg error's `detail` and `where`
 * among them, which hold the statement's values (a DNI, a name): ADR 045 keeps them out of every log.
 */
function safeError(e: unknown): Record<string, unknown> {
  const type = e instanceof Error ? e.name : typeof e;
  const code = (e as { code?: unknown } | null)?.code;
  return { type, message: errorSummary(e), stack: loggableError(e), ...(typeof code === "string" ? { code } : {}) };
}

/** A JSON logger writing each line through `write` (the request log's buffered writer in the processes). */
export function jsonLogger(write: (line: string) => void): Logger {
  return pino(
    {
      level: "debug", // what console.debug printed before is still printed
      base: { pid: process.pid, hostname: os.hostname(), worker: workerId() },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: safeError },
      // a line printed while a request is served carries its id (the request context is shared by both bundles)
      mixin: () => {
        const id = requestContext.getStore()?.requestId;
        return id ? { reqId: id } : {};
      },
    },
    { write },
  );
}

const key = Symbol.for("osep.logger");
const g = globalThis as typeof globalThis & { [key]?: Logger };

/** This process's JSON logger (one per process, whichever bundle asks). */
export function logger(): Logger {
  return (g[key] ??= jsonLogger((line) => requestLog.write(line)));
}

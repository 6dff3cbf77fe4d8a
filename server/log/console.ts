// LOG_FORMAT=json (docs/decisions/065-json-logs.md): every line the process prints becomes a JSON object. The
// scheduler, the housekeeping, the cluster, the start-up and the errors print through the global console — shared by
// the server bundle and the Remix build — so the console's methods are routed through the logger here, once, before
// the process prints anything (server/start.ts and server/worker.ts call routeOutput first). Messages keep their text; a line
// printed while a request is served carries its id; an uncaught error and Node's own warnings become JSON lines too.
// LOG_FORMAT=text leaves the console as it is.
import { format } from "node:util";
import type { Logger } from "pino";
import { errorSummary } from "~/lib/log-safe.server";
import { ConfigError, logFormat } from "~/lib/config.server";
import { logger } from "./logger";

type Level = "debug" | "info" | "warn" | "error";

/** Replaces `target`'s printing methods with `log`'s: an Error argument becomes the line's `err` (its stack). */
export function routeConsole(log: Logger, target: Console = console): void {
  const at =
    (level: Level) =>
    (...args: unknown[]) => {
      const err = args.find((a) => a instanceof Error);
      // the error is never formatted into the message: util.inspect would print all of its properties (ADR 045)
      const rest = err ? args.filter((a) => a !== err) : args;
      const msg = rest.length ? format(...rest) : "";
      if (err) log[level]({ err }, msg || errorSummary(err));
      else log[level](msg);
    };
  target.debug = at("debug");
  target.log = at("info");
  target.info = at("info");
  target.warn = at("warn");
  target.error = at("error");
}

/** An uncaught error and Node's warnings, which Node prints itself (not through the console), as JSON lines. */
function routeProcessOutput(log: Logger): void {
  process.on("uncaughtException", (err, origin) => {
    log.fatal({ err }, `error no capturado (${origin}): el proceso termina`);
    process.exit(1); // as Node does (the request log's writer is flushed on exit)
  });
  process.removeAllListeners("warning"); // Node's own listener prints them as text
  process.on("warning", (w) => log.warn(`${w.name}: ${w.message}`));
}

function jsonWanted(): boolean {
  try {
    return logFormat() === "json";
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(e.message); // a bad LOG_FORMAT stops the web start and the worker alike, naming it
    process.exit(1);
  }
}

/**
 * Called once, first, by each process's entry point (an explicit call, not an import's side effect: the package is
 * marked `sideEffects: false`, so a bundler may drop an import that is not used).
 */
export function routeOutput(): void {
  if (!jsonWanted()) return;
  routeConsole(logger());
  routeProcessOutput(logger());
}

// The production app as a child process (`node build/server/start.js`, the built server serving the built app of
// build/index.js, exactly what `npm start` runs once built) on a free loopback port, for the tests that need real processes: several instances on one database, WEB_CONCURRENCY.
// The child leads its own process group, so a test can tell that nothing of it is left after it stopped.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { serverBuildFile, serverBundleFile } from "~server/server";
import { prerequisite } from "./prerequisite";

export type AppProcess = {
  origin: string;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr, in order of arrival). */
  output: () => string;
  /** Waits until `text` has been written (or fails after `timeoutMs`, showing the output). */
  waitFor: (text: string | RegExp, timeoutMs?: number) => Promise<void>;
  /** Sends `signal` and resolves with how the process ended. */
  stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** True while any process of its group (the app, its workers, their helpers) is still there. */
  groupAlive: () => boolean;
};

/** Whether both builds exist: the server (build/server/start.js) and the app it serves (build/index.js); `npm test`
 * runs `npm run build` before vitest. */
export const appBuilt = () => fs.existsSync(serverBuildFile()) && fs.existsSync(serverBundleFile("start"));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts the app with `env` over this process's environment (production, loopback) and waits for "OSEP listo";
 * `argv` is what node runs (default: the built server; `["scripts/start.mjs"]` is `npm start`).
 */
export async function startApp(
  env: Record<string, string>,
  readyTimeoutMs = 90_000,
  argv = [serverBundleFile("start")],
): Promise<AppProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, argv, {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  const listeners = new Set<() => void>();
  const onData = (b: Buffer) => {
    out += b.toString();
    listeners.forEach((l) => l());
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      listeners.forEach((l) => l());
      resolve({ code, signal });
    }),
  );
  const groupAlive = () => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  const waitFor = (text: string | RegExp, timeoutMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const seen = () => (typeof text === "string" ? out.includes(text) : text.test(out));
      const check = () => {
        if (seen()) done(resolve);
        else if (child.exitCode !== null || child.signalCode !== null)
          done(() =>
            reject(
              new Error(
                `the app ended (${child.exitCode ?? child.signalCode}) before writing ${String(text)}:\n${out}`,
              ),
            ),
          );
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`no ${String(text)} after ${timeoutMs} ms:\n${out}`))),
        timeoutMs,
      );
      const done = (f: () => void) => {
        clearTimeout(timer);
        listeners.delete(check);
        f();
      };
      listeners.add(check);
      check();
    });
  const app: AppProcess = {
    origin: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    waitFor,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => groupAlive() && process.kill(-child.pid!, "SIGKILL"), 15_000);
      const how = await ended;
      clearTimeout(timer);
      return how;
    },
    groupAlive,
  };
  try {
    await waitFor("OSEP listo", readyTimeoutMs);
  } catch (e) {
    if (groupAlive()) process.kill(-child.pid!, "SIGKILL");
    throw e;
  }
  return app;
}

/** Last resort in an afterAll: whatever is left of the app's process group is killed. */
export function killGroup(app: AppProcess | undefined): void {
  if (app?.groupAlive()) process.kill(-app.child.pid!, "SIGKILL");
}

/** A suite of the production app under WEB_CONCURRENCY: it needs PostgreSQL (PGlite ignores it) and the build. */
export function clusterPrerequisite(title: string): boolean {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL);
  const missing = !onPostgres
    ? "Postgres only (DATABASE_URL unset): with the embedded PGlite WEB_CONCURRENCY is ignored"
    : !appBuilt()
      ? "no build (run `npm run build`; npm test builds first)"
      : null;
  return prerequisite(title, missing);
}

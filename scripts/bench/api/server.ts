// The production server bench:api measures: `node build/server/start.js` as a child process, exactly what
// `npm start` runs once built, on a free loopback port — or, with BENCH_SERVER=tsx, the same server from its
// TypeScript source (`node --import tsx server/start.ts`, what `npm start` ran before issue 36), for the
// before/after figures of docs/benchmarks.md. Its stdout (the request log, one line per request) goes to a temp
// file; stderr passes through. Then the two ways in: an API token (POST /api/auth) and a browser cookie (the login
// form, POST /?index).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { serverBuildFile, serverBundleFile } from "~server/server";

export type AppServer = {
  origin: string;
  /** The server's process (the cluster's primary under WEB_CONCURRENCY). */
  pid: number;
  logFile: string;
  /** What the server wrote to stdout so far (start-up lines and the request log). */
  log: () => string;
  /** Null while the server runs; else how it ended (its exit code or signal, and its last line). */
  ended: () => string | null;
  /** SIGTERM, then waits for the exit (SIGKILL after 10 s). */
  stop: () => Promise<void>;
};

const START_TIMEOUT_MS = 180_000;

/** `npm run build` when either build is missing (as `npm start` does), so the server's start is not a build. */
export function buildIfMissing(): void {
  if (fs.existsSync(serverBuildFile()) && fs.existsSync(serverBundleFile("start"))) return;
  console.log("No hay build: compilando la aplicación…");
  const r = spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit", env: process.env });
  if (r.status !== 0) throw new Error(`npm run build terminó con ${r.status ?? r.signal}`);
}

/** How the server runs: the build (default) or its TypeScript source through tsx (BENCH_SERVER=tsx). */
export function serverCommand(): string[] {
  return process.env.BENCH_SERVER === "tsx" ? ["--import", "tsx", "server/start.ts"] : [serverBundleFile("start")];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** The resident set of a process, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Starts the server and resolves once it printed "OSEP listo"; rejects (after stopping it) if it exits or hangs. */
export async function startApp(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
  argv = serverCommand(),
): Promise<AppServer> {
  const port = await freePort();
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "osep-bench-api-")), "server.log");
  const out = fs.openSync(logFile, "w");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    DEMO: "1",
    PDF_WARMUP: "0",
    REPORTING_SCHEDULER: "worker",
    ...extraEnv,
  };
  // WEB_CONCURRENCY comes with process.env when it is set; nothing else of ours leaks into the server
  for (const k of ["BENCH_SECONDS", "BENCH_RUNS", "BENCH_SERVER"]) delete env[k];
  const child = spawn(process.execPath, argv, {
    env,
    stdio: ["ignore", out, "inherit"],
  });
  fs.closeSync(out);
  const logText = () => fs.readFileSync(logFile, "utf8");
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited(child);
      clearTimeout(killer);
    }
  };
  const started = Date.now();
  while (!logText().includes("OSEP listo")) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`el servidor terminó al arrancar (${child.exitCode ?? child.signalCode}):\n${logText()}`);
    }
    if (Date.now() - started > START_TIMEOUT_MS) {
      await stop();
      throw new Error(`el servidor no dijo "OSEP listo" en ${START_TIMEOUT_MS / 1000} s:\n${logText()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    logFile,
    log: logText,
    ended: () =>
      child.exitCode === null && child.signalCode === null
        ? null
        : `${child.exitCode ?? child.signalCode}; su última línea: ${logText().trimEnd().split("\n").at(-1)}`,
    stop,
  };
}

export type Credentials = { token: string; cookie: string };

/** Signs `usuario` in twice: an API token and a browser session cookie (osep_sesion=…). */
export async function login(origin: string, usuario: string, password: string): Promise<Credentials> {
  const api = await fetch(`${origin}/api/auth`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ usuario, password }),
  });
  if (api.status !== 200) throw new Error(`POST /api/auth respondió ${api.status}: ${await api.text()}`);
  const { token } = (await api.json()) as { token: string };
  const form = await fetch(`${origin}/?index`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ usuario, password }).toString(),
  });
  const cookie = form.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("osep_sesion="));
  if (form.status !== 302 || !cookie) throw new Error(`POST /?index respondió ${form.status} sin cookie de sesión`);
  return { token, cookie };
}

/**
 * The request lines of a server log (`<ISO time> <METHOD> <route pattern> <status> <ms>ms user=…`, a worker tag
 * anywhere allowed) and how many of them carry a query string (the issue: none may).
 */
export function requestLines(logText: string): { requests: number; withQuery: number } {
  const paths = logText
    .split("\n")
    .map((l) => /\b(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\S+) \d{3} [\d.]+ms\b/.exec(l)?.[1])
    .filter((p): p is string => p !== undefined);
  return { requests: paths.length, withQuery: paths.filter((p) => /[?=]/.test(p)).length };
}

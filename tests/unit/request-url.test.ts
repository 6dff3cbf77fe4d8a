// Issue 26 item 8 (ADR 024, 2026-11-28): the request's URL comes from the request line, never from the Host header.
// The built production app (a child process, embedded database in memory) gets raw HTTP requests whose Host (or
// X-Forwarded-Host, not trusted without TRUST_PROXY) carries a path, a query, a fragment, an `@`, a port that is not
// digits, an IPv6 address: each is answered by the route of the request line's path — the same status, type and body
// as with an ordinary Host — and its log line names that path with that status. (Before: `GET /api/nada` with
// `Host: 127.0.0.1:3000/healthz?` was logged as /api/nada and answered by /healthz, the class of CVE-2025-31137.)
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appBuilt, killGroup, startApp, type AppProcess } from "~tests/support/app-process";
import { prerequisite } from "~tests/support/prerequisite";

const missing = !appBuilt() ? "no build (run `npm run build`; npm test builds first)" : null;
const runs = prerequisite("the request's URL", missing);

let app: AppProcess | undefined;
let port = 0;
let dataDir = "";

type Answer = { status: number; type: string; body: string; logLine: string };

/** GET `target` with exactly these headers (Host included); the answer and the log line the app wrote for it. */
function get(target: string, headers: Record<string, string>): Promise<Answer> {
  const logged = app!.output().length;
  return new Promise<Omit<Answer, "logLine">>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: target, method: "GET", headers, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, type: String(res.headers["content-type"]), body }));
    });
    req.on("error", reject);
    req.end();
  }).then(async (a) => {
    // one request at a time: the first request line written after it was sent is its own
    const line = () =>
      app!
        .output()
        .slice(logged)
        .split("\n")
        .find((l) => / GET .+ \d{3} [\d.]+ms /.test(l));
    // the log leaves once per turn of the event loop (server/log/request-log.ts): wait for it, 10 s at most
    for (let tries = 0; line() === undefined && tries < 200; tries++) await new Promise((r) => setTimeout(r, 50));
    return { ...a, logLine: line() ?? "(no log line)" };
  });
}

/** The log line without its time stamp and duration: "GET <route pattern> <status>". */
const logged = (a: Answer) => / (GET .+ \d{3}) [\d.]+ms /.exec(a.logLine)?.[1] ?? a.logLine;

/** What must not change with the Host: the status, the type and the body (of /healthz its `status`: loopback or
 * forwarded changes how much it details, ADR 028). */
const seen = (target: string, a: Answer) => ({
  status: a.status,
  type: a.type,
  body: target === "/healthz" ? (JSON.parse(a.body) as { status: string }).status : a.body,
});

const hostile: [string, (port: number) => Record<string, string>][] = [
  ["a path after the port", (p) => ({ host: `127.0.0.1:${p}/healthz?` })],
  ["a path without a port", () => ({ host: "127.0.0.1/healthz?" })],
  ["a query after the port", (p) => ({ host: `127.0.0.1:${p}?` })],
  ["a fragment after the host", () => ({ host: "127.0.0.1#" })],
  ["user info with an @ (x:1@host/path)", () => ({ host: "x:1@127.0.0.1/healthz?" })],
  ["an @ before the host", (p) => ({ host: `a@127.0.0.1:${p}` })],
  ["a port that is not digits", () => ({ host: "127.0.0.1:abc" })],
  ["a port out of range", () => ({ host: "127.0.0.1:99999" })],
  ["an IPv6 host with its port", (p) => ({ host: `[::1]:${p}` })],
  ["an IPv6 host with a path", (p) => ({ host: `[::1]:${p}/healthz?` })],
  ["a backslash in the host", () => ({ host: "127.0.0.1\\healthz" })],
  [
    "an untrusted X-Forwarded-Host with a path",
    (p) => ({ host: `127.0.0.1:${p}`, "x-forwarded-host": "e:1/healthz?" }),
  ],
  [
    "an untrusted X-Forwarded-Proto",
    (p) => ({ host: `127.0.0.1:${p}`, "x-forwarded-proto": "http://127.0.0.1/healthz?" }),
  ],
];

describe.runIf(runs)("the request's URL comes from the request line", () => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-request-url-"));
    app = await startApp({
      DATABASE_URL: "",
      READ_REPLICA_URL: "",
      PGLITE_MEMORY: "1",
      DATA_DIR: dataDir,
      REPORTING_DIR: path.join(dataDir, "reporting"),
      REPORTING_SCHEDULER: "worker",
      DEMO: "0",
      ADMIN_PASSWORD: "clave-de-prueba-26",
      PDF_WARMUP: "0",
      WEB_CONCURRENCY: "1",
      TRUST_PROXY: "",
    });
    port = Number(new URL(app.origin).port);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    killGroup(app);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("dot segments: answered by the path they resolve to, and logged as that path", async () => {
    const plain = await get("/healthz", { host: `127.0.0.1:${port}` });
    const dotted = await get("/api/../healthz", { host: `127.0.0.1:${port}` });
    expect(seen("/healthz", dotted)).toEqual(seen("/healthz", plain));
    expect(logged(dotted)).toBe("GET /healthz 200");
  });

  test("a request line whose target is no path (`*`) is refused 400, never answered by a page", async () => {
    const star = await get("*", { host: `127.0.0.1:${port}` });
    expect(star.status).toBe(400);
  });

  test.each(hostile)("%s: each path is answered and logged as itself", async (_what, headers) => {
    for (const target of ["/api/nada", "/healthz"]) {
      const plain = await get(target, { host: `127.0.0.1:${port}` });
      const answer = await get(target, headers(port));
      expect(seen(target, answer), `${target} ${JSON.stringify(headers(port))}`).toEqual(seen(target, plain));
      expect(logged(answer)).toBe(logged(plain));
      expect(logged(answer)).toMatch(target === "/healthz" ? /^GET \/healthz 200$/ : /^GET .+ 404$/);
    }
  });
});

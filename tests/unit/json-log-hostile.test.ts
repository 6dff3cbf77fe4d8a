// Issue 36 §4 (ADR 065, ADR 003): the built app with LOG_FORMAT=json, replaying hostile requests that carry a known
// member's DNI and name, a password, session tokens and cookies — in paths, query strings, form and JSON bodies and
// headers — plus malformed ones (bad UTF-8, NUL, a huge body, an unknown route, a raw request line Node refuses, a
// failed sign-in with the DNI as user name, a member id that does not exist). Then its whole output (stdout and
// stderr, from the start to the stop): every line is a JSON object with the fields, none holds a DNI, name,
// password or token it was sent, every answer's X-Request-Id names exactly one request line, and a malformed
// incoming id is replaced. On PostgreSQL (npm test) it runs two web processes (WEB_CONCURRENCY=2), on the embedded
// database one.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appBuilt, killGroup, startApp, type AppProcess } from "~tests/support/app-process";
import { logRunDatabase, type LogRunDb } from "~tests/support/log-run-fixture";
import { prerequisite } from "~tests/support/prerequisite";

const runs = prerequisite(
  "JSON logs of a hostile run",
  appBuilt() ? null : "no build/index.js (run `npx remix build`)",
);

const DNI = "30987654";
const APELLIDO = "Zapiola";
const NOMBRE = "Eustaquia";
const PASSWORD = "Contraseña-Secreta-91";
const STOLEN_TOKEN = "tk7Q2mZpXvN4rL8sHwY3";
const STOLEN_COOKIE = "ck5Fq9TbLm2WzR7yKdE1";
const SECRETS = [DNI, APELLIDO, NOMBRE, PASSWORD, STOLEN_TOKEN, STOLEN_COOKIE];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let db: LogRunDb | undefined;
let app: AppProcess | undefined;
let origin = "";
/** The X-Request-Id of every answer. */
const answeredIds: string[] = [];

type Ask = {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  /** A huge body: the app answers 413 and closes while the client still sends, which may fail the client (EPIPE). */
  mayFail?: true;
};

async function ask({ path, method = "GET", headers = {}, body, mayFail }: Ask): Promise<Response | null> {
  const sent = fetch(origin + path, { method, headers, body, redirect: "manual" });
  const res = mayFail ? await sent.catch(() => null) : await sent;
  if (!res) return null;
  await res.arrayBuffer().catch(() => undefined);
  const id = res.headers.get("x-request-id");
  expect(id, `${method} ${path}: no X-Request-Id`).toBeTruthy();
  answeredIds.push(id!);
  return res;
}

const json = (value: unknown, more: Record<string, string> = {}) => ({
  headers: { "content-type": "application/json", origin, ...more },
  body: JSON.stringify(value),
});

/** A raw request line Node's parser refuses (bytes that are no URL): answered 400 before the app sees it. */
function rawRequest(line: string): Promise<string> {
  return new Promise((resolve) => {
    const [host, port] = origin.replace("http://", "").split(":");
    const s = net.connect(Number(port), host, () => s.end(Buffer.from(line, "latin1")));
    let out = "";
    s.on("data", (b) => (out += b.toString("latin1")));
    s.on("close", () => resolve(out));
    s.on("error", () => resolve(out));
  });
}

/** The output's lines (the last may still be written). */
const outputLines = () =>
  app!
    .output()
    .split("\n")
    .filter((l) => l.trim() !== "");

const parsedLines = () => outputLines().map((l) => JSON.parse(l) as Record<string, unknown>);

/** The request lines: the ones with a route. */
const requestLines = () => parsedLines().filter((l) => "route" in l);

describe.runIf(runs)("LOG_FORMAT=json over a hostile run", () => {
  beforeAll(async () => {
    db = await logRunDatabase([{ dni: DNI, apeynom: `${APELLIDO.toUpperCase()} ${NOMBRE.toUpperCase()}` }]);
    app = await startApp(
      {
        ...db.env,
        LOG_FORMAT: "json",
        NODE_ENV: "production",
        DEMO: "0", // the database has its users; no demo data to load
        PDF_WARMUP: "0",
        REPORTING_SCHEDULER: "",
        WEB_CONCURRENCY: db.kind === "pg" ? "2" : "",
      },
      150_000,
    );
    origin = app.origin;
  }, 180_000);

  afterAll(async () => {
    if (app?.child.exitCode === null) await app.stop();
    killGroup(app);
    await db?.cleanup();
  });

  test("hostile requests: answered, each with its X-Request-Id", async () => {
    const signIn = await fetch(`${origin}/api/auth`, {
      method: "POST",
      ...json({ usuario: "admin", password: "admin" }),
    });
    const { token } = (await signIn.json()) as { token: string };
    SECRETS.push(token);
    const form = await ask({
      path: "/?index",
      method: "POST",
      headers: { origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ usuario: "admin", password: "admin" }),
    });
    const cookie = form!.headers.get("set-cookie")!.split(";")[0];
    SECRETS.push(cookie.split("=").slice(1).join("="));
    const who = encodeURIComponent(`${APELLIDO} ${NOMBRE}`);
    const auth = { "x-auth-token": token };
    const asks: Ask[] = [
      { path: `/api/afiliado/buscarafiliadoycoberturas/${DNI}` },
      { path: `/api/afiliado/buscarafiliadoycoberturas/${DNI}?website=${who}` }, // the honeypot prints a line
      { path: `/api/onco/buscarpordni/${DNI}?apeynom=${who}`, headers: auth },
      { path: `/api/turnos/turnospordni/${DNI}`, headers: auth },
      { path: "/api/afiliado/buscarporidafi/987654321", headers: auth }, // a member id that does not exist
      { path: `/consultar-padron?dni=${DNI}&apeynom=${who}`, headers: { cookie, accept: "text/html" } },
      { path: `/listado-afiliados/convenio/${DNI}?nombre=${NOMBRE}`, headers: { cookie } },
      { path: `/${APELLIDO}/${DNI}?nombre=${NOMBRE}`, headers: { accept: "text/html" } }, // no such route
      { path: `/build/${APELLIDO}-${DNI}.js` }, // a static asset that is not there
      { path: "/favicon.svg" }, // one that is
      { path: `/api/afiliado/buscarporidafi/%FF%FE${DNI}`, headers: auth }, // bad UTF-8
      { path: `/consultar-padron?dni=${DNI}%00${APELLIDO}`, headers: { cookie } }, // NUL
      { path: `/api/auth`, method: "POST", ...json({ usuario: DNI, password: PASSWORD }) }, // failed sign-in
      {
        path: "/?index",
        method: "POST",
        headers: { origin, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ usuario: `${APELLIDO}.${DNI}`, password: PASSWORD }),
      },
      { path: "/api/onco/buscarporfiltro", method: "POST", ...json({ dni: DNI, apeynom: APELLIDO }, auth) },
      { path: "/api/users", method: "POST", ...json({ usuario: NOMBRE, apeynom: APELLIDO, password: PASSWORD }, auth) },
      {
        path: "/api/auth",
        method: "POST",
        ...json({ usuario: DNI, password: PASSWORD.repeat(200_000) }),
        mayFail: true,
      },
      { path: "/api/auth", method: "POST", headers: { "content-type": "application/json", origin }, body: `{"${DNI}` },
      { path: "/api/auth", headers: { "x-auth-token": STOLEN_TOKEN, authorization: `Bearer ${STOLEN_TOKEN}` } },
      {
        path: "/home",
        headers: { cookie: `__session=${STOLEN_COOKIE}; dni=${DNI}`, referer: `${origin}/x?dni=${DNI}` },
      },
      { path: "/healthz", headers: { "user-agent": `${APELLIDO} ${NOMBRE} ${DNI}` } },
    ];
    for (const a of asks) await ask(a);
    const refused = await rawRequest(`GET /api/afiliado/\xff${DNI}\u0000${APELLIDO} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(refused).toMatch(/^HTTP\/1\.1 400/);
  });

  test("the incoming X-Request-Id: kept when well-formed, else replaced by a new UUID and never echoed", async () => {
    const kept = await ask({ path: "/healthz", headers: { "x-request-id": "3f8a9c0e5d7b41c2a6e9f0b1c2d3e4f5" } });
    expect(kept!.headers.get("x-request-id")).toBe("3f8a9c0e5d7b41c2a6e9f0b1c2d3e4f5");
    for (const bad of [DNI, `${APELLIDO}-${NOMBRE}`, "x9".repeat(250), `abc1 ${DNI}`, "a1\u00ff"]) {
      const res = await ask({ path: "/healthz", headers: { "x-request-id": bad } });
      expect(res!.headers.get("x-request-id")).toMatch(UUID);
    }
  });

  test("every line of the output is a JSON object with time, level, msg, pid and worker", async () => {
    // a request line is written just after its answer left: wait for the last one
    const last = answeredIds[answeredIds.length - 1];
    await expect.poll(() => requestLines().some((l) => l.reqId === last), { timeout: 10_000 }).toBe(true);
    for (const line of outputLines()) {
      let o: Record<string, unknown>;
      expect(() => (o = JSON.parse(line) as Record<string, unknown>), line).not.toThrow();
      expect(Object.keys(o!), line).toEqual(expect.arrayContaining(["time", "level", "msg", "pid", "worker"]));
      expect(typeof o!.msg, line).toBe("string");
      expect(Number.isInteger(o!.worker), line).toBe(true);
    }
  });

  test("a request line: its id, method, route pattern (never the URL), status, duration, user and worker", () => {
    const lines = requestLines();
    for (const l of lines) {
      expect(Object.keys(l)).toEqual(
        expect.arrayContaining(["reqId", "method", "route", "status", "durationMs", "userId", "worker"]),
      );
      expect(String(l.route)).toMatch(/^(\/|\(sin ruta\)$)/);
      expect(String(l.route)).not.toMatch(/[?%]/);
    }
    // each answer's id names exactly one request line
    const byId = new Map<string, number>();
    for (const l of lines) byId.set(String(l.reqId), (byId.get(String(l.reqId)) ?? 0) + 1);
    expect(answeredIds.filter((id) => byId.get(id) !== 1)).toEqual([]);
    expect(lines.some((l) => typeof l.userId === "number")).toBe(true); // the signed-in ones
    expect(lines.some((l) => l.route === "/api/afiliado/buscarporidafi/:id" && l.status === 404)).toBe(true);
    expect(lines.some((l) => l.route === "(sin ruta)" && l.status === 404)).toBe(true);
    expect(lines.some((l) => l.status === 413)).toBe(true);
  });

  test("a line printed while a request is served carries that request's id", () => {
    const trap = parsedLines().find((l) => String(l.msg).includes("campo trampa"));
    expect(trap?.level).toBe("warn");
    expect(answeredIds).toContain(trap?.reqId);
  });

  test("no DNI, name, password, token or cookie it was sent appears anywhere in the output", async () => {
    if (process.env.SHOW_LOG) console.log(app!.output());
    const out = app!.output().toLowerCase();
    for (const secret of SECRETS) expect(out, `the output holds ${secret}`).not.toContain(secret.toLowerCase());
    // the stop's lines too
    await app!.stop();
    const all = app!.output();
    for (const secret of SECRETS) expect(all.toLowerCase()).not.toContain(secret.toLowerCase());
    for (const line of outputLines()) expect(() => JSON.parse(line), line).not.toThrow();
  });
});

// Issue 36 §2, the production app behind Debian's nginx with TLS (deploy/nginx/osep.conf as shipped, ADR 063): the
// built app on PostgreSQL with the template's TRUST_PROXY and COOKIE_SECURE (deploy/osep.env.example), nginx with a
// throwaway self-signed certificate in front of it, and every check made through HTTPS as a browser would: sign-in
// gives a Secure cookie and HSTS; plain HTTP sends to HTTPS; a live-grid event crosses the proxy within a second; the
// public lookup's limit counts each client's address (127.0.0.2 and 127.0.0.3 are two clients), not the proxy's, and
// a forged X-Forwarded-For buys no new budget; another site's POST gets 403; an oversized body gets 413 at once;
// /metrics is not served through the site; assets are cached for a year; the access log holds no path or query;
// with the app stopped, nginx answers the app's 503 in Spanish.
import http from "node:http";
import http2 from "node:http2";
import https from "node:https";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MSG_SERVICIO_NO_DISPONIBLE } from "~/lib/messages";
import { MAX_BODY_BYTES } from "~/lib/request-gate.server";
import { RATE_LIMITED } from "~/modules/coberturas/consulta.schema";
import { appBuilt, killGroup, startApp, type AppProcess } from "~tests/support/app-process";
import type { TestDb } from "~tests/support/db";
import { proxyToolsMissing, startProxy, viaProxy, type Call, type Proxy } from "~tests/support/nginx-process";
import { prerequisite } from "~tests/support/prerequisite";
import { DIA, useTurnosDatabase } from "~tests/support/turnos-fixture";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL);
const LOOKUP_MAX = 3;
const missing = !onPostgres
  ? "Postgres only (DATABASE_URL unset): the app process and the test share the test database"
  : !appBuilt()
    ? "no build/index.js (run `npx remix build`; npm test builds first)"
    : proxyToolsMissing();
const runs = prerequisite("the app behind nginx with TLS", missing);

let t: TestDb;
let idafi: Record<string, number>;
let app: AppProcess | undefined;
let proxy: Proxy | undefined;
let site = "";

/** A setting as the shipped environment template gives it. */
function templateValue(name: string): string {
  const line = fs
    .readFileSync("deploy/osep.env.example", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${name}=`));
  if (!line) throw new Error(`deploy/osep.env.example no define ${name}`);
  return line.slice(name.length + 1);
}

const call = (pathname: string, c: Call = {}) => viaProxy(proxy!, pathname, c);
const form = (fields: Record<string, string>, origin = site, from?: string): Call => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", origin },
  body: new URLSearchParams(fields).toString(),
  from,
});

/** A browser's sign-in through the proxy: the answer (302 with the session cookie). */
const signIn = () => call("/?index", form({ usuario: "admin", password: "admin" }));

/** An event stream opened through the proxy: waits for a text to arrive, within a time limit. */
function openEvents(pathname: string, cookie: string) {
  let text = "";
  const waiters = new Set<() => void>();
  const req = https.get({
    host: "127.0.0.1",
    servername: "localhost",
    port: proxy!.httpsPort,
    path: pathname,
    headers: { host: `localhost:${proxy!.httpsPort}`, cookie, accept: "text/event-stream" },
    ca: proxy!.ca,
    agent: false,
  });
  const opened = new Promise<http.IncomingMessage>((resolve, reject) => {
    req.on("response", (res) => {
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        text += c;
        waiters.forEach((w) => w());
      });
      resolve(res);
    });
    req.on("error", reject);
  });
  const waitFor = (needle: string, withinMs: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no «${needle}» within ${withinMs} ms; received: ${JSON.stringify(text)}`));
      }, withinMs);
      const check = () => {
        if (!text.includes(needle)) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  return { opened, waitFor, close: () => req.destroy() };
}

/** The answer to `send`, or a failure once `ms` have passed without one (a hang). */
async function within<T>(ms: number, send: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)),
  );
  try {
    return await Promise.race([send, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe.runIf(runs)("the app behind nginx with TLS (deploy/nginx/osep.conf)", () => {
  beforeAll(async () => {
    ({ t, idafi } = await useTurnosDatabase());
    app = await startApp({
      DATABASE_URL: process.env.DATABASE_URL!,
      REPORTING_DIR: t.reportingDir,
      DEMO: "0", // the test database has its users already
      PDF_WARMUP: "0",
      REPORTING_SCHEDULER: "worker",
      TRUST_PROXY: templateValue("TRUST_PROXY"),
      COOKIE_SECURE: templateValue("COOKIE_SECURE"),
      PUBLIC_ORIGIN: "",
      PUBLIC_LOOKUP_MAX: String(LOOKUP_MAX),
    });
    proxy = await startProxy(app.origin);
    site = `https://localhost:${proxy.httpsPort}`;
  });
  afterAll(async () => {
    await proxy?.stop();
    if (app?.child.exitCode === null) await app.stop();
    killGroup(app);
    await t?.cleanup();
  });

  test("sign-in through HTTPS sets a Secure, HttpOnly session cookie; HSTS comes once; HTTP sends to HTTPS", async () => {
    const res = await signIn();
    expect(res.status, res.text).toBe(302);
    const cookie = [res.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("osep_sesion="));
    expect(cookie).toMatch(/; Secure(;|$)/);
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");

    const plain = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get({ host: "127.0.0.1", port: proxy!.httpPort, path: "/login", headers: { host: "localhost" } }, resolve)
        .on("error", reject),
    );
    plain.resume();
    expect(plain.statusCode).toBe(301);
    expect(plain.headers.location).toBe("https://localhost/login");
  });

  test("HTTP/2 is offered (ALPN) and answers", async () => {
    // by address: "localhost" may resolve to ::1 first, where the test's nginx does not listen
    const session = http2.connect(`https://127.0.0.1:${proxy!.httpsPort}`, { ca: proxy!.ca, servername: "localhost" });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const stream = session.request({ ":path": "/healthz" });
        stream.on("response", (headers) => resolve(Number(headers[":status"])));
        stream.on("error", reject);
        stream.resume();
      });
      expect(status).toBe(200);
      expect(session.alpnProtocol).toBe("h2");
    } finally {
      session.close();
    }
  });

  test("a live-grid event reaches a desk through the proxy within a second of the change", async () => {
    const cookie = [(await signIn()).headers["set-cookie"] ?? []]
      .flat()
      .find((c) => c.startsWith("osep_sesion="))!
      .split(";")[0];
    const auth = await call("/api/auth", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ usuario: "admin", password: "admin" }),
    });
    expect(auth.status, auth.text).toBe(200);
    const token = (JSON.parse(auth.text) as { token: string }).token;
    const stream = openEvents(`/turnos/eventos?tipo_tramite=REINTEGROS&fecha_turno=${DIA}`, cookie);
    try {
      const res = await within(5000, stream.opened);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
      await stream.waitFor("retry:", 5000);
      const put = await call("/api/turnos", {
        method: "PUT",
        headers: { "x-auth-token": token, "content-type": "application/json" },
        body: JSON.stringify({
          tipo_tramite: "REINTEGROS",
          fecha_turno: DIA,
          hora_turno: "08:00",
          puesto: 1,
          id_afiliado: idafi["30400001"],
        }),
      });
      expect(put.status, put.text).toBe(200);
      await stream.waitFor(`event: cambio\ndata: {"tipo_tramite":"REINTEGROS","fecha_turno":"${DIA}"}`, 1000);
    } finally {
      stream.close();
    }
  });

  test("the public lookup's limit counts each client's address; a forged X-Forwarded-For buys nothing", async () => {
    const lookup = (from: string, headers: Record<string, string> = {}) => {
      const c = form({ dni: "30400002", website: "" }, site, from);
      return call("/consulta-coberturas-esp", { ...c, headers: { ...c.headers, ...headers } });
    };
    // client A (127.0.0.2) spends its budget; the next one is refused with the limit's message
    for (let i = 0; i < LOOKUP_MAX; i++) expect((await lookup("127.0.0.2")).status).not.toBe(429);
    const refused = await lookup("127.0.0.2");
    expect(refused.status).toBe(429);
    expect(refused.text).toContain(RATE_LIMITED);
    // client B (127.0.0.3), behind the same proxy, has its own
    expect((await lookup("127.0.0.3")).status).not.toBe(429);
    // A naming other addresses in X-Forwarded-For stays A
    for (const forged of ["203.0.113.7", "127.0.0.9", "127.0.0.3, 198.51.100.1"])
      expect((await lookup("127.0.0.2", { "x-forwarded-for": forged })).status, forged).toBe(429);
    // client C forging a fresh address each time is counted as C
    for (let i = 0; i < LOOKUP_MAX; i++)
      expect((await lookup("127.0.0.4", { "x-forwarded-for": `203.0.113.${i + 10}` })).status).not.toBe(429);
    expect((await lookup("127.0.0.4", { "x-forwarded-for": "203.0.113.99" })).status).toBe(429);
  });

  test("another site's POST is refused with 403; the site's own passes", async () => {
    const other = await call("/?index", form({ usuario: "admin", password: "admin" }, "https://otro-sitio.example"));
    expect(other.status).toBe(403);
    expect(other.text).toContain("fue enviada desde otro sitio");
    expect(other.headers["set-cookie"]).toBeUndefined();
    expect((await signIn()).status).toBe(302);
  });

  test("an oversized body gets 413 with the app's Spanish message at once, declared or chunked", async () => {
    const big = Buffer.alloc(MAX_BODY_BYTES + 1, "a");
    const declared = await within(
      10_000,
      call("/api/auth", { method: "POST", headers: { "content-type": "application/json" }, body: big }),
    );
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text)).toEqual({ msg: "La solicitud es demasiado grande" });
    const chunked = await within(
      10_000,
      call("/api/auth", {
        method: "POST",
        headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
        body: big,
      }),
    );
    expect(chunked.status).toBe(413);
    // the largest body the app takes still reaches it (its own answer, not nginx's)
    const atLimit = await within(
      10_000,
      call("/api/auth", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: Buffer.alloc(MAX_BODY_BYTES, " "),
      }),
    );
    expect(atLimit.status).not.toBe(413);
  });

  test("/metrics is not served through the site, nor /healthz's details; assets are cached for a year", async () => {
    expect((await call("/metrics")).status).toBe(404);
    // the app sees the client's address, not nginx's loopback one: a stranger gets the status alone
    expect(Object.keys(JSON.parse((await call("/healthz")).text) as object)).toEqual(["status"]);
    expect((await call("/metrics?x=1", { from: "127.0.0.2" })).status).toBe(404);
    const page = await call("/login");
    const asset = /(\/build\/[^"']+\.js)/.exec(page.text)?.[1];
    expect(asset, "the sign-in page names a /build/ script").toBeDefined();
    const res = await call(asset!);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("the site's access log names each client and no path or query (they can hold a DNI)", async () => {
    await call("/consulta-coberturas-esp?dni=30400003", { from: "127.0.0.5" });
    await expect.poll(() => proxy!.accessLog(), { timeout: 5000 }).toContain(" 127.0.0.5 ");
    const log = proxy!.accessLog();
    expect(log).not.toContain("30400003");
    expect(log).not.toContain("/consulta");
    expect(log).not.toContain("?");
  });

  test("while no app answers (a restart, an upgrade): nginx's 503 in the app's words, with Retry-After and HSTS", async () => {
    await app!.stop();
    const api = await within(10_000, call("/api/turnos/asignadosporfecha/2030-03-04"));
    expect(api.status).toBe(503);
    expect(JSON.parse(api.text)).toEqual({ msg: MSG_SERVICIO_NO_DISPONIBLE });
    expect(Number(api.headers["retry-after"])).toBeGreaterThan(0);
    expect(api.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    const page = await within(10_000, call("/login"));
    expect(page.status).toBe(503);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.text).toContain(MSG_SERVICIO_NO_DISPONIBLE);
  });
});

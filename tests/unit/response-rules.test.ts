// Issue 26 item 7 (ADR 045), over the routes of the built server (server/server.ts in this process, on the test
// database): every API answer and every answer to a signed-in request carries Cache-Control: no-store (whatever the
// route itself set: /api/users and /api/users/{id} set nothing); the browser assets keep their long cache; every 429
// carries Retry-After (sign-in, password change, public lookup) with the wait the limit knows.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ruleHeaders } from "~/lib/response-rules.server";
import { appBuilt, freePort } from "~tests/support/app-process";
import { prerequisite } from "~tests/support/prerequisite";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { startServer } from "~server/server";

const missing = appBuilt() ? null : "no build (run `npm run build`; npm test builds first)";
const runs = prerequisite("response rules over the routes", missing);

let t: TestDb;
let server: { close: () => Promise<void> } | undefined;
let origin = "";
let token = "";
let cookie = "";

const send = (p: string, init: RequestInit = {}) => fetch(origin + p, { redirect: "manual", ...init });

/** The API routes of the app without a dynamic segment, as URL paths (app/routes/api.*.ts). */
function staticApiPaths(): string[] {
  return fs
    .readdirSync(path.resolve("app/routes"))
    .filter((f) => f.startsWith("api.") && !f.includes("$") && !f.includes("["))
    .map(
      (f) =>
        "/" +
        f
          .replace(/\.tsx?$/, "")
          .replace(/\._index$/, "")
          .replace(/\./g, "/"),
    );
}

describe("ruleHeaders (the rule itself)", () => {
  const base = { status: 200, signedIn: false, has: () => false };
  test.each([
    ["/api/users", base, { "Cache-Control": "no-store" }],
    ["/users", { ...base, signedIn: true }, { "Cache-Control": "no-store" }],
    ["/", base, {}],
    ["/build/_assets/x.js", { ...base, signedIn: true }, {}],
    ["/api/auth", { ...base, status: 429, retryAfterS: 120 }, { "Cache-Control": "no-store", "Retry-After": "120" }],
    ["/consulta-coberturas-esp", { ...base, status: 429 }, { "Cache-Control": "no-store", "Retry-After": "60" }],
    ["/home", { ...base, status: 503 }, { "Cache-Control": "no-store", "Retry-After": "5" }],
    ["/home", { ...base, status: 503, has: (h: string) => h === "retry-after" }, { "Cache-Control": "no-store" }],
  ])("%s %j → %j", (p, facts, expected) => {
    expect(ruleHeaders({ path: p, ...facts })).toEqual(expected);
  });
});

describe.runIf(runs)("the built server's answers", () => {
  beforeAll(async () => {
    t = await useTestDatabase();
    process.env.PORT = String(await freePort());
    process.env.HOST = "127.0.0.1";
    process.env.PDF_WARMUP = "0";
    process.env.PUBLIC_LOOKUP_MAX = "2";
    server = await startServer();
    origin = `http://127.0.0.1:${process.env.PORT}`;
    const auth = await send("/api/auth", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ usuario: "admin", password: "admin" }),
    });
    token = ((await auth.json()) as { token: string }).token;
    const login = await send("/?index", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams({ usuario: "admin", password: "admin" }),
    });
    cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  });
  afterAll(async () => {
    await server?.close();
    await t?.cleanup();
  });

  test("every API route answers with no-store (signed in, and signed out)", async () => {
    const paths = [...staticApiPaths(), "/api/users/1", "/api/perfiles/1", "/api/afiliado/buscarporidafi/1"];
    expect(paths).toContain("/api/users");
    for (const p of paths) {
      for (const headers of [{ "x-auth-token": token }, {}] as Record<string, string>[]) {
        const res = await send(p, { headers });
        await res.arrayBuffer();
        expect(res.headers.get("cache-control"), `${p} ${res.status}`).toBe("no-store");
      }
    }
  });

  test("signed-in pages and their data answer with no-store; the assets keep their cache", async () => {
    for (const p of ["/home", "/users", "/perfiles", "/consultar-padron", "/users?_data=routes%2F_app.users"]) {
      const res = await send(p, { headers: { cookie, accept: "text/html" } });
      await res.arrayBuffer();
      expect(res.status, p).toBe(200);
      expect(res.headers.get("cache-control"), p).toBe("no-store");
    }
    const page = await (await send("/home", { headers: { cookie } })).text();
    const asset = /\/build\/[^"]+\.js/.exec(page)?.[0];
    expect(asset).toBeTruthy();
    const res = await send(asset!);
    await res.arrayBuffer();
    expect(res.headers.get("cache-control")).toContain("immutable");
  });

  test("a 429 of the sign-in throttle carries Retry-After: the wait it imposes", async () => {
    const wrong = () =>
      send("/api/auth", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ usuario: "consulta", password: "no-es-esta" }),
      });
    let res = await wrong();
    for (let i = 0; i < 20 && res.status !== 429; i++) res = await wrong();
    expect(res.status).toBe(429);
    const s = Number(res.headers.get("retry-after"));
    expect(s).toBeGreaterThanOrEqual(1);
    expect(s).toBeLessThanOrEqual(3600);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  test("a 429 of the password change carries Retry-After", async () => {
    const change = () =>
      send("/api/users/cambiarcontrasenia", {
        method: "PUT",
        headers: { "content-type": "application/json", "x-auth-token": token },
        body: JSON.stringify({
          currente_pass: "equivocada",
          new_pass: "Otra-clave-segura-9",
          repeat_new_pass: "Otra-clave-segura-9",
        }),
      });
    let res = await change();
    for (let i = 0; i < 20 && res.status !== 429; i++) res = await change();
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  test("a 429 of the public lookup carries Retry-After: until the oldest lookup of the window expires", async () => {
    // a DNI the registry does not hold: the lookup is counted all the same
    const ask = () => send("/api/afiliado/buscarafiliadoycoberturas/30111222");
    let res = await ask();
    for (let i = 0; i < 5 && res.status !== 429; i++) res = await ask();
    expect(res.status).toBe(429);
    const s = Number(res.headers.get("retry-after"));
    expect(s).toBeGreaterThanOrEqual(1);
    expect(s).toBeLessThanOrEqual(300); // PUBLIC_LOOKUP_WINDOW_S
  });
});

// Issue 16, security stays exact with several instances (ADR 043): two app processes (A and B, two ports) on one
// PostgreSQL database. A logged-out token, a session revoked by a password change, a deactivated user and a profile
// that loses a screen, each done on A, are refused by B within 2 seconds (polled every 100 ms). B answered 200 for
// the same credential right before the change, so a per-process cache on B is exercised. Postgres only: the
// embedded PGlite belongs to one process.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appBuilt, killGroup, startApp, type AppProcess } from "~tests/support/app-process";
import { prerequisite } from "~tests/support/prerequisite";
import { useTestDatabase, type TestDb } from "~tests/support/db";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL);
const WITHIN_MS = 2000;
const POLL_MS = 100;
const PASSWORD = "clave-segura-1";

let t: TestDb;
let a: AppProcess | undefined;
let b: AppProcess | undefined;
let admin = "";

async function call(app: AppProcess, method: string, path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = token ? { "x-auth-token": token } : {};
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(app.origin + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null };
}

async function login(app: AppProcess, usuario: string, password: string): Promise<string> {
  const r = await call(app, "POST", "/api/auth", null, { usuario, password });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body!.token as string;
}

/** A user of profile `usPerfilId` created through A's users API; returns its id. */
async function newUser(usuario: string, usPerfilId = 2): Promise<number> {
  const r = await call(a!, "POST", "/api/users", admin, { apeynom: usuario, usuario, password: PASSWORD, usPerfilId });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const list = await call(a!, "GET", "/api/users", admin);
  const users = list.body!.users as { id: number; usuario: string }[];
  return users.find((u) => u.usuario === usuario)!.id;
}

/** Polls `status()` every 100 ms until it answers `expected`; fails when it still does not after 2 000 ms. */
async function answersWithin(status: () => Promise<number>, expected: number): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    const got = await status();
    const elapsed = Date.now() - t0;
    if (got === expected) return elapsed;
    if (elapsed >= WITHIN_MS) throw new Error(`B still answers ${got} ${elapsed} ms after the change on A`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

const missing = !onPostgres
  ? "Postgres only (DATABASE_URL unset): the embedded PGlite belongs to one process"
  : !appBuilt()
    ? "no build (run `npm run build`; npm test builds first)"
    : null;
const runs = prerequisite("two instances on one database", missing);

describe.runIf(runs)("two instances on one database: a change on A holds on B within 2 s", () => {
  beforeAll(async () => {
    t = await useTestDatabase();
    const env = {
      DATABASE_URL: process.env.DATABASE_URL!,
      REPORTING_DIR: t.reportingDir,
      // the test database has its users already (useTestDatabase): no demo data to load, no first admin to make
      DEMO: "0",
      PDF_WARMUP: "0",
      REPORTING_SCHEDULER: "worker",
      WEB_CONCURRENCY: "1",
    };
    // one after the other: both start-ups would otherwise seed the reference data at the same time
    a = await startApp(env);
    b = await startApp(env);
    admin = await login(a, "admin", "admin");
  });
  afterAll(async () => {
    for (const app of [a, b]) if (app) await app.stop();
    killGroup(a);
    killGroup(b);
    await t?.cleanup();
  });

  test("(1) a token logged out on A (DELETE /api/auth) is refused by B", async () => {
    const token = await login(a!, "admin", "admin");
    expect((await call(b!, "GET", "/api/auth", token)).status).toBe(200);
    expect((await call(a!, "DELETE", "/api/auth", token)).status).toBe(200);
    await answersWithin(async () => (await call(b!, "GET", "/api/auth", token)).status, 401);
    expect((await call(a!, "GET", "/api/auth", token)).status).toBe(401);
  });

  test("(2) a password change on A revokes the user's other session on B", async () => {
    await newUser("multi_clave");
    const here = await login(a!, "multi_clave", PASSWORD);
    const other = await login(b!, "multi_clave", PASSWORD);
    expect((await call(b!, "GET", "/api/auth", other)).status).toBe(200);
    const change = await call(a!, "PUT", "/api/users/cambiarcontrasenia", here, {
      currente_pass: PASSWORD,
      new_pass: "otra-clave-segura-2",
      repeat_new_pass: "otra-clave-segura-2",
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    await answersWithin(async () => (await call(b!, "GET", "/api/auth", other)).status, 401);
    // the session that changed the password goes on, on both instances
    expect((await call(b!, "GET", "/api/auth", here)).status).toBe(200);
  });

  test("(3) a user deactivated on A (PUT /api/users activo: false) is refused by B", async () => {
    const id = await newUser("multi_baja");
    const token = await login(a!, "multi_baja", PASSWORD);
    expect((await call(b!, "GET", "/api/auth", token)).status).toBe(200);
    const off = await call(a!, "PUT", "/api/users", admin, {
      id,
      apeynom: "MULTI_BAJA",
      usuario: "multi_baja",
      activo: false,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await answersWithin(async () => (await call(b!, "GET", "/api/auth", token)).status, 401);
  });

  test("(4) a screen removed from the user's profile on A (perfiles API) is refused by B: 403", async () => {
    const created = await call(a!, "POST", "/api/perfiles", admin, { descripcion: "MULTI INSTANCIA" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const perfilId = (created.body!.perfil as { id: number }).id;
    const add = await call(a!, "POST", "/api/perfil-pantallas/add-screens/", admin, {
      usPerfilId: perfilId,
      screens: ["/users"],
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    await newUser("multi_perfil", perfilId);
    const token = await login(a!, "multi_perfil", PASSWORD);
    expect((await call(b!, "GET", "/api/users", token)).status).toBe(200);
    const rm = await call(
      a!,
      "DELETE",
      `/api/perfil-pantallas/remove-screens/?usPerfilId=${perfilId}&screens=/users`,
      admin,
    );
    expect(rm.status, JSON.stringify(rm.body)).toBe(200);
    await answersWithin(async () => (await call(b!, "GET", "/api/users", token)).status, 403);
    // the session itself is still good: only the screen went away
    expect((await call(b!, "GET", "/api/auth", token)).status).toBe(200);
  });
});

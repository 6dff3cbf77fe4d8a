// Issue 12: GET /healthz tells an anonymous caller only { status: 'ok' | 'degraded' } ({ status: 'down' }, 503, when the database is
// down); the details (database, reporting snapshot, PDF printer, their error texts) go to a caller on this machine
// (loopback, not through a proxy) and to a signed-in administrator. It stays public: nobody is refused.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { closeDb } from "~db/client.server";
import { usUsuarios } from "~db/schema/auth";
import { refreshSnapshot } from "~reporting/index";
import { closePdfBrowser } from "~reporting/render/pdf";
import { setSessionCookie } from "~/auth/cookie.server";
import { createSession } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { loader as healthz } from "~/routes/healthz";
import { apiToken } from "~tests/support/api";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { restorePdfBrowserAfterEach } from "~tests/support/pdf-browser";

const REMOTE = "203.0.113.7";
let t: TestDb;
const tokens = { adminApi: "", adminCookie: "", consultaCookie: "" };

async function probe(address: string, headers: Record<string, string> = {}) {
  const request = new Request("http://osep.example/healthz", { headers });
  const res = (await requestContext.run({ address, userAgent: "monitor", userId: null }, () =>
    healthz({ request, params: {}, context: {} }),
  )) as Response;
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const DETAILS = ["status", "database", "reporting", "pdf", "reportes_programados", "eventos_en_vivo"];

beforeAll(async () => {
  t = await useTestDatabase();
  tokens.adminApi = await apiToken(t, "admin");
  // Browser sessions: apiToken makes API ones only.
  const id = async (u: string) =>
    (await t.db.select({ id: usUsuarios.id }).from(usUsuarios).where(eq(usUsuarios.usuario, u)))[0].id;
  const ctx = { address: REMOTE, userAgent: "test", userId: null };
  const cookie = async (u: string) =>
    (await setSessionCookie(await requestContext.run(ctx, async () => createSession(await id(u), "cookie")))).split(
      ";",
    )[0];
  tokens.adminCookie = await cookie("admin");
  tokens.consultaCookie = await cookie("consulta");
});

afterAll(async () => {
  await t?.cleanup();
});

describe("who sees what", () => {
  restorePdfBrowserAfterEach();

  test("before the first snapshot: 'degraded' (reports unavailable), 200; anonymous remote callers get nothing else", async () => {
    expect(await probe(REMOTE)).toEqual({ status: 200, body: { status: "degraded" } });
    const local = await probe("127.0.0.1");
    expect(local.status).toBe(200);
    expect(local.body).toMatchObject({ status: "degraded", reporting: { snapshot_built_at: null } });
  });

  test("with a snapshot and Chromium: 'ok' for everyone; the details for loopback only", async () => {
    await refreshSnapshot();
    expect(await probe(REMOTE)).toEqual({ status: 200, body: { status: "ok" } });
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const local = await probe(address);
      expect(Object.keys(local.body), address).toEqual(DETAILS);
      expect(local.body).toMatchObject({
        status: "ok",
        database: { ok: true, driver: expect.any(String), latency_ms: expect.any(Number) },
        reporting: { snapshot_built_at: expect.any(String), stale: false, refresh: "ok", last_error: null },
        pdf: { ok: true, chromium: expect.any(String), error: null },
      });
    }
  });

  test("a proxy on this machine does not make its callers local; other addresses are remote", async () => {
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip"]) {
      expect((await probe("127.0.0.1", { [header]: REMOTE })).body, header).toEqual({ status: "ok" });
    }
    for (const address of ["10.0.0.1", "192.168.1.10", "::ffff:10.0.0.1", "1270.0.0.1", "local", "desconocida"]) {
      expect((await probe(address)).body, address).toEqual({ status: "ok" });
    }
  });

  test("a signed-in administrator gets the details from anywhere (session or API token); others only the status", async () => {
    const admin = await probe(REMOTE, { cookie: tokens.adminCookie });
    expect(Object.keys(admin.body)).toEqual(DETAILS);
    const api = await probe(REMOTE, { "x-auth-token": tokens.adminApi });
    expect(Object.keys(api.body)).toEqual(DETAILS);
    expect(await probe(REMOTE, { cookie: tokens.consultaCookie })).toEqual({ status: 200, body: { status: "ok" } });
    expect(await probe(REMOTE, { "x-auth-token": "not-a-token" })).toEqual({ status: 200, body: { status: "ok" } });
    expect(await probe(REMOTE, { cookie: "osep_sesion=garbage" })).toEqual({ status: 200, body: { status: "ok" } });
  });

  test("without Chromium: 'degraded' (still 200), and the details say pdf: { ok: false }", async () => {
    process.env.CHROMIUM_PATH = "/nonexistent/chromium";
    await closePdfBrowser();
    expect(await probe(REMOTE)).toEqual({ status: 200, body: { status: "degraded" } });
    const local = await probe("127.0.0.1");
    expect(local.body).toMatchObject({
      status: "degraded",
      database: { ok: true },
      pdf: { ok: false, chromium: null, error: expect.stringContaining("/nonexistent/chromium") },
    });
  });
});

describe("the database down", () => {
  test("503 { status: 'down' } for anyone; the database's error only from loopback", async () => {
    const saved = process.env.DATABASE_URL;
    await closeDb();
    process.env.DATABASE_URL = "postgres://osep:osep@127.0.0.1:1/osep"; // nothing listens there
    try {
      expect(await probe(REMOTE, { cookie: tokens.adminCookie })).toEqual({
        status: 503,
        body: { status: "down" },
      });
      const local = await probe("127.0.0.1");
      expect(local.status).toBe(503);
      expect(local.body).toMatchObject({ status: "down", database: { ok: false, error: expect.any(String) } });
    } finally {
      await closeDb();
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
  });
});

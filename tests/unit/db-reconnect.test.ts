// A lost database connection recovers by itself: when the server drops every connection of the app (what a
// restart does to its clients), the next queries succeed without restarting the app. Postgres only: the
// embedded PGlite runs in-process and has no connection to lose.
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getDb } from "~db/client.server";
import { loader as healthz } from "~/routes/healthz";
import { requestContext } from "~/lib/request-context.server";
import { useTestDatabase, type TestDb } from "~tests/support/db";

/** GET /healthz from this machine (loopback: the details). */
const localHealthz = () =>
  requestContext.run({ address: "127.0.0.1", userAgent: "test", userId: null }, () =>
    healthz({ request: new Request("http://localhost/healthz"), params: {}, context: {} }),
  );

const onPostgres = Boolean(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL);

describe.runIf(onPostgres)("pg pool after the server drops its connections", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await useTestDatabase({ users: false });
  });
  afterAll(async () => t?.cleanup());

  test("queries and /healthz work again without restarting the app", async () => {
    const db = await getDb();
    // Open a few pooled connections, then have the server terminate them all.
    await Promise.all([1, 2, 3].map(() => db.execute(sql`select pg_sleep(0.05)`)));
    const dbName = new URL(process.env.DATABASE_URL!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const { rows } = await admin.query(
      "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [dbName],
    );
    await admin.end();
    expect(rows[0].n).toBeGreaterThan(0);

    // The pool notices the dead clients; the next query may have to retry once at most.
    await expect
      .poll(
        async () => {
          try {
            const r = await db.execute(sql`select 42 as answer`);
            return (r as unknown as { rows: { answer: number }[] }).rows[0].answer;
          } catch {
            return null;
          }
        },
        { timeout: 10_000 },
      )
      .toBe(42);
    const res = (await localHealthz()) as Response;
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ database: { ok: true, driver: "pg" } });
  });
});

describe("healthz on the current database", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await useTestDatabase({ users: false });
  });
  afterAll(async () => t?.cleanup());

  test("answers 200 with the database status", async () => {
    const res = (await localHealthz()) as Response;
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.database.ok).toBe(true);
    expect(["pg", "pglite"]).toContain(body.database.driver);
  });
});

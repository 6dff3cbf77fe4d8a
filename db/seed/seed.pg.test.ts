// The COPY path on a real PostgreSQL (CI sets DATABASE_URL). Seeds `demo` into a throwaway database
// created next to the configured one, so the suite's own database is never touched.
import { afterAll, beforeAll, expect, test } from "vitest";
import pg from "pg";
import { isValidCuil } from "./cuil.ts";
import type * as DbClient from "~db/client.server.ts";

const baseUrl = process.env.DATABASE_URL;
const dbName = `osep_seed_test_${process.pid}`;
const TODAY = "2025-06-15";

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

let client: typeof DbClient | undefined;
let counts: Record<string, number> = {};

beforeAll(async () => {
  if (!baseUrl) return;
  await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  process.env.DATABASE_URL = url.toString();
  client = await import("~db/client.server.ts");
  const { migrate } = await import("~db/migrate.ts");
  const { seedDomain } = await import("./index.ts");
  await migrate();
  counts = await seedDomain(await client.getDb(), await client.getDriver(), { scale: "demo", seed: 1, today: TODAY });
});

afterAll(async () => {
  if (!baseUrl) return;
  await client?.closeDb();
  process.env.DATABASE_URL = baseUrl;
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName}`));
});

async function one(sql: string): Promise<number> {
  const d = await client!.getDriver();
  if (d.kind !== "pg") throw new Error("expected pg");
  return Number(Object.values((await d.pool.query(sql)).rows[0])[0]);
}

test.skipIf(!baseUrl)("demo seed through COPY on PostgreSQL keeps the invariants", async () => {
  expect(counts.autorizaciones).toBe(30_000);
  expect(await one("SELECT count(*) FROM autorizaciones")).toBe(30_000);
  expect(await one("SELECT count(*) - count(DISTINCT numdoc) FROM afiliados")).toBe(0);
  expect(await one("SELECT count(*) FROM grupos_familiares WHERE titular_idafi IS NULL")).toBe(0);
  expect(
    await one("SELECT count(*) FROM autorizaciones a LEFT JOIN afiliados f ON f.idafi = a.idafi WHERE f.idafi IS NULL"),
  ).toBe(0);
  expect(await one("SELECT count(*) FROM afiliados WHERE apeynom_norm IS NULL")).toBe(0);
  const d = await client!.getDriver();
  if (d.kind !== "pg") return;
  const cuils = (
    await d.pool.query(
      "SELECT cuil_prefijo || cuil_nrocentral || cuil_dtoverific AS c FROM afiliados WHERE cuil_prefijo IS NOT NULL",
    )
  ).rows;
  expect(cuils.filter((r) => !isValidCuil(r.c))).toEqual([]);
  // sequences continue after the explicit ids
  const r = await d.pool.query(
    "INSERT INTO tramites (tipo_documento, nrotramite, anio) VALUES ('NOTA', 1, 2025) RETURNING id",
  );
  expect(r.rows[0].id).toBe(counts.tramites + 1);
});

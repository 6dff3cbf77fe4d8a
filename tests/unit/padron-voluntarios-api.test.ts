// GET /api/padron_voluntarios/full-view through its route loader: 503 before a snapshot exists, { listado } with the
// spec's keys, estado and search, 400 with a Spanish msg for bad input, 401 without a token, 403 for 'consulta'.
import { afterAll, beforeAll, expect, test } from "vitest";
import { apiToken, callApi } from "~tests/support/api";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { IDS, seedVoluntarios } from "~tests/support/voluntarios-snapshot";
import { loader } from "~/routes/api.padron_voluntarios.full-view";
import { MSG_ESTADO, MSG_SEARCH_CARACTERES } from "~/modules/voluntarios/voluntarios.schema";

let t: TestDb;
let admin = "";
let consulta = "";

beforeAll(async () => {
  t = await useTestDatabase();
  admin = await apiToken(t, "admin");
  consulta = await apiToken(t, "consulta");
}, 120_000);
afterAll(async () => {
  await t?.cleanup();
});

type Body = { listado: Record<string, unknown>[]; msg: string; errors: { param: string; msg: string }[] };

async function call(query: string, token?: string): Promise<{ status: number; body: Body }> {
  const r = await callApi(loader, `/api/padron_voluntarios/full-view${query}`, { token });
  return { status: r.status, body: r.body as Body };
}

test("no snapshot yet: 503 with the store's message", async () => {
  const r = await call("?estado=TODOS", admin);
  expect(r.status).toBe(503);
  expect(r.body.msg).toContain("todavía no están disponibles");
});

test("{ listado } with the spec's keys, filtered by estado and search", async () => {
  await seedVoluntarios();
  const all = await call("", admin);
  expect(all.status).toBe(200);
  expect(Object.keys(all.body)).toEqual(["listado"]);
  expect(all.body.listado).toHaveLength(5);
  expect(Object.keys(all.body.listado[0])).toEqual([
    "apeynomfam",
    "nroafifam",
    "dnifam",
    "cuitfam",
    "idafifam",
    "estado",
    "clasificacion",
    "sexo",
    "fechabaja",
    "motivobaja",
    "apeynomtit",
    "idafitit",
    "cuittit",
    "dnitit",
    "categoriatit",
  ]);
  const r = await call(`?estado=inactivo&search=${encodeURIComponent("álvarez")}`, admin);
  expect(r.body.listado.map((x) => x.idafifam)).toEqual([IDS.maria]);
});

test("bad input: 400 with a Spanish msg and the field; no token 401; 'consulta' 403", async () => {
  const estado = await call("?estado=BORRADO", admin);
  expect(estado).toMatchObject({ status: 400, body: { msg: MSG_ESTADO, errors: [{ param: "estado" }] } });
  const sql = await call(`?search=${encodeURIComponent("' OR 1=1 --")}`, admin);
  expect(sql).toMatchObject({ status: 400, body: { msg: MSG_SEARCH_CARACTERES, errors: [{ param: "search" }] } });
  expect((await call(`?search=${"x".repeat(5000)}`, admin)).status).toBe(400);
  expect((await call("?estado=TODOS")).status).toBe(401);
  expect((await call("?estado=TODOS", consulta)).status).toBe(403);
});

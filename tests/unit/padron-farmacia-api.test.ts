// GET /api/padron_farmacia and /api/padron_farmacia/<roster> through their route loaders (spec part 2 §7;
// docs/decisions/038): no snapshot → 503 { msg }; the four roster paths → { length, file, … }; an unknown roster →
// 404; the list; guards (anonymous 401, consulta 403 on both); POST → 405.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { callApi, TEST_REQUEST_CONTEXT } from "~tests/support/api";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { userId } from "~tests/support/turnos-fixture";
import { refreshSnapshot } from "~reporting/index";
import { createSession } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { loader as listLoader, action as listAction } from "~/routes/api.padron_farmacia._index";
import { loader as rosterLoader, action as rosterAction } from "~/routes/api.padron_farmacia.$padron";

let t: TestDb;
let dir: string;
let admin = "";
let consulta = "";

beforeAll(async () => {
  t = await useTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-test-padron-api-"));
  process.env.ROSTER_DIR = dir;
  await sqlRows("insert into coberturas (gravcodgra, gravdesgra) values (8, 'DIABETES') on conflict do nothing");
  const [m] = await sqlRows<{ idafi: number }>(
    `insert into afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco, fechbaja)
     values ('PEÑA LUZ', '32000001', '0132000001', '01', '1', '00', 'TITULAR', '0001-01-01') returning idafi`,
  );
  await sqlRows("insert into enrolamientos (idafi, gravcodgra, enprfecvig) values ($1, 8, '2020-01-01')", [m.idafi]);
  const session = async (usuario: string) =>
    requestContext.run(TEST_REQUEST_CONTEXT, async () => createSession(await userId(usuario), "api"));
  admin = await session("admin");
  consulta = await session("consulta");
}, 120_000);

afterAll(async () => {
  delete process.env.ROSTER_DIR;
  fs.rmSync(dir, { recursive: true, force: true });
  await t?.cleanup();
});

const roster = (padron: string, token: string | null = admin) =>
  callApi(rosterLoader, `/api/padron_farmacia/${padron}`, { token, params: { padron } });

test("no snapshot yet: 503 with the store's message", async () => {
  const r = await roster("beneficiarios-activos");
  expect(r.status).toBe(503);
  expect(r.body.msg).toMatch(/todavía no están disponibles/);
});

test("the four rosters: { length, file } and the urls; the list has them", async () => {
  await refreshSnapshot();
  const expected: Record<string, [RegExp, string]> = {
    "beneficiarios-activos": [/^4082C\d{12}\.txt$/, ";1;40"],
    "beneficiarios-medicamentos": [/^4082C\d{12}D\.txt$/, ";8;100"],
    "beneficiarios-diabeticos": [/^4083C\d{12}\.txt$/, ";8;100"],
    "beneficiarios-diabeticos-medicamentos": [/^4083C\d{12}D\.txt$/, ";8;100"],
  };
  for (const [p, [name, tail]] of Object.entries(expected)) {
    const r = await roster(p);
    expect(r.status, p).toBe(200);
    expect(r.body.length).toBe(1);
    expect(r.body.file_name).toMatch(name);
    expect(r.body.file).toBe(`32000001;0132000001;;PEÑA LUZ;;;01;00${tail}\r\n`);
    expect(r.body.reg_url).toBe(`/padron_farmacia/archivos/Reg_${r.body.file_name}`);
  }
  const list = await callApi(listLoader, "/api/padron_farmacia", { token: admin });
  expect(list.status).toBe(200);
  expect(list.body.archivos).toHaveLength(4);
  expect(list.body.archivos[0]).toMatchObject({ registros: 1, padron: "activos", nombre_padron: "Activos" });
});

test("an unknown roster is a 404 with a Spanish message; POST is 405", async () => {
  for (const bad of ["beneficiarios-todos", "activos", "x".repeat(5000), "'; DROP TABLE afiliados --"]) {
    const r = await roster(bad);
    expect(r.status, bad).toBe(404);
    expect(r.body.msg).toMatch(/^Padrón desconocido/);
  }
  expect(
    (
      await callApi(rosterAction, "/api/padron_farmacia/beneficiarios-activos", {
        token: admin,
        params: { padron: "beneficiarios-activos" },
        method: "POST",
        body: {},
      })
    ).status,
  ).toBe(405);
  expect((await callApi(listAction, "/api/padron_farmacia", { token: admin, method: "POST", body: {} })).status).toBe(
    405,
  );
});

test("anonymous 401, consulta 403 on both", async () => {
  expect((await roster("beneficiarios-activos", null)).status).toBe(401);
  expect((await roster("beneficiarios-activos", consulta)).status).toBe(403);
  expect((await callApi(listLoader, "/api/padron_farmacia", { token: null })).status).toBe(401);
  expect((await callApi(listLoader, "/api/padron_farmacia", { token: consulta })).status).toBe(403);
});

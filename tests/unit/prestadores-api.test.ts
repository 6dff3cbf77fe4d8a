// GET /api/prestadores and GET /api/prestadores/colegios through their route loaders (spec part 2 §7; docs/decisions/
// 037): the spec's keys, paging and total, for_export, bad input never a 500 (400 with a Spanish msg, or plain text
// matched literally), an unknown colegio → an empty answer, guards (anonymous 401, consulta 403), POST on colegios 405.
import { afterAll, beforeAll, expect, test } from "vitest";
import { callApi, TEST_REQUEST_CONTEXT } from "~tests/support/api";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { userId } from "~tests/support/turnos-fixture";
import { createSession } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { MSG_PAGE, MSG_SIZE } from "~/lib/table-state";
import { loader as listLoader } from "~/routes/api.prestadores._index";
import { action as colegiosAction } from "~/routes/api.prestadores.colegios";
import { loader as colegiosLoader } from "~/routes/api.prestadores.colegios";

let t: TestDb;
let admin = "";
let consulta = "";

beforeAll(async () => {
  t = await useTestDatabase();
  await sqlRows("insert into colegios (id, sptpmdescr) values (1, 'COLEGIO MEDICO'), (2, 'COLEGIO BIOQUIMICO')");
  await sqlRows(
    `insert into prestadores (apellido, nombre, matricula, colegio_id, especialidad, domicilio, localida, telefono)
     select 'NÚÑEZ', 'MARÍA ' || lpad(g::text, 2, '0'), (3000 + g)::text, 1 + g % 2, 'PEDIATRIA', 'RIVADAVIA ' || g,
            'CAPITAL', '383-4' || g
     from generate_series(1, 12) g`,
  );
  const session = async (usuario: string) => {
    const id = await userId(usuario);
    return requestContext.run(TEST_REQUEST_CONTEXT, () => createSession(id, "api"));
  };
  admin = await session("admin");
  consulta = await session("consulta");
});
afterAll(() => t?.cleanup());

const get = (query: string, token: string | null = admin) =>
  callApi(listLoader, `/api/prestadores?${query}`, { token });

test("the spec's keys; page 0 of 5 by default; the total", async () => {
  const { status, body } = await get("apellido=nunez");
  expect(status).toBe(200);
  expect(Object.keys(body).sort()).toEqual(["prestadores", "total_records"]);
  expect(body.total_records).toBe(12);
  expect(body.prestadores).toHaveLength(5);
  expect(body.prestadores[0]).toEqual({
    apellido: "NÚÑEZ",
    nombre: "MARÍA 01",
    matricula: "3001",
    colegio: "COLEGIO BIOQUIMICO",
    especialidad: "PEDIATRIA",
    domicilio: "RIVADAVIA 1",
    localida: "CAPITAL",
    telefono: "383-41",
  });
  const last = await get("apellido=NÚÑ&nombre=maria&page=2&size=5");
  expect(last.body.prestadores.map((p: { matricula: string }) => p.matricula)).toEqual(["3011", "3012"]);
  expect((await get("colegio=COLEGIO%20MEDICO")).body.total_records).toBe(6);
  expect((await get("colegio=TODOS&matricula=301")).body.total_records).toBe(3);
});

test("for_export: every matching row in one answer", async () => {
  const { status, body } = await get("for_export=true&colegio=1");
  expect(status).toBe(200);
  expect(body.total_records).toBe(6);
  expect(body.prestadores).toHaveLength(6);
});

test("an unknown colegio: an empty answer, not an error", async () => {
  expect(await get("colegio=COLEGIO%20DE%20NADA")).toEqual({
    status: 200,
    body: { prestadores: [], total_records: 0 },
  });
  expect((await get("colegio=424242")).body).toEqual({ prestadores: [], total_records: 0 });
});

test.each([
  ["page=-1", MSG_PAGE],
  ["page=abc", MSG_PAGE],
  ["size=0", MSG_SIZE],
  ["size=10000", MSG_SIZE],
  [`apellido=${"x".repeat(10_000)}`, "El apellido admite hasta 60 caracteres"],
  [`matricula=${"1".repeat(10_000)}`, "La matrícula admite hasta 20 caracteres"],
  [`colegio=${"C".repeat(10_000)}`, "El colegio no es válido"],
])("%s → 400 with a Spanish msg", async (query, msg) => {
  const { status, body } = await get(query);
  expect(status).toBe(400);
  expect(body.msg).toBe(msg);
  expect(body.errors[0].msg).toBe(msg);
});

test.each([
  "apellido=%25",
  "apellido=_",
  "nombre=%25%25",
  "matricula=%25",
  "matricula=_",
  "apellido=%27%20OR%201%3D1%20--",
  "matricula=1%27%3BDROP%20TABLE%20x%3B--",
  "colegio=%27%20OR%20%271%27%3D%271",
])("%s → 200 and nothing matched (plain text), the table intact", async (query) => {
  expect(await get(query)).toEqual({ status: 200, body: { prestadores: [], total_records: 0 } });
  const [{ n }] = await sqlRows<{ n: number }>("select count(*)::int as n from prestadores");
  expect(n).toBe(12);
});

test("GET /api/prestadores/colegios: the colleges by description", async () => {
  expect(await callApi(colegiosLoader, "/api/prestadores/colegios", { token: admin })).toEqual({
    status: 200,
    body: { colegios: [{ sptpmdescr: "COLEGIO BIOQUIMICO" }, { sptpmdescr: "COLEGIO MEDICO" }] },
  });
});

test("guards: anonymous 401, consulta (no /padron-profesionales) 403, on both calls; POST 405", async () => {
  expect((await get("apellido=nunez", null)).status).toBe(401);
  expect((await get("apellido=nunez", consulta)).status).toBe(403);
  expect((await callApi(colegiosLoader, "/api/prestadores/colegios", { token: null })).status).toBe(401);
  expect((await callApi(colegiosLoader, "/api/prestadores/colegios", { token: consulta })).status).toBe(403);
  expect((await callApi(colegiosAction, "/api/prestadores/colegios", { token: admin, body: {} })).status).toBe(405);
  expect((await callApi(colegiosAction, "/api/prestadores/colegios", { token: consulta, body: {} })).status).toBe(403);
});

// The /api/capa-covid routes (spec part 2 §7, ADR 031) through their loaders/actions with real tokens: guards
// (anonymous 401, consulta 403, a profile with the screen but not the operation 403), create 201, update, read by
// id (400 / 404), the list with paging and for_export (operation 12, audited), and bad input that writes nothing.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FORBIDDEN_OPERATION, FORBIDDEN_SCREEN, NO_TOKEN } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { addDaysISO, todayISO } from "~/lib/dates";
import { MSG_FECHA_INVALIDA } from "~/lib/input";
import { MSG_EMAIL, REQUIRED } from "~/modules/capa/capa.schema";
import { CAPA_MSG } from "~/modules/capa/rules";
import { action as capaAction, loader as capaLoader } from "~/routes/api.capa-covid._index";
import { loader as byIdLoader } from "~/routes/api.capa-covid.$id";
import { apiToken, callApi, type RouteHandler } from "~tests/support/api";
import { sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";

let t: TestDb;
let admin = "";
let consulta = "";
/** A profile with the CAPA screens but only the registering operation (10). */
let registrador = "";

type Ficha = { id: number; nro_registro: number; cant_integrantes: number; integrantes: unknown[] } & Record<
  string,
  unknown
>;
type Body = {
  msg: string;
  errors: { param: string; msg: string }[];
  ficha: Ficha;
  fichas: Ficha[];
  total_records: number;
};
type Res = { status: number; body: Body };

async function call(
  h: RouteHandler,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  params: Record<string, string> = {},
): Promise<Res> {
  const r = await callApi(h, path, { token, params, method, body });
  return { status: r.status, body: r.body as Body };
}
const post = (body: unknown, token = admin) => call(capaAction as RouteHandler, "POST", "/api/capa-covid", token, body);
const put = (body: unknown, token = admin) => call(capaAction as RouteHandler, "PUT", "/api/capa-covid", token, body);
const list = (query: string, token = admin) =>
  call(capaLoader as RouteHandler, "GET", `/api/capa-covid?${query}`, token);
const byId = (id: string, token = admin) =>
  call(byIdLoader as RouteHandler, "GET", `/api/capa-covid/${id}`, token, undefined, { id });

const today = todayISO();
/** A positive date no other record of these tests has (one record per DNI and positive date, issue 35). */
let positivos = 0;
const body = (over: Record<string, unknown> = {}) => ({
  afi_dni: "30200200",
  afi_localidad: "SAN FERNANDO DEL VALLE DE CATAMARCA",
  fecha_positivo: addDaysISO(today, -positivos++),
  afi_telefono: "3834 123456",
  afi_email: "paciente@example.com",
  esquema_vacunacion: "Completo",
  tipo_modulo: "modulo3047",
  integrantes: [
    { afi_dni_integrante: "30200201" },
    { afi_dni_integrante: "46000001", afi_nombre_integrante: "NO AFILIADO", afi_edad_integrante: 9 },
  ],
  ...over,
});
const rows = () => sqlOne("SELECT count(*) FROM capa_registros");

beforeAll(async () => {
  t = await useTestDatabase();
  for (const [dni, nombre, nac] of [
    ["30200200", "MEDINA CARLA", "1990-01-01"],
    ["30200201", "MEDINA TOMAS", "2015-01-01"],
  ]) {
    await sqlRows(
      `INSERT INTO afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco, baperfenac)
       VALUES ($1, $2, $3, '01', $2, '00', 'TITULAR', $4)`,
      [nombre, dni, `01${dni}00`, nac],
    );
  }
  const [{ id: perfil }] = await sqlRows<{ id: number }>(
    "INSERT INTO us_perfiles (descripcion, activo) VALUES ('CAPA REGISTRO', true) RETURNING id",
  );
  await sqlRows(
    `INSERT INTO us_perfil_pantallas (us_perfil_id, us_pantalla_id)
     SELECT $1, id FROM us_pantallas WHERE path IN ('/regcapa', '/listado-capa')`,
    [perfil],
  );
  await sqlRows("INSERT INTO us_perfil_operaciones (us_perfil_id, us_operacion_id) VALUES ($1, $2)", [
    perfil,
    OP.REGISTRAR_CAPA,
  ]);
  await sqlRows(
    `INSERT INTO us_usuarios (apeynom, usuario, password_hash, us_perfil_id, activo)
     VALUES ('REGISTRADOR CAPA', 'registrador', 'x', $1, true)`,
    [perfil],
  );
  admin = await apiToken(t, "admin");
  consulta = await apiToken(t, "consulta");
  registrador = await apiToken(t, "registrador");
});
afterAll(async () => {
  await t?.cleanup();
});

describe("guards", () => {
  test("anonymous → 401 on every call, nothing written", async () => {
    const before = await rows();
    for (const r of [
      await post(body(), ""),
      await put({ ...body(), id: 1 }, ""),
      await list("", ""),
      await byId("1", ""),
    ]) {
      expect(r).toEqual({ status: 401, body: { msg: NO_TOKEN } });
    }
    expect(await rows()).toBe(before);
  });

  test("consulta (no CAPA screen) → 403 on every call, nothing written", async () => {
    const before = await rows();
    for (const r of [
      await post(body(), consulta),
      await put({ ...body(), id: 1 }, consulta),
      await list("", consulta),
      await byId("1", consulta),
    ]) {
      expect(r).toEqual({ status: 403, body: { msg: FORBIDDEN_SCREEN } });
    }
    expect(await rows()).toBe(before);
  });

  test("the screen without the operation: modifying (11) and exporting (12) → 403; registering (10) works", async () => {
    const created = await post(body(), registrador);
    expect(created.status).toBe(201);
    const before = await rows();
    expect(await put({ ...body(), id: created.body.ficha.id }, registrador)).toEqual({
      status: 403,
      body: { msg: FORBIDDEN_OPERATION },
    });
    expect(await list("for_export=true", registrador)).toEqual({ status: 403, body: { msg: FORBIDDEN_OPERATION } });
    expect((await list("", registrador)).status).toBe(200);
    expect(await rows()).toBe(before);
  });
});

describe("POST /api/capa-covid", () => {
  test("201 { ficha, msg } with two household members and the member's data from the registry", async () => {
    const r = await post(body({ afi_nombre: "IGNORADO", cant_integrantes: 7 }));
    expect(r.status).toBe(201);
    expect(r.body.msg).toBe(CAPA_MSG.CREATED);
    expect(r.body.ficha).toMatchObject({
      fecha_registracion: today,
      afi_dni: "30200200",
      afi_nombre: "MEDINA CARLA",
      afi_nro_afi: "013020020000",
      afi_parentesco: "TITULAR",
      esquema_vacunacion: "Completo",
      tipo_modulo: "modulo3047",
      cant_integrantes: 2,
    });
    expect(r.body.ficha.integrantes).toEqual([
      {
        afi_dni_integrante: "30200201",
        afi_nombre_integrante: "MEDINA TOMAS",
        afi_edad_integrante: expect.any(Number),
      },
      { afi_dni_integrante: "46000001", afi_nombre_integrante: "NO AFILIADO", afi_edad_integrante: 9 },
    ]);
  });

  test("bad input → 400 { msg, errors } and nothing written", async () => {
    const before = await rows();
    const missing = await post({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e) => e.param)).toEqual([
      "afi_dni",
      "afi_localidad",
      "fecha_positivo",
      "afi_telefono",
    ]);
    expect(missing.body.msg).toBe(REQUIRED);
    for (const [over, param, msg] of [
      [{ afi_email: "mal@" }, "afi_email", MSG_EMAIL],
      [{ fecha_positivo: "2026-02-30" }, "fecha_positivo", MSG_FECHA_INVALIDA],
      [{ fecha_positivo: "20245-01-01" }, "fecha_positivo", MSG_FECHA_INVALIDA],
      [{ afi_localidad: "x".repeat(10_000) }, "afi_localidad", "Máximo 80 caracteres"],
      [{ integrantes: [{ afi_nombre_integrante: "SIN DNI" }] }, "integrantes.0.afi_dni_integrante", REQUIRED],
    ] as const) {
      const r = await post(body(over));
      expect(r.status, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(r.body.errors).toContainEqual({ param, msg });
    }
    expect(await rows()).toBe(before);
  });

  test("a DNI of no member → 422 on afi_dni; a body that is not JSON → 400", async () => {
    const before = await rows();
    expect(await post(body({ afi_dni: "39999998" }))).toEqual({
      status: 422,
      body: { msg: CAPA_MSG.AFILIADO_NO_EXISTE, errors: [{ param: "afi_dni", msg: CAPA_MSG.AFILIADO_NO_EXISTE }] },
    });
    expect((await post("{no es json")).status).toBe(400);
    expect(await rows()).toBe(before);
  });
});

describe("PUT /api/capa-covid and GET /api/capa-covid/{id}", () => {
  test("update replaces the household; GET by id reads it back", async () => {
    const { ficha } = (await post(body())).body;
    const r = await put(body({ id: ficha.id, afi_localidad: "TINOGASTA", integrantes: [] }));
    expect(r.status).toBe(200);
    expect(r.body.msg).toBe(CAPA_MSG.UPDATED);
    expect(r.body.ficha).toMatchObject({
      id: ficha.id,
      afi_localidad: "TINOGASTA",
      cant_integrantes: 0,
      integrantes: [],
    });
    const g = await byId(String(ficha.id));
    expect(g.status).toBe(200);
    expect(g.body.ficha).toEqual(r.body.ficha);
  });

  test("PUT without id → 400; unknown id → 404; a bad id → 400; another DNI → 422", async () => {
    const { ficha } = (await post(body())).body;
    expect((await put(body())).body).toEqual({
      msg: CAPA_MSG.ID_REQUIRED,
      errors: [{ param: "id", msg: CAPA_MSG.ID_REQUIRED }],
    });
    expect(await put(body({ id: 2_000_000_000 }))).toEqual({ status: 404, body: { msg: CAPA_MSG.NOT_FOUND } });
    expect((await put(body({ id: "abc" }))).status).toBe(400);
    expect((await put(body({ id: 99_999_999_999 }))).status).toBe(400);
    expect((await put(body({ id: ficha.id, afi_dni: "30200201", integrantes: [] }))).body.msg).toBe(CAPA_MSG.DNI_FIJO);
    expect((await byId(String(ficha.id))).body.ficha).toEqual(ficha);
  });

  test.each(["abc", "0", "-1", "1.5", "99999999999", "' OR 1=1 --"])("GET /api/capa-covid/%s → 400", async (id) => {
    expect(await byId(id)).toMatchObject({ status: 400, body: { msg: CAPA_MSG.ID_INVALID } });
  });

  test("GET an unknown id → 404", async () => {
    expect(await byId("2000000000")).toEqual({ status: 404, body: { msg: CAPA_MSG.NOT_FOUND } });
  });
});

describe("versions (ADR 047)", () => {
  test("GET carries version; PUT with it → 200 and version + 1; the same version again → 409, nothing changed", async () => {
    const created = await post(body({ integrantes: [] }));
    expect(created.status).toBe(201);
    const got = await byId(String(created.body.ficha.id));
    expect(got.body.ficha.version).toBe(1);
    const first = await put({ ...got.body.ficha, afi_localidad: "PRIMERA" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.ficha.version).toBe(2);
    const audits = await sqlOne("SELECT count(*) FROM audit_log WHERE accion = 'capa.modificar'");
    const stale = await put({ ...got.body.ficha, afi_localidad: "SEGUNDA" });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe("El registro fue modificado por otro usuario: vuelva a cargarlo");
    expect((await byId(String(created.body.ficha.id))).body.ficha).toMatchObject({
      afi_localidad: "PRIMERA",
      version: 2,
    });
    expect(await sqlOne("SELECT count(*) FROM audit_log WHERE accion = 'capa.modificar'")).toBe(audits);
  });

  test("PUT without version (or null) is accepted; a version that is not a whole number → 400", async () => {
    const created = await post(body({ integrantes: [] }));
    const { version: _v, ...sinVersion } = created.body.ficha;
    expect((await put({ ...sinVersion, afi_localidad: "SIN VERSION" })).status).toBe(200);
    expect((await put({ ...sinVersion, version: null, afi_localidad: "NULA" })).body.ficha.version).toBe(3);
    const bad = await put({ ...sinVersion, version: "dos" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({
      param: "version",
      msg: "Versión inválida: debe ser un número entero desde 1",
    });
  });
});

describe("GET /api/capa-covid", () => {
  test("default today–today; paging; total_records", async () => {
    const todays = (await list("")).body.total_records;
    expect(todays).toBeGreaterThan(0);
    const page = await list(`fecha_desde=${today}&fecha_hasta=${today}&page=0&size=2`);
    expect(page.status).toBe(200);
    expect(page.body.total_records).toBe(todays);
    expect(page.body.fichas).toHaveLength(Math.min(2, todays));
    expect(page.body.fichas[0]).not.toHaveProperty("estado_registro");
    const empty = await list("fecha_desde=2021-01-01&fecha_hasta=2021-01-31");
    expect(empty.body).toEqual({ fichas: [], total_records: 0 });
  });

  test("for_export: every record with estado_registro, and an audit entry", async () => {
    const audits = () => sqlOne("SELECT count(*) FROM audit_log WHERE accion = 'capa.exportar'");
    const before = await audits();
    const r = await list("for_export=true&size=1");
    expect(r.status).toBe(200);
    expect(r.body.fichas.length).toBe(r.body.total_records);
    expect(r.body.fichas[0]).toHaveProperty("estado_registro", "ACTIVO");
    expect(await audits()).toBe(before + 1);
  });

  test.each([
    ["fecha_desde=2026-02-30", "fecha_desde"],
    ["fecha_hasta=20245-01-01", "fecha_hasta"],
    ["fecha_desde=2022-02-01&fecha_hasta=2022-01-01", "fecha_hasta"],
    ["page=-1", "page"],
    ["size=1000", "size"],
    ["for_export=talvez", "for_export"],
  ])("%s → 400 on %s", async (query, param) => {
    const r = await list(query);
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e) => e.param)).toContain(param);
  });
});

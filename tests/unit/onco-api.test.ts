// The /api/onco routes (spec part 1 §7, decisions 012 and 027) through their loaders/actions with real tokens: field
// errors, guards, create (201), update (409 when stale; without a version, last write wins), drug change, search,
// read by id and delete; a member's DNI, optional drugs, date ranges and bounded ids (decision 027).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useTestDatabase, type TestDb, sqlOne, sqlRows } from "~tests/support/db";
import { getDriver } from "~db/client.server";
import { seedDomain } from "~db/seed/index";
import { MSG_VERSION_VIEJA } from "~db/version";
import { requestContext } from "~/lib/request-context.server";
import { apiToken, callApi, TEST_REQUEST_CONTEXT, type RouteHandler } from "~tests/support/api";
import { action as oncoAction, loader as oncoLoader } from "~/routes/api.onco._index";
import { loader as organoLoader } from "~/routes/api.organo";
import { loader as monodrogaLoader } from "~/routes/api.monodroga";
import { loader as medicoLoader } from "~/routes/api.medico";
import { loader as byDniLoader } from "~/routes/api.onco.buscarpordni.$dni";
import { action as byFilterAction } from "~/routes/api.onco.buscarporfiltro";
import { loader as byIdLoader } from "~/routes/api.onco.buscarporid.$id";
import { action as inactivarAction } from "~/routes/api.onco.inactivarFicha";
import { loader as reportLoader } from "~/routes/buscar-ficha.report[.pdf]";
import { addMembers, fichaBody } from "~tests/support/ficha-fixture";
import { restorePdfBrowserAfterEach } from "~tests/support/pdf-browser";
import { FICHA_MSG } from "~/modules/oncologia/fichas.messages";
import { MSG_DNI_FILTRO, MSG_ID_FICHA, MSG_VERSION_FICHA } from "~/modules/oncologia/fichas.schema";
import { FORBIDDEN_OPERATION } from "~/auth/guards.server";
import { MSG_DNI_INVALIDO, MSG_FECHA_INVALIDA } from "~/lib/input";
import { MSG_PERIODO_INVERTIDO } from "~/lib/period";

let t: TestDb;
let admin = "";
let consulta = "";

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
type FieldError = { param: string; msg: string };
type FichaJson = { id: number; organoId: number; estado_ficha: string } & Record<string, unknown>;
/** Every key a response of these routes may carry: a test reads the ones its route answers. */
type Body = {
  msg: string;
  errors: FieldError[];
  newFicha: FichaJson;
  fichaModificada: FichaJson;
  ficha: FichaJson;
  fichas: FichaJson[];
  resultado: Record<string, unknown>[];
};
type Res = { status: number; body: Body };

beforeAll(async () => {
  t = await useTestDatabase();
  await seedDomain(t.db, await getDriver(), { scale: "demo", seed: 1, log: () => {} });
  // The DNIs of these tests, as members of the padrón (every save checks it).
  await addMembers("30111222", "30500001", "30500002", "30500003", "30500004", "30500005");
  admin = await apiToken(t, "admin");
  consulta = await apiToken(t, "consulta");
});
afterAll(async () => {
  await t?.cleanup();
});

/** tests/support/api.ts callApi with this file's argument order and response type. */
async function call(
  h: Handler,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  params: Record<string, string> = {},
): Promise<Res> {
  const r = await callApi(h as RouteHandler, path, { token, params, method, body });
  return { status: r.status, body: r.body as Body };
}

const post = (body: unknown, token = admin) => call(oncoAction as Handler, "POST", "/api/onco", token, body);
const put = (body: unknown, token = admin) => call(oncoAction as Handler, "PUT", "/api/onco", token, body);

describe("POST /api/onco", () => {
  test("missing required fields → 400 with one field error per field", async () => {
    const r = await post({ monodrogas: [] });
    expect(r.status).toBe(400);
    const params = r.body.errors.map((e) => e.param);
    for (const p of [
      "fecha",
      "afi_dni",
      "afi_nro_afi",
      "afi_parentesco",
      "afi_sexo",
      "afi_nombre",
      "afi_estado_civil",
      "afi_domicilio",
      "afi_localidad",
      "fecha_diagnostico",
      "diagnostico_histologico",
      "resumen_historia_clinica",
      "diagnostico",
      "peso",
      "talla",
      "sup_corporal",
    ]) {
      expect(params).toContain(p);
    }
    // drugs are not among the spec's required fields (decision 027)
    expect(params).not.toContain("monodrogas");
    expect(r.body.errors.find((e) => e.param === "afi_nombre")?.msg).toBe("Campo obligatorio");
    expect(r.body.msg).toEqual(expect.any(String));
  });

  test("a half-filled drug row → 400 on that row's fields; absurd size → a clear message; nothing saved", async () => {
    const n = await sqlOne("SELECT count(*) FROM fichas_onco");
    const body = fichaBody();
    (body.monodrogas as unknown[])[1] = { droga: "CISPLATINO", mgrs_protocolo: 75 };
    const r = await post(body);
    expect(r.status).toBe(400);
    const params = r.body.errors.map((e) => e.param);
    expect(params).toEqual(
      expect.arrayContaining([
        "monodrogas.1.cantidad",
        "monodrogas.1.dosis_dia",
        "monodrogas.1.presentacion",
        "monodrogas.1.ciclos",
        "monodrogas.1.frecuencia",
      ]),
    );
    expect(params.some((p) => p.startsWith("monodrogas.0"))).toBe(false);
    const tall = await post(fichaBody({ talla: 900, peso: -3 }));
    expect(tall.status).toBe(400);
    expect(tall.body.errors).toEqual(
      expect.arrayContaining([
        { param: "talla", msg: "Talla (cm): máximo 250" },
        { param: "peso", msg: "Peso (kg): mínimo 0.5" },
      ]),
    );
    const notNumber = await post(fichaBody({ peso: "setenta" }));
    expect(notNumber.body.errors).toContainEqual({ param: "peso", msg: "Peso (kg): ingrese un número" });
    expect((await post("{no json")).status).toBe(400);
    expect(await sqlOne("SELECT count(*) FROM fichas_onco")).toBe(n);
  });

  test("guards: no token 401, consulta 403, bad operacion 400", async () => {
    expect((await post(fichaBody(), "")).status).toBe(401);
    const c = await post(fichaBody(), consulta);
    expect(c.status).toBe(403);
    expect((await put(fichaBody({ id: 1, version: 1 }), consulta)).status).toBe(403);
    const bad = await post(fichaBody({ operacion: "borrar" }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].param).toBe("operacion");
    expect((await call(oncoLoader as Handler, "GET", "/api/onco", admin)).status).toBe(405);
  });

  test("create → 201 { newFicha, msg }; PUT → { fichaModificada }; stale PUT → 409; drug change closes the source", async () => {
    const r = await post(fichaBody({ afi_dni: "30500001" }));
    expect(r.status).toBe(201);
    expect(r.body.msg).toBe(FICHA_MSG.CREATED);
    const f = r.body.newFicha;
    expect(f).toMatchObject({ estado_ficha: "INGRESO", version: 1, editable: true, afi_dni: "30500001" });
    expect(f.monodrogas).toHaveLength(2);

    const u = await put(fichaBody({ afi_dni: "30500001", id: f.id, version: 1, observacion: "EDITADA" }));
    expect(u.status).toBe(200);
    expect(u.body.msg).toBe(FICHA_MSG.UPDATED);
    expect(u.body.fichaModificada).toMatchObject({ id: f.id, version: 2, observacion: "EDITADA" });

    const stale = await put(fichaBody({ afi_dni: "30500001", id: f.id, version: 1, observacion: "PISADA" }));
    expect(stale).toEqual({
      status: 409,
      body: { msg: MSG_VERSION_VIEJA, errors: [{ param: "version", msg: MSG_VERSION_VIEJA }] },
    });

    const noSource = await post(fichaBody({ afi_dni: "30500001", operacion: "change_of_drogs" }));
    expect(noSource.status).toBe(400);
    expect(noSource.body.errors).toEqual([{ param: "id_origen", msg: FICHA_MSG.SOURCE_REQUIRED }]);
    const cm = await post(fichaBody({ afi_dni: "30500001", operacion: "change_of_drogs", id_origen: f.id }));
    expect(cm.status).toBe(201);
    expect(cm.body.newFicha).toMatchObject({ estado_ficha: "CAMBIO_MEDICAMENTO", editable: true });
    const src = await call(byIdLoader as Handler, "GET", `/api/onco/buscarporid/${f.id}`, admin, undefined, {
      id: String(f.id),
    });
    expect(src.body.ficha).toMatchObject({ editable: false, version: 3 });
    // legacy clients: the source as the body's id
    const ri = await post(fichaBody({ afi_dni: "30500001", operacion: "reingreso", id: cm.body.newFicha.id }));
    expect(ri.status).toBe(201);
    expect(ri.body.newFicha).toMatchObject({ estado_ficha: "REINGRESO" });
    expect((await post(fichaBody({ afi_dni: "30500001", operacion: "reingreso", id_origen: f.id }))).status).toBe(409);
    // ids beyond the integer columns: 400 on the field (decision 027), never a 500
    const beyond = (param: string, msg: string) => ({ status: 400, body: { msg, errors: [{ param, msg }] } });
    const origen = "Id de la ficha de origen inválido";
    expect(await post(fichaBody({ afi_dni: "30500001", operacion: "reingreso", id_origen: 1e12 }))).toEqual(
      beyond("id_origen", origen),
    );
    expect(await post(fichaBody({ organoId: 99999999999 }))).toEqual(beyond("organoId", FICHA_MSG.ORGANO_NOT_FOUND));
    expect(await put(fichaBody({ id: 1e12, version: 1 }))).toEqual(beyond("id", MSG_ID_FICHA));
    expect(await put(fichaBody({ afi_dni: "30500001", id: ri.body.newFicha.id, version: 1e12 }))).toEqual(
      beyond("version", MSG_VERSION_FICHA),
    );
    // an unknown id that fits: 404 as before
    expect((await put(fichaBody({ id: 2147483647, version: 1 }))).status).toBe(404);
  });
});

describe("lookups and searches", () => {
  test("GET /api/organo, /api/monodroga, /api/medico → { resultado } for any signed-in token", async () => {
    for (const [h, key] of [
      [organoLoader, "descripcion"],
      [monodrogaLoader, "descripcion"],
      [medicoLoader, "apeynom"],
    ] as const) {
      const r = await call(h as Handler, "GET", "/api/x", consulta);
      expect(r.status).toBe(200);
      expect(r.body.resultado.length).toBeGreaterThan(0);
      expect(r.body.resultado[0]).toHaveProperty(key);
      expect((await call(h as Handler, "GET", "/api/x")).status).toBe(401);
    }
  });

  test("buscarpordni / buscarporfiltro / buscarporid (screen /buscar-ficha: consulta too)", async () => {
    const [seeded] = await sqlRows<{ id: number; afi_dni: string }>(
      "SELECT id, afi_dni FROM fichas_onco WHERE activo ORDER BY id LIMIT 1",
    );
    const byDni = await call(
      byDniLoader as Handler,
      "GET",
      `/api/onco/buscarpordni/${seeded.afi_dni}`,
      consulta,
      undefined,
      { dni: seeded.afi_dni },
    );
    expect(byDni.status).toBe(200);
    expect(byDni.body.fichas.map((f) => f.id)).toContain(seeded.id);
    for (const bad of ["12ab", "' OR 1=1 --", "9".repeat(10_000)]) {
      const r = await call(byDniLoader as Handler, "GET", "/api/onco/buscarpordni/x", consulta, undefined, {
        dni: bad,
      });
      expect(r).toEqual({
        status: 400,
        body: { msg: MSG_DNI_INVALIDO, errors: [{ param: "dni", msg: MSG_DNI_INVALIDO }] },
      });
    }

    const all = await call(byFilterAction as Handler, "POST", "/api/onco/buscarporfiltro", consulta, {});
    expect(all.status).toBe(200);
    expect(all.body.fichas.length).toBe(
      await sqlOne("SELECT count(*) FROM fichas_onco WHERE activo AND estado_ficha = 'INGRESO'"),
    );
    const reing = await call(byFilterAction as Handler, "POST", "/api/onco/buscarporfiltro", consulta, {
      estado_ficha: "REINGRESO",
      organoId: -1,
    });
    expect(reing.body.fichas.length).toBeGreaterThan(0);
    expect(reing.body.fichas.every((f) => f.estado_ficha === "REINGRESO")).toBe(true);
    const inverted = await call(byFilterAction as Handler, "POST", "/api/onco/buscarporfiltro", consulta, {
      fecha_desde: "2024-02-01",
      fecha_hasta: "2024-01-01",
    });
    expect(inverted.status).toBe(400);
    expect(inverted.body.msg).toBe(MSG_PERIODO_INVERTIDO);
    // The filter's DNI and dates are checked as the screen checks them (before, the API dropped a bad value and
    // searched without it).
    for (const [body, param, msg] of [
      [{ afi_dni: "12ab" }, "afi_dni", MSG_DNI_FILTRO],
      [{ afi_dni: 30111222 }, "afi_dni", MSG_DNI_FILTRO],
      [{ fecha_desde: "2024-02-30" }, "fecha_desde", MSG_FECHA_INVALIDA],
      [{ fecha_hasta: "01/02/2024" }, "fecha_hasta", MSG_FECHA_INVALIDA],
    ] as const) {
      const r = await call(byFilterAction as Handler, "POST", "/api/onco/buscarporfiltro", consulta, body);
      expect(r, JSON.stringify(body)).toEqual({ status: 400, body: { msg, errors: [{ param, msg }] } });
    }
    // A short DNI is a valid filter (exact match): no case has it.
    const short = await call(byFilterAction as Handler, "POST", "/api/onco/buscarporfiltro", consulta, {
      afi_dni: "123",
      estado_ficha: "TODOS",
    });
    expect(short).toEqual({ status: 200, body: { fichas: [] } });

    const one = await call(byIdLoader as Handler, "GET", `/api/onco/buscarporid/${seeded.id}`, consulta, undefined, {
      id: String(seeded.id),
    });
    expect(one.status).toBe(200);
    expect(one.body.ficha).toMatchObject({
      id: seeded.id,
      monodrogas: expect.any(Array),
      organo: { id: expect.any(Number), descripcion: expect.any(String) },
    });
    expect(
      (await call(byIdLoader as Handler, "GET", "/api/onco/buscarporid/999999", consulta, undefined, { id: "999999" }))
        .status,
    ).toBe(404);
    for (const id of ["abc", "0", "-1", "1.5", "99999999999"])
      expect(await call(byIdLoader as Handler, "GET", "/api/onco/buscarporid/x", consulta, undefined, { id })).toEqual({
        status: 400,
        body: { msg: MSG_ID_FICHA, errors: [{ param: "id", msg: MSG_ID_FICHA }] },
      });
    expect(
      (await call(byIdLoader as Handler, "GET", "/api/onco/buscarporid/1", undefined, undefined, { id: "1" })).status,
    ).toBe(401);
  });
});

describe("POST /api/onco/buscarporfiltro estado_ficha TODOS", () => {
  test("TODOS: INGRESO, CAMBIO_MEDICAMENTO and REINGRESO of the DNI; the default stays INGRESO", async () => {
    const dni = "30500003";
    const a = (await post(fichaBody({ afi_dni: dni }))).body.newFicha;
    const b = (await post(fichaBody({ afi_dni: dni, operacion: "change_of_drogs", id_origen: a.id }))).body.newFicha;
    const c = (await post(fichaBody({ afi_dni: dni, operacion: "reingreso", id_origen: b.id }))).body.newFicha;
    const search = (body: unknown) =>
      call(byFilterAction as Handler, "POST", "/api/onco/buscarporfiltro", consulta, body);
    const todos = await search({ afi_dni: dni, estado_ficha: "TODOS", organoId: -1 });
    expect(todos.status).toBe(200);
    expect(todos.body.fichas.map((f) => [f.id, f.estado_ficha]).sort()).toEqual(
      [
        [a.id, "INGRESO"],
        [b.id, "CAMBIO_MEDICAMENTO"],
        [c.id, "REINGRESO"],
      ].sort(),
    );
    const byDefault = await search({ afi_dni: dni });
    expect(byDefault.body.fichas.map((f) => f.id)).toEqual([a.id]);
    const all = await search({ estado_ficha: "TODOS" });
    expect(all.body.fichas.length).toBe(Math.min(500, await sqlOne("SELECT count(*) FROM fichas_onco WHERE activo")));
  });
});

describe("POST /api/onco/inactivarFicha", () => {
  test("operation 7: consulta 403; admin deletes; then 404 everywhere", async () => {
    const f = (await post(fichaBody({ afi_dni: "30500002" }))).body.newFicha;
    const body = { id: f.id, afi_dni: "30500002", organoId: f.organoId };
    const denied = await call(inactivarAction as Handler, "POST", "/api/onco/inactivarFicha", consulta, body);
    expect(denied.status).toBe(403);
    const ok = await call(inactivarAction as Handler, "POST", "/api/onco/inactivarFicha", admin, body);
    expect(ok).toEqual({ status: 200, body: { msg: "La Ficha se ha eliminado correctamente" } });
    expect((await call(inactivarAction as Handler, "POST", "/api/onco/inactivarFicha", admin, body)).status).toBe(404);
    expect(
      (
        await call(byIdLoader as Handler, "GET", `/api/onco/buscarporid/${f.id}`, admin, undefined, {
          id: String(f.id),
        })
      ).status,
    ).toBe(404);
    const byDni = await call(byDniLoader as Handler, "GET", "/api/onco/buscarpordni/30500002", admin, undefined, {
      dni: "30500002",
    });
    expect(byDni.body.fichas).toEqual([]);
    const bad = await call(inactivarAction as Handler, "POST", "/api/onco/inactivarFicha", admin, { id: "uno" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toEqual({ param: "id", msg: "Id inválido" });
    for (const body of [{ id: 1e12 }, { id: 99999999999 }, { id: 1, organoId: 99999999999 }]) {
      const r = await call(inactivarAction as Handler, "POST", "/api/onco/inactivarFicha", admin, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("GET /buscar-ficha/report.pdf (operation 3, 'Exportar listado de fichas a PDF')", () => {
  restorePdfBrowserAfterEach();

  async function report(query: string, token: string): Promise<Response> {
    const request = new Request(`http://localhost/buscar-ficha/report.pdf?${query}`, {
      headers: { "x-auth-token": token },
    });
    try {
      return (await requestContext.run(TEST_REQUEST_CONTEXT, () =>
        reportLoader({ request, params: {}, context: {} }),
      )) as Response;
    } catch (e) {
      if (e instanceof Response) return e;
      throw e;
    }
  }
  const exports = () => sqlOne("SELECT count(*) FROM audit_log WHERE accion = 'fichas.listado.exportar'");

  test("consulta has the screen but not the operation: 403, nothing audited", async () => {
    const before = await exports();
    const res = await report("organoId=-1&estado_ficha=INGRESO", consulta);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ msg: FORBIDDEN_OPERATION });
    expect(await exports()).toBe(before);
  });

  test("admin: bad filters 400 with the screen's messages; a filter → the PDF, audited", async () => {
    const bad = await report("afi_dni=12A", admin);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ msg: MSG_DNI_FILTRO });
    const inverted = await report("fecha_desde=2025-05-01&fecha_hasta=2025-01-01", admin);
    expect(await inverted.json()).toEqual({ msg: MSG_PERIODO_INVERTIDO });

    const before = await exports();
    const res = await report("organoId=-1&estado_ficha=TODOS&fecha_desde=2024-01-01", admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toContain("report.pdf");
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect(await exports()).toBe(before + 1);
  }, 60_000);
});

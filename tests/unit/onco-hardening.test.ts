// Issue 12 / decision 027 on the oncology entry points, through their loaders and actions with real sessions:
// PUT /api/onco without a version (last write wins, audited) and with a stale one (409); a ficha without drugs
// (API and the Nueva Ficha action); a DNI that is no member's and dates out of range refused; impossible dates,
// year 0000 and ids beyond the integer columns answered 400 / a field error (never a 500) on POST /api/onco,
// POST /api/onco/buscarporfiltro, /buscar-ficha (its GET filters) and /buscar-ficha/report.pdf.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useTestDatabase, type TestDb, sqlOne, sqlRows } from "~tests/support/db";
import { getDriver } from "~db/client.server";
import { seedDomain } from "~db/seed/index";
import { MSG_VERSION_VIEJA } from "~db/version";
import { createSession } from "~/auth/sessions.server";
import { setSessionCookie } from "~/auth/cookie.server";
import { requestContext } from "~/lib/request-context.server";
import { MSG_FECHA_INVALIDA } from "~/lib/input";
import { callApi, TEST_REQUEST_CONTEXT, type RouteHandler } from "~tests/support/api";
import { addMembers, fichaBody } from "~tests/support/ficha-fixture";
import { action as oncoAction } from "~/routes/api.onco._index";
import { action as byFilterAction } from "~/routes/api.onco.buscarporfiltro";
import { loader as reportLoader } from "~/routes/buscar-ficha.report[.pdf]";
import { loader as buscarLoader } from "~/routes/_app.buscar-ficha";
import { action as nuevaFichaAction } from "~/routes/_app.nueva-ficha";
import { FICHA_MSG } from "~/modules/oncologia/fichas.messages";
import { MSG_ORGANO_FILTRO } from "~/modules/oncologia/fichas.schema";
import { MSG_DROGA_CAMBIO } from "~/modules/oncologia/rules";

let t: TestDb;
let token = "";
let cookie = "";
const NOT_A_MEMBER = "1234567";

beforeAll(async () => {
  t = await useTestDatabase();
  await seedDomain(t.db, await getDriver(), { scale: "demo", seed: 1, log: () => {} });
  await addMembers("30111222", "30600001", "30600002", "30600003", "30600004");
  // No member of the seeded padrón has this DNI (the seed's DNIs have 8 digits).
  expect(await sqlOne("SELECT count(*) FROM afiliados WHERE numdoc = $1", [NOT_A_MEMBER])).toBe(0);
  const [admin] = await sqlRows<{ id: number }>("SELECT id FROM us_usuarios WHERE usuario = 'admin'");
  await requestContext.run(TEST_REQUEST_CONTEXT, async () => {
    token = await createSession(admin.id, "api");
    cookie = await setSessionCookie(await createSession(admin.id, "cookie"));
  });
});
afterAll(async () => {
  await t?.cleanup();
});

type Json = Record<string, unknown> & { msg?: string; errors?: { param: string; msg: string }[] };
const api = async (h: unknown, path: string, method: string, body: unknown) => {
  const r = await callApi(h as RouteHandler, path, { token, method, body });
  return { status: r.status, body: r.body as Json };
};
const post = (body: unknown) => api(oncoAction, "/api/onco", "POST", body);
const put = (body: unknown) => api(oncoAction, "/api/onco", "PUT", body);
const filtro = (body: unknown) => api(byFilterAction, "/api/onco/buscarporfiltro", "POST", body);
const fieldError = (param: string, msg: string) => ({ status: 400, body: { msg, errors: [{ param, msg }] } });

/** Runs a screen's loader or action as the signed-in admin's browser would; a thrown Response is the answer. */
async function screen(h: unknown, path: string, form?: URLSearchParams): Promise<Response> {
  const request = new Request(`http://localhost${path}`, {
    method: form ? "POST" : "GET",
    headers: { Cookie: cookie, ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    body: form,
  });
  try {
    return (await requestContext.run(TEST_REQUEST_CONTEXT, () =>
      (h as RouteHandler)({ request, params: {}, context: {} }),
    )) as Response;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

/**
 * A ficha body as the Nueva Ficha form posts it (conform names, checked boxes 'on', unchecked ones absent), after
 * 'Buscar' filled the member's fields for its DNI (afi_dni_buscado, issue 26).
 */
function formOf(body: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams({ intent: "guardar", afi_dni_buscado: String(body.afi_dni ?? "") });
  for (const [k, v] of Object.entries(body)) {
    if (k === "monodrogas") {
      (v as Record<string, unknown>[]).forEach((row, i) => {
        for (const [dk, dv] of Object.entries(row)) form.set(`monodrogas[${i}].${dk}`, String(dv));
      });
    } else if (typeof v === "boolean") {
      if (v) form.set(k, "on");
    } else if (v != null) form.set(k, String(v));
  }
  return form;
}
const BLANK_ROW = { droga: "", mgrs_protocolo: "", cantidad: "", dosis_dia: "", presentacion: "", frecuencia: "" };

describe("PUT /api/onco without a version (spec §7's call)", () => {
  test("saved (200, version + 1, audited as saved without the version check); a stale version is still 409", async () => {
    const f = (await post(fichaBody({ afi_dni: "30600001" }))).body.newFicha as { id: number };
    const r = await put(fichaBody({ afi_dni: "30600001", id: f.id, observacion: "SIN VERSION" }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      msg: FICHA_MSG.UPDATED,
      fichaModificada: { id: f.id, version: 2, observacion: "SIN VERSION" },
    });
    expect(await sqlOne("SELECT version FROM fichas_onco WHERE id = $1", [f.id])).toBe(2);
    const [entry] = await sqlRows<{ detalle: Record<string, unknown> }>(
      "SELECT detalle FROM audit_log WHERE accion = 'ficha.modificar' AND entidad_id = $1",
      [String(f.id)],
    );
    expect(entry.detalle).toMatchObject({ version: 2, sin_control_de_version: true });

    expect(await put(fichaBody({ afi_dni: "30600001", id: f.id, version: 1, observacion: "PISADA" }))).toEqual({
      status: 409,
      body: { msg: MSG_VERSION_VIEJA, errors: [{ param: "version", msg: MSG_VERSION_VIEJA }] },
    });
    const checked = await put(fichaBody({ afi_dni: "30600001", id: f.id, version: 2 }));
    expect(checked.status).toBe(200);
    // the id is still required
    expect(await put(fichaBody({ afi_dni: "30600001" }))).toEqual(fieldError("id", FICHA_MSG.ID_REQUIRED));
  });
});

describe("a ficha without drugs (surgery or radiotherapy only)", () => {
  test("POST /api/onco: absent or empty list → 201 with no drug rows; a drug change needs one (422)", async () => {
    const { monodrogas: _m, ...sinDrogas } = fichaBody({ afi_dni: "30600002", cirugia: true, quimioterapia: false });
    const a = await post(sinDrogas);
    expect(a.status).toBe(201);
    expect(a.body.newFicha).toMatchObject({ estado_ficha: "INGRESO", cirugia: true, monodrogas: [] });
    const b = await post(fichaBody({ afi_dni: "30600002", monodrogas: [] }));
    expect(b.status).toBe(201);
    const id = (b.body.newFicha as { id: number }).id;
    expect(
      await post(fichaBody({ afi_dni: "30600002", monodrogas: [], operacion: "change_of_drogs", id_origen: id })),
    ).toEqual({
      status: 422,
      body: { msg: MSG_DROGA_CAMBIO, errors: [{ param: "monodrogas", msg: MSG_DROGA_CAMBIO }] },
    });
  });

  test("the Nueva Ficha action: the form's blank drug row is no drug → saved, redirected to the read-only view", async () => {
    const before = await sqlOne("SELECT count(*) FROM fichas_onco WHERE afi_dni = '30600003'");
    const res = await screen(
      nuevaFichaAction,
      "/nueva-ficha",
      formOf(fichaBody({ afi_dni: "30600003", monodrogas: [BLANK_ROW] })),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/nueva-ficha\?id=\d+&ok=1$/);
    expect(await sqlOne("SELECT count(*) FROM fichas_onco WHERE afi_dni = '30600003'")).toBe(before + 1);
    const id = Number(new URL(res.headers.get("Location")!, "http://x").searchParams.get("id"));
    expect(await sqlOne("SELECT count(*) FROM fichas_onco_monodrogas WHERE ficha_id = $1", [id])).toBe(0);
  });
});

describe("refused: a DNI that is no member's, dates out of range", () => {
  test("POST and PUT /api/onco with a DNI of no member → 422 on afi_dni, nothing saved", async () => {
    const n = await sqlOne("SELECT count(*) FROM fichas_onco");
    const refused = {
      status: 422,
      body: { msg: FICHA_MSG.AFILIADO_NO_EXISTE, errors: [{ param: "afi_dni", msg: FICHA_MSG.AFILIADO_NO_EXISTE }] },
    };
    expect(await post(fichaBody({ afi_dni: NOT_A_MEMBER }))).toEqual(refused);
    const f = (await post(fichaBody({ afi_dni: "30600004" }))).body.newFicha as { id: number };
    expect(await put(fichaBody({ afi_dni: NOT_A_MEMBER, id: f.id, version: 1 }))).toEqual(refused);
    expect(await sqlOne("SELECT count(*) FROM fichas_onco")).toBe(n + 1);
  });

  test("the Nueva Ficha action with a DNI of no member → 422 with the DNI field's error", async () => {
    const res = await screen(nuevaFichaAction, "/nueva-ficha", formOf(fichaBody({ afi_dni: NOT_A_MEMBER })));
    expect(res.status).toBe(422);
    const body = (await res.json()) as { result: { error: Record<string, string[]> }; popup: { msg: string } };
    expect(body.result.error.afi_dni).toEqual([FICHA_MSG.AFILIADO_NO_EXISTE]);
    expect(body.popup.msg).toBe(FICHA_MSG.AFILIADO_NO_EXISTE);
  });

  test.each([
    ["fecha", "0001-01-01", "La fecha no puede ser anterior al 01/01/1900"],
    ["fecha_diagnostico", "0001-01-01", "La fecha no puede ser anterior al 01/01/1900"],
    ["fecha", "2999-01-01", "La fecha no puede ser posterior a hoy"],
    [
      "fecha_quimioterapia",
      "2999-01-01",
      expect.stringMatching(/^La fecha no puede ser posterior al \d\d\/\d\d\/\d{4}$/),
    ],
  ])("POST /api/onco %s = %s → 400", async (key, value, msg) => {
    const r = await post(fichaBody({ [key]: value }));
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ param: key, msg }]);
  });
});

describe("impossible dates, year 0000 and huge ids: 400 / a field error on every entry point, never a 500", () => {
  test.each(["2026-02-30", "0000-01-01"])("POST /api/onco fecha fields = %s", async (bad) => {
    for (const key of ["fecha", "fecha_diagnostico", "fecha_cirugia", "fecha_quimioterapia"]) {
      expect(await post(fichaBody({ [key]: bad })), key).toEqual(fieldError(key, MSG_FECHA_INVALIDA));
    }
  });

  test.each([
    [{ fecha_desde: "2026-02-30" }, "fecha_desde", MSG_FECHA_INVALIDA],
    [{ fecha_hasta: "2026-02-30" }, "fecha_hasta", MSG_FECHA_INVALIDA],
    [{ fecha_desde: "0000-01-01" }, "fecha_desde", MSG_FECHA_INVALIDA],
    [{ organoId: 99999999999 }, "organoId", MSG_ORGANO_FILTRO],
    [{ organoId: "99999999999" }, "organoId", MSG_ORGANO_FILTRO],
  ])("POST /api/onco/buscarporfiltro %j → 400", async (body, param, msg) => {
    expect(await filtro(body)).toEqual(fieldError(param, msg));
  });

  test.each([
    ["fecha_desde=2026-02-30", MSG_FECHA_INVALIDA],
    ["fecha_hasta=2026-02-30", MSG_FECHA_INVALIDA],
    ["fecha_desde=0000-01-01", MSG_FECHA_INVALIDA],
    ["organoId=99999999999", MSG_ORGANO_FILTRO],
  ])("GET /buscar-ficha/report.pdf?%s → 400 { msg }", async (query, msg) => {
    const request = new Request(`http://localhost/buscar-ficha/report.pdf?${query}&estado_ficha=TODOS`, {
      headers: { "x-auth-token": token },
    });
    let res: Response;
    try {
      res = (await requestContext.run(TEST_REQUEST_CONTEXT, () =>
        reportLoader({ request, params: {}, context: {} }),
      )) as Response;
    } catch (e) {
      if (!(e instanceof Response)) throw e;
      res = e;
    }
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ msg });
  });

  test.each([
    ["fecha_desde=2026-02-30", "fecha_desde", MSG_FECHA_INVALIDA],
    ["fecha_hasta=2026-02-30", "fecha_hasta", MSG_FECHA_INVALIDA],
    ["fecha_desde=0000-01-01", "fecha_desde", MSG_FECHA_INVALIDA],
    ["organoId=99999999999", "organoId", MSG_ORGANO_FILTRO],
  ])("GET /buscar-ficha?%s → the field's error, no search", async (query, param, msg) => {
    const res = await screen(buscarLoader, `/buscar-ficha?${query}&estado_ficha=INGRESO`);
    expect(res.status).toBe(200);
    const data = (await res.json()) as { errors: unknown[]; searched: boolean; fichas: unknown[] };
    expect(data).toMatchObject({ errors: [{ param, msg }], searched: false, fichas: [] });
  });

  test("the Nueva Ficha action with fecha 2026-02-30 → 400 with the field's error", async () => {
    const res = await screen(nuevaFichaAction, "/nueva-ficha", formOf(fichaBody({ fecha: "2026-02-30" })));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.fecha).toEqual([MSG_FECHA_INVALIDA]);
  });
});

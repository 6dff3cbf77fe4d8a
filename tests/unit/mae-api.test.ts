// The /api/mae routes (spec part 2 §7, ADR 032) through their loaders/actions with real tokens: anonymous 401, the
// 'consulta' profile (no MAE screens) 403, admin; create (201) / duplicate (409) / modify / list / by id / by DNI and
// year; students: add (named by the registry), a missing ficha (404), modify, inactivate then modify (409), delete;
// delete a ficha with its students; bad input (400 { msg, errors }) writes nothing; other methods 405.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MAE_MSG } from "~/modules/mae/rules";
import { action as maeAction, loader as maeLoader } from "~/routes/api.mae._index";
import { action as fichaIdAction, loader as fichaIdLoader } from "~/routes/api.mae.$id";
import { action as agregarAction, loader as agregarLoader } from "~/routes/api.mae.agregarAlumno";
import { action as modificarAction } from "~/routes/api.mae.modificarAlumno";
import { action as eliminarAction } from "~/routes/api.mae.eliminarAlumno.$id";
import { action as inactivarAction } from "~/routes/api.mae.inactivarAlumno.$id";
import { apiToken, callerWith } from "~tests/support/api";
import { sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";

let t: TestDb;
let admin = "";
let consulta = "";

type Alumno = { id: number; dni: string; apeynom: string; estado: boolean; fecha_inactivacion: string | null };
type Ficha = { id: number; dni: string; apeynom: string; anio_lectivo: number; alumnos: Alumno[] };
type Body = {
  msg: string;
  errors: { param: string; msg: string }[];
  ficha: Ficha;
  fichas: Ficha[];
  total_records: number;
  alumno: Alumno;
  id: number;
};

beforeAll(async () => {
  t = await useTestDatabase();
  for (const [dni, apeynom] of [
    ["46000001", "SOSA, JULIETA"],
    ["46000002", "LUNA, BRUNO"],
  ]) {
    await sqlRows(
      `INSERT INTO afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco)
       VALUES ($1, $2, $3, '01', $2, '01', 'HIJO/A')`,
      [apeynom, dni, `${dni}01`],
    );
  }
  admin = await apiToken(t, "admin");
  consulta = await apiToken(t, "consulta");
});
afterAll(async () => {
  await t?.cleanup();
});

const call = callerWith<Body>(() => admin);

const fichaBody = (over: Record<string, unknown> = {}) => ({
  dni: "31600001",
  apeynom: "FERREYRA, CLAUDIA",
  titulo_mae: "PROFESOR/A EN EDUCACION ESPECIAL",
  anio_lectivo: 2024,
  ...over,
});
const alumnoBody = (dni: string, over: Record<string, unknown> = {}) => ({
  dni,
  apeynom: "LO QUE SEA",
  expediente: "EXP-77/2024",
  horario: "LUNES A VIERNES 08:00 A 12:00",
  escuela: "ESCUELA N° 5",
  escuela_nivel: "PRIMARIO",
  ...over,
});
const writes = async () => [
  await sqlOne("SELECT count(*) FROM mae_fichas"),
  await sqlOne("SELECT count(*) FROM mae_alumnos"),
  await sqlOne("SELECT count(*) FROM audit_log WHERE accion LIKE 'mae.%'"),
];

describe("guards", () => {
  test.each([
    ["GET /api/mae", maeLoader, "GET", "/api/mae", {}],
    ["POST /api/mae", maeAction, "POST", "/api/mae", { body: fichaBody() }],
    ["DELETE /api/mae/{id}", fichaIdAction, "DELETE", "/api/mae/1", { params: { id: "1" } }],
    ["POST agregarAlumno", agregarAction, "POST", "/api/mae/agregarAlumno", { body: {} }],
    ["PUT modificarAlumno", modificarAction, "PUT", "/api/mae/modificarAlumno", { body: {} }],
    ["DELETE eliminarAlumno", eliminarAction, "DELETE", "/api/mae/eliminarAlumno/1", { params: { id: "1" } }],
    ["PUT inactivarAlumno", inactivarAction, "PUT", "/api/mae/inactivarAlumno/1", { params: { id: "1" } }],
  ] as const)("%s: anonymous 401, consulta 403; nothing written", async (_n, h, method, path, opts) => {
    const before = await writes();
    expect((await call(h, method, path, { ...opts, token: null })).status).toBe(401);
    const r = await call(h, method, path, { ...opts, token: consulta });
    expect(r.status).toBe(403);
    expect(typeof r.body.msg).toBe("string");
    expect(await writes()).toEqual(before);
  });

  test("other methods → 405", async () => {
    expect((await call(maeAction, "DELETE", "/api/mae")).status).toBe(405);
    expect((await call(fichaIdLoader, "GET", "/api/mae/1", { params: { id: "1" } })).status).toBe(405);
    expect((await call(fichaIdAction, "PUT", "/api/mae/1", { params: { id: "1" }, body: {} })).status).toBe(405);
    expect((await call(agregarLoader, "GET", "/api/mae/agregarAlumno")).status).toBe(405);
    expect((await call(agregarAction, "PUT", "/api/mae/agregarAlumno", { body: {} })).status).toBe(405);
    expect((await call(modificarAction, "POST", "/api/mae/modificarAlumno", { body: {} })).status).toBe(405);
    expect((await call(inactivarAction, "DELETE", "/api/mae/inactivarAlumno/1", { params: { id: "1" } })).status).toBe(
      405,
    );
  });
});

describe("fichas", () => {
  test("POST creates (201), the same DNI and year again → 409; GET by id, by DNI and year, and the list", async () => {
    const created = await call(maeAction, "POST", "/api/mae", { body: fichaBody() });
    expect(created.status).toBe(201);
    expect(created.body.msg).toBe("Ficha guardada con éxito!");
    const f = created.body.ficha;
    expect(f).toMatchObject({ dni: "31600001", anio_lectivo: 2024, alumnos: [] });

    const dup = await call(maeAction, "POST", "/api/mae", { body: fichaBody({ apeynom: "OTRA" }) });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe(MAE_MSG.FICHA_DUPLICADA);

    const byId = await call(maeLoader, "GET", `/api/mae?id=${f.id}`);
    expect(byId.body).toEqual({ fichas: [f], total_records: 1 });
    expect((await call(maeLoader, "GET", "/api/mae?id=999999")).status).toBe(404);
    const byDni = await call(maeLoader, "GET", "/api/mae?dni=31600001&anio_lectivo=2024");
    expect(byDni.body.fichas.map((x) => x.id)).toEqual([f.id]);
    const none = await call(maeLoader, "GET", "/api/mae?dni=31600001&anio_lectivo=2025");
    expect(none.body).toEqual({ fichas: [], total_records: 0 });
    const list = await call(maeLoader, "GET", "/api/mae?apeynom_mae=ferreyra&anio_lectivo=2024&page=0&size=20");
    expect(list.status).toBe(200);
    expect(list.body.fichas.map((x) => x.id)).toContain(f.id);
    expect(list.body.total_records).toBeGreaterThanOrEqual(1);
  });

  test("PUT modifies with the id; without it → 400; unknown → 404", async () => {
    const f = (await call(maeAction, "POST", "/api/mae", { body: fichaBody({ dni: "31600002" }) })).body.ficha;
    const r = await call(maeAction, "PUT", "/api/mae", {
      body: fichaBody({ dni: "31600002", id: f.id, apeynom: "NUEVO" }),
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ msg: "Ficha modificada con éxito!", ficha: { id: f.id, apeynom: "NUEVO" } });
    const noId = await call(maeAction, "PUT", "/api/mae", { body: fichaBody({ dni: "31600002" }) });
    expect(noId.status).toBe(400);
    expect(noId.body.errors).toEqual([{ param: "id", msg: MAE_MSG.FICHA_ID_OBLIGATORIO }]);
    expect((await call(maeAction, "PUT", "/api/mae", { body: fichaBody({ id: 987654 }) })).status).toBe(404);
  });

  test.each([
    ["missing fields", {}, ["apeynom", "dni", "titulo_mae"]],
    ["10 000 characters", fichaBody({ titulo_mae: "x".repeat(10_000) }), ["titulo_mae"]],
    ["the year 2023", fichaBody({ anio_lectivo: 2023 }), ["anio_lectivo"]],
    ["a DNI with letters", fichaBody({ dni: "3160000A" }), ["dni"]],
    ["a non-numeric id", fichaBody({ id: "abc" }), ["id"]],
  ])("bad input (%s) → 400 { msg, errors } and nothing written", async (_n, body, params) => {
    const before = await writes();
    const r = await call(maeAction, "POST", "/api/mae", { body });
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e) => e.param).sort()).toEqual(params);
    expect(await writes()).toEqual(before);
  });

  test("bad list filters and ids → 400; a non-JSON body → 400", async () => {
    expect((await call(maeLoader, "GET", "/api/mae?anio_lectivo=2023")).status).toBe(400);
    expect((await call(maeLoader, "GET", "/api/mae?id=uno")).status).toBe(400);
    expect((await call(maeLoader, "GET", "/api/mae?size=100000")).status).toBe(400);
    expect((await call(fichaIdAction, "DELETE", "/api/mae/abc", { params: { id: "abc" } })).status).toBe(400);
    expect((await call(maeAction, "POST", "/api/mae", { body: "{no es json" })).status).toBe(400);
  });
});

describe("students", () => {
  test("add two (named by the registry), modify, inactivate then modify → 409, delete; a missing ficha → 404", async () => {
    const f = (await call(maeAction, "POST", "/api/mae", { body: fichaBody({ dni: "31600003", anio_lectivo: 2025 }) }))
      .body.ficha;
    const a = await call(agregarAction, "POST", "/api/mae/agregarAlumno", {
      body: { id_ficha: f.id, alumno: alumnoBody("46000001") },
    });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({
      msg: "Datos del alumno guardado con éxito!",
      alumno: { dni: "46000001", apeynom: "SOSA, JULIETA", estado: true },
    });
    const b = await call(agregarAction, "POST", "/api/mae/agregarAlumno", {
      body: { id_ficha: f.id, alumno: alumnoBody("46000002") },
    });
    expect(b.body.alumno.apeynom).toBe("LUNA, BRUNO");

    const before = await writes();
    const missing = await call(agregarAction, "POST", "/api/mae/agregarAlumno", {
      body: { id_ficha: 999_999, alumno: alumnoBody("46000001") },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe(MAE_MSG.FICHA_NO_EXISTE);
    const notMember = await call(agregarAction, "POST", "/api/mae/agregarAlumno", {
      body: { id_ficha: f.id, alumno: alumnoBody("46999999") },
    });
    expect(notMember.status).toBe(422);
    const bad = await call(agregarAction, "POST", "/api/mae/agregarAlumno", {
      body: { id_ficha: f.id, alumno: { dni: "46000001" } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e) => e.param)).toContain("alumno.expediente");
    expect(await writes()).toEqual(before);

    const mod = await call(modificarAction, "PUT", "/api/mae/modificarAlumno", {
      body: { alumno: { ...alumnoBody("46000001", { horario: "TARDE" }), id: a.body.alumno.id } },
    });
    expect(mod.status).toBe(200);
    expect(mod.body.alumno).toMatchObject({ horario: "TARDE", apeynom: "SOSA, JULIETA" });

    const inact = await call(inactivarAction, "PUT", `/api/mae/inactivarAlumno/${a.body.alumno.id}`, {
      params: { id: String(a.body.alumno.id) },
    });
    expect(inact.status).toBe(200);
    expect(inact.body).toMatchObject({ msg: "Alumno inactivado con éxito!", alumno: { estado: false } });
    expect(inact.body.alumno.fecha_inactivacion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const refused = await call(modificarAction, "PUT", "/api/mae/modificarAlumno", {
      body: { alumno: { ...alumnoBody("46000001"), id: a.body.alumno.id } },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(MAE_MSG.ALUMNO_INACTIVO);
    const delInactive = await call(eliminarAction, "DELETE", `/api/mae/eliminarAlumno/${a.body.alumno.id}`, {
      params: { id: String(a.body.alumno.id) },
    });
    expect(delInactive.status).toBe(409);

    const del = await call(eliminarAction, "DELETE", `/api/mae/eliminarAlumno/${b.body.alumno.id}`, {
      params: { id: String(b.body.alumno.id) },
    });
    expect(del.body).toEqual({ id: b.body.alumno.id, msg: "Alumno eliminado con éxito!" });
    expect(
      (await call(eliminarAction, "DELETE", "/api/mae/eliminarAlumno/1e3", { params: { id: "1e3" } })).status,
    ).toBe(400);
    expect(
      (await call(inactivarAction, "PUT", "/api/mae/inactivarAlumno/999999", { params: { id: "999999" } })).status,
    ).toBe(404);
  });

  test("DELETE /api/mae/{id} deletes the ficha with its students; again → 404", async () => {
    const f = (await call(maeAction, "POST", "/api/mae", { body: fichaBody({ dni: "31600004" }) })).body.ficha;
    await call(agregarAction, "POST", "/api/mae/agregarAlumno", {
      body: { id_ficha: f.id, alumno: alumnoBody("46000001") },
    });
    const r = await call(fichaIdAction, "DELETE", `/api/mae/${f.id}`, { params: { id: String(f.id) } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: f.id, msg: "Ficha eliminada con éxito!", alumnos_eliminados: 1 });
    expect(await sqlOne("SELECT count(*) FROM mae_alumnos WHERE id_ficha = $1", [f.id])).toBe(0);
    expect((await call(fichaIdAction, "DELETE", `/api/mae/${f.id}`, { params: { id: String(f.id) } })).status).toBe(
      404,
    );
  });
});

describe("versions (ADR 047)", () => {
  const STALE = "El registro fue modificado por otro usuario: vuelva a cargarlo";

  test("a ficha: GET carries version; PUT with it → 200 and + 1; the same version again → 409, nothing changed", async () => {
    const f = (await call(maeAction, "POST", "/api/mae", { body: fichaBody({ dni: "31600090" }) })).body.ficha;
    const got = (await call(maeLoader, "GET", `/api/mae?id=${f.id}`)).body.fichas[0] as Ficha & { version: number };
    expect(got.version).toBe(1);
    const first = await call(maeAction, "PUT", "/api/mae", { body: { ...got, apeynom: "PRIMERA, ANA" } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((first.body.ficha as Ficha & { version: number }).version).toBe(2);
    const before = await writes();
    const stale = await call(maeAction, "PUT", "/api/mae", { body: { ...got, apeynom: "SEGUNDA, ANA" } });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(STALE);
    expect(await writes()).toEqual(before);
    expect((await call(maeLoader, "GET", `/api/mae?id=${f.id}`)).body.fichas[0].apeynom).toBe("PRIMERA, ANA");
    const { version: _v, ...sin } = got;
    expect((await call(maeAction, "PUT", "/api/mae", { body: { ...sin, apeynom: "SIN, VERSION" } })).status).toBe(200);
  });

  test("a student: modify and inactivate with an older version → 409, nothing changed; without version → accepted", async () => {
    const f = (await call(maeAction, "POST", "/api/mae", { body: fichaBody({ dni: "31600091" }) })).body.ficha;
    const a = (
      await call(agregarAction, "POST", "/api/mae/agregarAlumno", {
        body: { id_ficha: f.id, alumno: alumnoBody("46000001") },
      })
    ).body.alumno as Alumno & { version: number };
    expect(a.version).toBe(1);
    const put = (alumno: unknown) => call(modificarAction, "PUT", "/api/mae/modificarAlumno", { body: { alumno } });
    expect((await put({ ...a, horario: "PRIMERO" })).status).toBe(200);
    const before = await writes();
    const stale = await put({ ...a, horario: "SEGUNDO" });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(STALE);
    const inactivar = (q: string) =>
      call(inactivarAction, "PUT", `/api/mae/inactivarAlumno/${a.id}${q}`, { params: { id: String(a.id) } });
    expect((await inactivar("?version=1")).status).toBe(409);
    expect(await writes()).toEqual(before);
    const { version: _v, ...sin } = a;
    const ok = await put({ ...sin, horario: "SIN VERSION" });
    expect(ok.status).toBe(200);
    expect((ok.body.alumno as Alumno & { version: number }).version).toBe(3);
    expect((await inactivar("?version=3")).status).toBe(200);
  });
});

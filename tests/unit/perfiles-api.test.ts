// The profile API (spec part 2 §7, docs/decisions/035) through its loaders/actions with real tokens: anonymous 401,
// consulta and a custom profile without /perfiles 403, a profile with the screen but not the operation 403; the calls
// and their bad input (unknown id 404, bad code/path 422, SQL-looking text, 10 000 characters) never a 500.
import { OPERATIONS } from "~db/reference";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { OP } from "~/auth/operations";
import { action as perfilesAction, loader as perfilesLoader } from "~/routes/api.perfiles._index";
import { action as perfilIdAction, loader as perfilIdLoader } from "~/routes/api.perfiles.$id";
import { loader as availableOps } from "~/routes/api.perfil-operationes.available-operations.$id";
import { action as addOps, loader as addOpsLoader } from "~/routes/api.perfil-operationes.add-operations._index";
import { action as removeOps } from "~/routes/api.perfil-operationes.remove-operations._index";
import { loader as availableScreens } from "~/routes/api.perfil-pantallas.available-screens.$id";
import { action as addScreens } from "~/routes/api.perfil-pantallas.add-screens._index";
import { action as removeScreens } from "~/routes/api.perfil-pantallas.remove-screens._index";
import { apiToken, callerWith } from "~tests/support/api";
import { sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";

let t: TestDb;
let admin = "";
let consulta = "";
let soloPantalla = ""; // a profile with /perfiles but no operation
let sinPantalla = ""; // a custom profile with every profile operation but not the screen

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

async function userWith(descripcion: string, screens: string[], ops: string[]): Promise<string> {
  const [{ id: perfil }] = await sqlRows<{ id: number }>(
    "INSERT INTO us_perfiles (descripcion) VALUES ($1) RETURNING id",
    [descripcion],
  );
  for (const s of screens) {
    await sqlRows(
      "INSERT INTO us_perfil_pantallas (us_perfil_id, us_pantalla_id) SELECT $1, id FROM us_pantallas WHERE path = $2",
      [perfil, s],
    );
  }
  for (const o of ops) {
    await sqlRows("INSERT INTO us_perfil_operaciones (us_perfil_id, us_operacion_id) VALUES ($1, $2)", [perfil, o]);
  }
  const usuario = descripcion.toLowerCase().replace(/\s/g, "_");
  await sqlRows("INSERT INTO us_usuarios (apeynom, usuario, password_hash, us_perfil_id) VALUES ($1, $1, 'x', $2)", [
    usuario,
    perfil,
  ]);
  return apiToken(t, usuario);
}

beforeAll(async () => {
  t = await useTestDatabase();
  admin = await apiToken(t, "admin");
  consulta = await apiToken(t, "consulta");
  soloPantalla = await userWith("SOLO PANTALLA", ["/perfiles"], []);
  sinPantalla = await userWith("SIN PANTALLA", [], [OP.CREAR_PERFIL, OP.MODIFICAR_PERFIL, OP.ASIGNAR_OPERACIONES]);
});
afterAll(async () => {
  await t?.cleanup();
});

const call = callerWith<Body>(() => admin);

const writes = () => sqlOne("SELECT count(*) FROM audit_log WHERE accion LIKE 'perfil.%'");

describe("guards", () => {
  const calls: [string, unknown, string, string, Record<string, unknown>][] = [
    ["GET /api/perfiles", perfilesLoader, "GET", "/api/perfiles", {}],
    ["GET /api/perfiles/2", perfilIdLoader, "GET", "/api/perfiles/2", { params: { id: "2" } }],
    ["POST /api/perfiles", perfilesAction, "POST", "/api/perfiles", { body: { descripcion: "X" } }],
    ["PUT /api/perfiles", perfilesAction, "PUT", "/api/perfiles", { body: { id: 2, descripcion: "CONSULTA" } }],
    ["GET available-operations", availableOps, "GET", "/x", { params: { id: "2" } }],
    ["POST add-operations", addOps, "POST", "/x", { body: { usPerfilId: 2, operations: ["16"] } }],
    ["DELETE remove-operations", removeOps, "DELETE", "/x/?usPerfilId=2&operations=14", {}],
    ["GET available-screens", availableScreens, "GET", "/x", { params: { id: "2" } }],
    ["POST add-screens", addScreens, "POST", "/x", { body: { usPerfilId: 2, screens: ["/tramites"] } }],
    ["DELETE remove-screens", removeScreens, "DELETE", "/x/?usPerfilId=2&screens=/buscar-ficha", {}],
  ];
  test.each(calls)("%s: anonymous 401, consulta and a profile without /perfiles 403", async (_, h, m, p, o) => {
    expect((await call(h, m, p, { ...o, token: null })).status).toBe(401);
    expect((await call(h, m, p, { ...o, token: consulta })).status).toBe(403);
    expect((await call(h, m, p, { ...o, token: sinPantalla })).status).toBe(403);
  });
  test.each(calls.filter(([, , m]) => m !== "GET"))(
    "%s: the screen without the operation → 403",
    async (_, h, m, p, o) => {
      const before = await writes();
      const r = await call(h, m, p, { ...o, token: soloPantalla });
      expect(r).toEqual({ status: 403, body: { msg: "No tiene permiso para realizar esta operación" } });
      expect(await writes()).toBe(before);
    },
  );
  test("other methods → 405", async () => {
    expect((await call(perfilIdAction, "DELETE", "/api/perfiles/2", { params: { id: "2" } })).status).toBe(405);
    expect((await call(addOpsLoader, "GET", "/x")).status).toBe(405);
    expect((await call(perfilesAction, "DELETE", "/api/perfiles")).status).toBe(405);
  });
});

describe("profiles", () => {
  test("list, create (201), get, modify; unknown id 404; bad ids 400", async () => {
    const list = await call(perfilesLoader, "GET", "/api/perfiles");
    expect(list.status).toBe(200);
    expect(list.body.perfiles.slice(0, 2)).toEqual([
      { id: 1, descripcion: "ADMINISTRADOR", activo: true },
      { id: 2, descripcion: "CONSULTA", activo: true },
    ]);
    const created = await call(perfilesAction, "POST", "/api/perfiles", { body: { descripcion: "API NUEVO" } });
    expect(created).toMatchObject({
      status: 201,
      body: { msg: "Perfil creado con exito", perfil: { descripcion: "API NUEVO", activo: true } },
    });
    const id = created.body.perfil.id as number;
    expect((await call(perfilIdLoader, "GET", "/x", { params: { id: String(id) } })).body).toEqual({
      perfil: { id, descripcion: "API NUEVO", activo: true },
    });
    const put = await call(perfilesAction, "PUT", "/api/perfiles", {
      body: { id, descripcion: "API NUEVO 2", activo: false },
    });
    expect(put).toMatchObject({
      status: 200,
      body: { msg: "Perfil fué modificado con exito", perfil: { activo: false } },
    });
    expect(await call(perfilIdLoader, "GET", "/x", { params: { id: "999999" } })).toEqual({
      status: 404,
      body: { msg: "El perfil no existe" },
    });
    expect((await call(perfilesAction, "PUT", "/x", { body: { id: 999999, descripcion: "Z" } })).status).toBe(404);
    for (const bad of ["0", "-1", "abc", "1.5", "99999999999", "1 or 1=1"]) {
      expect((await call(perfilIdLoader, "GET", "/x", { params: { id: bad } })).status).toBe(400);
    }
  });
  test("bad bodies: 400 with field errors, nothing written", async () => {
    const before = await writes();
    const cases: [unknown, string][] = [
      [{}, "descripcion"],
      [{ descripcion: "   " }, "descripcion"],
      [{ descripcion: "x".repeat(10_000) }, "descripcion"],
      [{ descripcion: "A", activo: "tal vez" }, "activo"],
      [{ descripcion: 5 }, "descripcion"],
    ];
    for (const [body, param] of cases) {
      const r = await call(perfilesAction, "POST", "/api/perfiles", { body });
      expect(r.status).toBe(400);
      expect(r.body.errors[0].param).toBe(param);
    }
    const noId = await call(perfilesAction, "PUT", "/api/perfiles", { body: { descripcion: "A" } });
    expect(noId).toMatchObject({ status: 400, body: { errors: [{ param: "id", msg: "El id es obligatorio" }] } });
    expect((await call(perfilesAction, "POST", "/api/perfiles", { body: "not json" })).status).toBe(400);
    expect(await writes()).toBe(before);
  });
  test("SQL-looking text is a description like any other; a duplicate is 409", async () => {
    const r = await call(perfilesAction, "POST", "/api/perfiles", {
      body: { descripcion: "x'); drop table us_perfiles;--" },
    });
    expect(r.status).toBe(201);
    const dup = await call(perfilesAction, "POST", "/api/perfiles", { body: { descripcion: "Consulta" } });
    expect(dup).toMatchObject({ status: 409, body: { errors: [{ param: "descripcion" }] } });
    expect(await sqlOne("SELECT count(*) FROM us_perfiles WHERE id = 1")).toBe(1);
  });
});

describe("operations and screens", () => {
  test("available, add, remove by codes and by record ids", async () => {
    const { body } = await call(perfilesAction, "POST", "/api/perfiles", { body: { descripcion: "API GRANTS" } });
    const id = body.perfil.id as number;
    const avail = await call(availableOps, "GET", "/x", { params: { id: String(id) } });
    expect(avail.body.perfil_operations).toEqual([]);
    expect(avail.body.available_operations[0]).toMatchObject({ id: "1", operacion: expect.any(String) });
    expect(avail.body.available_operations[0].usPantallaId).toEqual(expect.any(Number));

    const add = await call(addOps, "POST", "/x", { body: { usPerfilId: id, operations: ["14", "15", "19"] } });
    expect(add.status).toBe(200);
    expect(add.body.operations.map((o: Body) => [o.usOperacionId, o.usPerfilId])).toEqual([
      ["14", id],
      ["15", id],
      ["19", id],
    ]);
    const after = await call(availableOps, "GET", "/x", { params: { id: String(id) } });
    expect(after.body.perfil_operations).toHaveLength(3);
    expect(after.body.available_operations).toHaveLength(OPERATIONS.length - 3);
    expect(after.body.perfil_operations[0]).toMatchObject({
      id: expect.any(Number),
      usOperacionId: "14",
      usPerfilId: id,
      operacion: "Ver Notas",
      usPantallaId: expect.any(Number),
    });

    const byCode = await call(removeOps, "DELETE", `/x/?usPerfilId=${id}&operations=14,15`);
    expect(byCode.body.operations.map((o: Body) => o.usOperacionId)).toEqual(["14", "15"]);
    const rec = after.body.perfil_operations[2].id as number;
    const byId = await call(removeOps, "DELETE", `/x/?ids=${rec}`);
    expect(byId).toMatchObject({ status: 200, body: { operations: [{ usOperacionId: "19" }] } });
    expect((await call(availableOps, "GET", "/x", { params: { id: String(id) } })).body.perfil_operations).toEqual([]);

    const scr = await call(addScreens, "POST", "/x", { body: { usPerfilId: id, screens: ["/turnos", "/tramites"] } });
    expect(scr.body.screens.map((s: Body) => s.path)).toEqual(["/tramites", "/turnos"]);
    const availS = await call(availableScreens, "GET", "/x", { params: { id: String(id) } });
    expect(availS.body.perfil_screens.map((s: Body) => s.path)).toEqual(["/tramites", "/turnos"]);
    expect(availS.body.available_screens.map((s: Body) => s.path)).toContain("/listado-turnos");
    const rm = await call(removeScreens, "DELETE", `/x/?usPerfilId=${id}&screens=/turnos&screens=/tramites`);
    expect(rm.body.screens).toHaveLength(2);
  });
  test("bad input: unknown profile 404, unknown code or path 422, bad lists 400, profile 1 409; never 500", async () => {
    const before = await writes();
    expect((await call(availableOps, "GET", "/x", { params: { id: "999999" } })).status).toBe(404);
    expect((await call(availableScreens, "GET", "/x", { params: { id: "abc" } })).status).toBe(400);
    expect((await call(addOps, "POST", "/x", { body: { usPerfilId: 999999, operations: ["14"] } })).status).toBe(404);
    expect((await call(addOps, "POST", "/x", { body: { usPerfilId: 2, operations: ["99"] } })).status).toBe(422);
    expect((await call(addOps, "POST", "/x", { body: { usPerfilId: 2, operations: ["' or 1=1--"] } })).status).toBe(
      422,
    );
    expect((await call(addScreens, "POST", "/x", { body: { usPerfilId: 2, screens: ["/home"] } })).status).toBe(422);
    expect(
      (await call(addOps, "POST", "/x", { body: { usPerfilId: 2, operations: ["x".repeat(10_000)] } })).status,
    ).toBe(400);
    expect((await call(addOps, "POST", "/x", { body: { usPerfilId: 2, operations: [] } })).status).toBe(400);
    expect((await call(addOps, "POST", "/x", { body: { usPerfilId: "dos", operations: ["14"] } })).status).toBe(400);
    expect((await call(removeOps, "DELETE", "/x/")).status).toBe(400);
    expect((await call(removeOps, "DELETE", "/x/?ids=999999")).status).toBe(404);
    expect((await call(removeOps, "DELETE", "/x/?ids=abc")).status).toBe(400);
    expect((await call(removeScreens, "DELETE", "/x/?usPerfilId=2&screens=/nada")).status).toBe(422);
    expect((await call(addOps, "POST", "/x", { body: { usPerfilId: 1, operations: ["14"] } })).status).toBe(409);
    expect((await call(removeOps, "DELETE", "/x/?usPerfilId=1&operations=14")).status).toBe(409);
    expect((await call(removeScreens, "DELETE", "/x/?usPerfilId=1&screens=/users")).status).toBe(409);
    expect(await writes()).toBe(before);
  });
});

// GET /api/users, GET /api/users/{id}, PUT /api/users and PUT /api/users/reset-password through their route
// handlers (spec part 2 §7): the spec's keys, field errors as { msg, errors: [{ param, msg }] }, 404 for an unknown
// id, the guards (anonymous 401; consulta and a custom profile without /users 403; each write its operation), and
// no password or hash in any answer.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { callApi, type RouteHandler } from "~tests/support/api";
import { usPantallas, usPerfilOperaciones, usPerfilPantallas, usPerfiles, usUsuarios } from "~db/schema/auth";
import { OP } from "~/auth/operations";
import { createSession } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { action as usersAction, loader as usersLoader } from "~/routes/api.users";
import { action as userIdAction, loader as userIdLoader } from "~/routes/api.users.$id";
import { action as resetAction, loader as resetLoader } from "~/routes/api.users.reset-password";

let t: TestDb;
let admin = "";
let consulta = "";
let ajeno = ""; // a custom profile with other screens, not /users
let soloVer = ""; // /users without operations 27/28/29
let creado: { id: number; token: string };

const run = <T>(fn: () => Promise<T>) =>
  requestContext.run({ address: "10.0.0.1", userAgent: "test", userId: null }, fn);
const h = (f: unknown) => f as RouteHandler;

async function perfil(descripcion: string, screens: string[], ops: string[] = []): Promise<number> {
  const [p] = await t.db.insert(usPerfiles).values({ descripcion }).returning({ id: usPerfiles.id });
  for (const path of screens) {
    const [s] = await t.db.select().from(usPantallas).where(eq(usPantallas.path, path));
    await t.db.insert(usPerfilPantallas).values({ usPerfilId: p.id, usPantallaId: s.id });
  }
  for (const op of ops) await t.db.insert(usPerfilOperaciones).values({ usPerfilId: p.id, usOperacionId: op });
  return p.id;
}

async function tokenOf(usuario: string): Promise<string> {
  const [u] = await t.db.select({ id: usUsuarios.id }).from(usUsuarios).where(eq(usUsuarios.usuario, usuario));
  return run(() => createSession(u.id, "api"));
}

async function userIn(perfilId: number, usuario: string): Promise<string> {
  const r = await callApi(h(usersAction), "/api/users", {
    token: admin,
    method: "POST",
    body: { apeynom: usuario, usuario, password: "clave-segura-1", usPerfilId: perfilId },
  });
  expect(r.status).toBe(201);
  return r.body.token as string;
}

beforeAll(async () => {
  t = await useTestDatabase();
  admin = await tokenOf("admin");
  consulta = await tokenOf("consulta");
  ajeno = await userIn(await perfil("SIN USUARIOS", ["/tramites"]), "perfil_ajeno");
  soloVer = await userIn(await perfil("VE USUARIOS", ["/users"]), "solo_ver");
  const token = await userIn(2, "api_admin_prueba");
  const [u] = await t.db.select().from(usUsuarios).where(eq(usUsuarios.usuario, "api_admin_prueba"));
  creado = { id: u.id, token };
});
afterAll(async () => {
  await t?.cleanup();
});

describe("GET /api/users and /api/users/{id}", () => {
  test("the users with the spec's keys, never a password", async () => {
    const r = await callApi(h(usersLoader), "/api/users", { token: admin });
    expect(r.status).toBe(200);
    const users = r.body.users as Record<string, unknown>[];
    const u = users.find((x) => x.usuario === "api_admin_prueba");
    expect(u).toEqual({
      id: creado.id,
      apeynom: "API_ADMIN_PRUEBA",
      usuario: "api_admin_prueba",
      usPerfilId: 2,
      activo: true,
      us_perfil: { descripcion: expect.any(String) },
    });
    expect(JSON.stringify(r.body)).not.toMatch(/password|argon/i);
  });

  test("one user; an unknown or malformed id → 404 { msg }", async () => {
    const one = await callApi(h(userIdLoader), `/api/users/${creado.id}`, {
      token: admin,
      params: { id: String(creado.id) },
    });
    expect(one.status).toBe(200);
    expect(one.body.user).toMatchObject({ id: creado.id, usuario: "api_admin_prueba" });
    expect(JSON.stringify(one.body)).not.toMatch(/password|argon/i);
    for (const id of ["999999", "99999999999", "-1", "abc", "1.5"]) {
      const r = await callApi(h(userIdLoader), `/api/users/${id}`, { token: admin, params: { id } });
      expect(r.status, id).toBe(404);
      expect(r.body).toEqual({ msg: "El usuario no existe" });
    }
  });

  test("refused: anonymous 401; consulta and a profile without /users 403; /users alone may list", async () => {
    expect((await callApi(h(usersLoader), "/api/users")).status).toBe(401);
    for (const token of [consulta, ajeno]) {
      expect((await callApi(h(usersLoader), "/api/users", { token })).status).toBe(403);
      const one = await callApi(h(userIdLoader), "/api/users/1", { token, params: { id: "1" } });
      expect(one.status).toBe(403);
    }
    expect((await callApi(h(usersLoader), "/api/users", { token: soloVer })).status).toBe(200);
    expect((await callApi(h(userIdAction), "/api/users/1", { token: admin, method: "PUT", body: {} })).status).toBe(
      405,
    );
  });
});

describe("PUT /api/users", () => {
  const put = (token: string, body: unknown) => callApi(h(usersAction), "/api/users", { token, method: "PUT", body });

  test("edits → { msg, user }", async () => {
    const r = await put(admin, { id: creado.id, apeynom: "Api Editado", usuario: "api_admin_prueba", usPerfilId: 2 });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      msg: "Usuario fué modificado con exito",
      user: expect.objectContaining({ id: creado.id, apeynom: "API EDITADO" }),
    });
  });

  test("field errors: required (spec texts), duplicate usuario 409, unknown profile 422, unknown id 404", async () => {
    const blank = await put(admin, { apeynom: "", usuario: "" });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({
      msg: "El id es obligatorio",
      errors: [
        { param: "id", msg: "El id es obligatorio" },
        { param: "apeynom", msg: "El nombre es obligatorio" },
        { param: "usuario", msg: "El usuario es obligatorio" },
      ],
    });
    const dup = await put(admin, { id: creado.id, apeynom: "X", usuario: "Admin" });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({
      msg: "El usuario ya existe",
      errors: [{ param: "usuario", msg: "El usuario ya existe" }],
    });
    const perfil = await put(admin, { id: creado.id, apeynom: "X", usuario: "api_admin_prueba", usPerfilId: 9999 });
    expect(perfil.status).toBe(422);
    expect(perfil.body.errors).toEqual([{ param: "usPerfilId", msg: "El perfil no existe" }]);
    const none = await put(admin, { id: 999999, apeynom: "X", usuario: "x_y" });
    expect(none.status).toBe(404);
    expect(none.body.msg).toBe("El usuario no existe");
    const long = await put(admin, { id: creado.id, apeynom: "x".repeat(10_000), usuario: "api_admin_prueba" });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ param: "apeynom", msg: "El nombre es demasiado largo" }]);
  });

  test("deactivating the user ends their API token at once", async () => {
    const r = await put(admin, { id: creado.id, apeynom: "X", usuario: "api_admin_prueba", activo: false });
    expect(r.status).toBe(200);
    expect((await callApi(h(usersLoader), "/api/users", { token: creado.token })).status).toBe(401);
    await put(admin, { id: creado.id, apeynom: "X", usuario: "api_admin_prueba", activo: true });
  });

  test("operation 28 is needed; consulta and the other profile are refused", async () => {
    const body = { id: creado.id, apeynom: "Y", usuario: "api_admin_prueba" };
    for (const token of [consulta, ajeno, soloVer]) expect((await put(token, body)).status).toBe(403);
    expect((await put("", body)).status).toBe(401);
  });
});

describe("PUT /api/users/reset-password", () => {
  const reset = (token: string, body: unknown) =>
    callApi(h(resetAction), "/api/users/reset-password", { token, method: "PUT", body });

  test("→ { msg } with the spec's text; the user's old token ends", async () => {
    const token = await userIn(2, "reset_api_x");
    const [u] = await t.db.select().from(usUsuarios).where(eq(usUsuarios.usuario, "reset_api_x"));
    const r = await reset(admin, { id: u.id, password: "clave-nueva-99", confirmPassword: "clave-nueva-99" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ msg: "La contraseña fué reseteada con exito" });
    expect((await callApi(h(usersLoader), "/api/users", { token })).status).toBe(401);
  });

  test("both required, must match (spec texts); unknown id 404; operation 29 needed", async () => {
    const blank = await reset(admin, { id: creado.id, password: "", confirmPassword: "" });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([
      { param: "password", msg: "La contrasena es obligatoria" },
      { param: "confirmPassword", msg: "La contrasena es obligatoria" },
    ]);
    const distintas = await reset(admin, { id: creado.id, password: "clave-nueva-1", confirmPassword: "clave-otra-1" });
    expect(distintas.body).toEqual({
      msg: "La contrasenas deben coincidir",
      errors: [{ param: "confirmPassword", msg: "La contrasenas deben coincidir" }],
    });
    const none = await reset(admin, { id: 999999, password: "clave-nueva-1", confirmPassword: "clave-nueva-1" });
    expect(none.status).toBe(404);
    for (const token of [consulta, ajeno, soloVer]) {
      expect((await reset(token, { id: creado.id, password: "a", confirmPassword: "a" })).status).toBe(403);
    }
    expect((await callApi(h(resetLoader), "/api/users/reset-password", { token: admin })).status).toBe(405);
  });
});

test("the operation codes the routes need are the spec's (27, 28, 29)", () => {
  expect([OP.CREAR_USUARIO, OP.MODIFICAR_USUARIO, OP.RESETEAR_CONTRASENIA]).toEqual(["27", "28", "29"]);
});

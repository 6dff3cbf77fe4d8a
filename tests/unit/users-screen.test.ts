// The /users screen's loader and action with real browser sessions: refused for consulta and a custom profile without
// /users (→ /home), the table and the dialogs from the URL, the controls hidden without operations 27/28/29 and the
// action requiring the operation of the dialog it was posted to, the saves' redirects with the spec's messages, field
// errors under their fields, and no typed password sent back.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { setSessionCookie } from "~/auth/cookie.server";
import { OP } from "~/auth/operations";
import { createSession } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { MSG_DIR, MSG_PAGE, MSG_SORT, msgSizeOf, PAGE_SIZES } from "~/lib/table-state";
import { action, loader } from "~/routes/_app.users";
import { TEST_REQUEST_CONTEXT, type RouteHandler } from "~tests/support/api";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { usPantallas, usPerfilOperaciones, usPerfilPantallas, usPerfiles, usUsuarios } from "~db/schema/auth";

let t: TestDb;
const cookie: Record<string, string> = {};
let adminId = 0;

async function profileUser(usuario: string, screens: string[], ops: string[]): Promise<number> {
  const [p] = await t.db
    .insert(usPerfiles)
    .values({ descripcion: `PRUEBA ${usuario}` })
    .returning();
  for (const path of screens) {
    const [s] = await t.db.select().from(usPantallas).where(eq(usPantallas.path, path));
    await t.db.insert(usPerfilPantallas).values({ usPerfilId: p.id, usPantallaId: s.id });
  }
  for (const op of ops) await t.db.insert(usPerfilOperaciones).values({ usPerfilId: p.id, usOperacionId: op });
  const [u] = await t.db
    .insert(usUsuarios)
    .values({ apeynom: usuario.toUpperCase(), usuario, passwordHash: "x", usPerfilId: p.id })
    .returning();
  return u.id;
}

beforeAll(async () => {
  t = await useTestDatabase();
  const id = async (u: string) => (await t.db.select().from(usUsuarios).where(eq(usUsuarios.usuario, u)))[0].id;
  adminId = await id("admin");
  const users: Record<string, number> = {
    admin: adminId,
    consulta: await id("consulta"),
    ajeno: await profileUser("s_ajeno", ["/tramites"], []),
    mirar: await profileUser("s_mirar", ["/users"], []),
    crear: await profileUser("s_crear", ["/users"], [OP.CREAR_USUARIO]),
  };
  await requestContext.run(TEST_REQUEST_CONTEXT, async () => {
    for (const [name, uid] of Object.entries(users)) {
      cookie[name] = (await setSessionCookie(await createSession(uid, "cookie"))).split(";")[0];
    }
  });
});
afterAll(async () => {
  await t?.cleanup();
});

type Answer = { status: number; location: string | null; body: Record<string, unknown> | null; text: string };

async function call(handler: unknown, path: string, who: string, form?: Record<string, string>): Promise<Answer> {
  const request = new Request(`http://localhost${path}`, {
    method: form ? "POST" : "GET",
    headers: { Cookie: cookie[who], ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  let res: Response;
  try {
    res = (await requestContext.run(TEST_REQUEST_CONTEXT, () =>
      (handler as RouteHandler)({ request, params: {}, context: {} }),
    )) as Response;
  } catch (e) {
    if (!(e instanceof Response)) throw e;
    res = e;
  }
  const text = await res.text();
  const json = (res.headers.get("content-type") ?? "").includes("json");
  return {
    status: res.status,
    location: res.headers.get("location"),
    body: json ? (JSON.parse(text) as Record<string, unknown>) : null,
    text,
  };
}

const nuevo = (usuario: string, over: Record<string, string> = {}) => ({
  apeynom: "Prueba Pantalla",
  usuario,
  password: "Clave-pantalla-1",
  usPerfilId: "2",
  activo: "true",
  ...over,
});

describe("access", () => {
  test.each(["consulta", "ajeno"])("%s (no /users): the screen and its action send to /home", async (who) => {
    const get = await call(loader, "/users", who);
    expect([get.status, get.location]).toEqual([302, "/home?sinPermiso=%2Fusers"]);
    const post = await call(action, "/users?nuevo=1", who, nuevo("no_debe"));
    expect([post.status, post.location]).toEqual([302, "/home?sinPermiso=%2Fusers"]);
  });

  test("/users without operations: the table, no controls, no dialog; every form refused 403", async () => {
    const r = await call(loader, "/users?nuevo=1", "mirar");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ puede: { crear: false, modificar: false, resetear: false }, dialogo: null });
    expect((r.body!.rows as unknown[]).length).toBeGreaterThan(0);
    for (const path of ["/users?nuevo=1", `/users?editar=${adminId}`, `/users?resetear=${adminId}`, "/users"]) {
      expect((await call(action, path, "mirar", nuevo("no_debe"))).status, path).toBe(403);
    }
  });

  test("operation 27 alone: creates, but the edit and reset forms are refused", async () => {
    const r = await call(loader, `/users?editar=${adminId}`, "crear");
    expect(r.body).toMatchObject({ puede: { crear: true, modificar: false, resetear: false }, dialogo: null });
    // in its own profile: a profile with grants it lacks is refused (ADR 046, tests/unit/escalation.test.ts)
    const [propio] = await t.db.select().from(usUsuarios).where(eq(usUsuarios.usuario, "s_crear"));
    const ok = await call(
      action,
      "/users?nuevo=1",
      "crear",
      nuevo("creado_por_27", { usPerfilId: String(propio.usPerfilId) }),
    );
    expect(ok.status).toBe(303);
    const edit = { id: String(adminId), apeynom: "X", usuario: "admin", usPerfilId: "1", activo: "true" };
    expect((await call(action, `/users?editar=${adminId}`, "crear", edit)).status).toBe(403);
    const reset = { id: String(adminId), password: "Clave-nueva-99", confirmPassword: "Clave-nueva-99" };
    expect((await call(action, `/users?resetear=${adminId}`, "crear", reset)).status).toBe(403);
  });
});

describe("as admin", () => {
  test("the table's URL state: search, sort, size, page", async () => {
    const r = await call(loader, "/users?q=admin&sort=usuario&dir=desc&size=10&page=0", "admin");
    expect(r.status).toBe(200);
    expect(r.body!.query).toEqual({ q: "admin", sort: "usuario", dir: "desc", page: 0, size: 10 });
    expect(r.body!.rechazo).toBeNull();
  });

  // ADR 050: the one table query refuses a bad paging or sorting value (never clamped), with its Spanish message
  // and a link back to the list without the refused parameters (the search and the filters kept)
  test.each([
    ["page=-3", MSG_PAGE],
    ["page=abc", MSG_PAGE],
    ["size=10000", msgSizeOf(PAGE_SIZES)],
    ["size=7", msgSizeOf(PAGE_SIZES)],
    ["sort=password_hash", MSG_SORT],
    ["sort=apeynom%3Bdrop%20table%20us_usuario", MSG_SORT],
    ["dir=x", MSG_DIR],
    ["page=%3Cscript%3Ealert(1)%3C%2Fscript%3E", MSG_PAGE],
  ])("a bad value in the URL (%s) → 400, its message, no rows, the list's link", async (qs, msg) => {
    const bad = await call(loader, `/users?q=admin&${qs}&editar=1`, "admin");
    expect(bad.status).toBe(400);
    expect(bad.body!.rechazo).toEqual({ msg, href: "/users?q=admin" });
    expect(bad.body!.rows).toEqual([]);
    expect(bad.text).not.toMatch(/argon|password_hash|passwordHash|<script>/);
  });

  test("dialogs from the URL; an unknown user → 'Error al obtener el usuario'", async () => {
    expect((await call(loader, "/users?nuevo=1", "admin")).body!.dialogo).toEqual({ kind: "nuevo" });
    const editar = await call(loader, `/users?editar=${adminId}`, "admin");
    expect(editar.body!.dialogo).toMatchObject({ kind: "editar", usuario: { id: adminId, usuario: "admin" } });
    const none = await call(loader, "/users?resetear=999999", "admin");
    expect(none.body).toMatchObject({ dialogo: null, aviso: "Error al obtener el usuario" });
  });

  test("create → 303 to the table (search kept) with 'Usuario creado con exito'", async () => {
    const r = await call(action, "/users?q=pantalla&size=10&nuevo=1", "admin", nuevo("pantalla_uno"));
    expect(r.status).toBe(303);
    expect(r.location).toMatch(/^\/users\?q=pantalla&size=10&ok=creado&at=\d+$/);
    const shown = await call(loader, r.location!, "admin");
    expect(shown.body!.mensaje).toMatchObject({ text: "Usuario creado con exito" });
    expect((shown.body!.rows as { usuario: string }[]).map((u) => u.usuario)).toContain("pantalla_uno");
  });

  test("refusals: field errors under their fields, no message; the password never sent back", async () => {
    const blank = await call(
      action,
      "/users?nuevo=1",
      "admin",
      nuevo("", { apeynom: "", password: "", usPerfilId: "" }),
    );
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({
      kind: "nuevo",
      msg: null,
      result: {
        error: {
          apeynom: ["El nombre es obligatorio"],
          usuario: ["El usuario es obligatorio"],
          password: ["La contrasena es obligatoria"],
          usPerfilId: ["Debe seleccionar un perfil"],
        },
      },
    });
    const dup = await call(action, "/users?nuevo=1", "admin", nuevo("ADMIN", { password: "Clave-secreta-77" }));
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ msg: null, result: { error: { usuario: ["El usuario ya existe"] } } });
    expect(dup.text).not.toContain("Clave-secreta-77");
  });

  test("edit: 'Usuario fué modificado con exito'; deactivating oneself is an error under Estado", async () => {
    const [u] = await t.db.select().from(usUsuarios).where(eq(usUsuarios.usuario, "pantalla_uno"));
    const edit = { id: String(u.id), apeynom: "Editado", usuario: "pantalla_uno", usPerfilId: "2", activo: "false" };
    const r = await call(action, `/users?editar=${u.id}`, "admin", edit);
    expect(r.status).toBe(303);
    expect(r.location).toMatch(/ok=modificado/);
    expect((await call(loader, r.location!, "admin")).body!.mensaje).toMatchObject({
      text: "Usuario fué modificado con exito",
    });
    const self = { id: String(adminId), apeynom: "Admin", usuario: "admin", usPerfilId: "1", activo: "false" };
    const refused = await call(action, `/users?editar=${adminId}`, "admin", self);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      msg: null,
      result: { error: { activo: ["No puede desactivar su propio usuario"] } },
    });
  });

  test("reset: mismatch under the confirmation; success 'La contraseña fué reseteada con exito'", async () => {
    const [u] = await t.db.select().from(usUsuarios).where(eq(usUsuarios.usuario, "pantalla_uno"));
    const path = `/users?resetear=${u.id}`;
    const mismatch = await call(action, path, "admin", {
      id: String(u.id),
      password: "Clave-reset-111",
      confirmPassword: "Clave-reset-222",
    });
    expect(mismatch.body).toMatchObject({ result: { error: { confirmPassword: ["La contrasenas deben coincidir"] } } });
    expect(mismatch.text).not.toMatch(/Clave-reset/);
    const ok = await call(action, path, "admin", {
      id: String(u.id),
      password: "Clave-reset-111",
      confirmPassword: "Clave-reset-111",
    });
    expect(ok.status).toBe(303);
    expect((await call(loader, ok.location!, "admin")).body!.mensaje).toMatchObject({
      text: "La contraseña fué reseteada con exito",
    });
  });
});

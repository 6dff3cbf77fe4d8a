// Issue 14's access rule, on every screen and call it added: anonymous callers, `consulta`, the provider user
// (profile 20) and a custom profile without the screen are refused — screens send a signed-out browser to '/' and the
// others to '/home'; the JSON API answers 401 without a token and 403 with one — and nothing is written.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { count, eq } from "drizzle-orm";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { callApi, TEST_REQUEST_CONTEXT, type RouteHandler } from "~tests/support/api";
import { auditLog, usPantallas, usPerfilPantallas, usPerfiles, usUsuarios } from "~db/schema/auth";
import { setSessionCookie } from "~/auth/cookie.server";
import { createSession } from "~/auth/sessions.server";
import { hashPassword } from "~/auth/password.server";
import { requestContext } from "~/lib/request-context.server";
import * as users from "~/routes/api.users";
import * as userId from "~/routes/api.users.$id";
import * as reset from "~/routes/api.users.reset-password";
import * as perfiles from "~/routes/api.perfiles._index";
import * as perfilId from "~/routes/api.perfiles.$id";
import * as opsAvailable from "~/routes/api.perfil-operationes.available-operations.$id";
import * as opsAdd from "~/routes/api.perfil-operationes.add-operations._index";
import * as opsRemove from "~/routes/api.perfil-operationes.remove-operations._index";
import * as screensAvailable from "~/routes/api.perfil-pantallas.available-screens.$id";
import * as screensAdd from "~/routes/api.perfil-pantallas.add-screens._index";
import * as screensRemove from "~/routes/api.perfil-pantallas.remove-screens._index";
import * as tramite from "~/routes/api.tramite";
import * as vademecum from "~/routes/api.vademecum._index";
import * as prestadores from "~/routes/api.prestadores._index";
import * as colegios from "~/routes/api.prestadores.colegios";
import * as usersScreen from "~/routes/_app.users";
import * as perfilesScreen from "~/routes/_app.perfiles";
import * as tramitesScreen from "~/routes/_app.tramites";
import * as vademecumScreen from "~/routes/_app.consulta-vademecum";
import * as profesionalesScreen from "~/routes/_app.padron-profesionales";

let t: TestDb;
const tokens: Record<string, { api: string; cookie: string }> = {};
const h = (f: unknown) => f as RouteHandler;

/** Every call of issue 14: the handler, the method and a valid request (so only the guard can refuse it). */
const CALLS: { name: string; handler: RouteHandler; method: string; path: string; params?: object; body?: object }[] = [
  { name: "GET /api/users", handler: h(users.loader), method: "GET", path: "/api/users" },
  {
    name: "POST /api/users",
    handler: h(users.action),
    method: "POST",
    path: "/api/users",
    body: { apeynom: "X", usuario: "acceso_x", password: "clave-segura-1", usPerfilId: 2 },
  },
  {
    name: "PUT /api/users",
    handler: h(users.action),
    method: "PUT",
    path: "/api/users",
    body: { id: 1, apeynom: "X", usuario: "admin", usPerfilId: 1, activo: false },
  },
  { name: "GET /api/users/{id}", handler: h(userId.loader), method: "GET", path: "/api/users/1", params: { id: "1" } },
  {
    name: "PUT /api/users/reset-password",
    handler: h(reset.action),
    method: "PUT",
    path: "/api/users/reset-password",
    body: { id: 1, password: "otra-clave-1", confirmPassword: "otra-clave-1" },
  },
  { name: "GET /api/perfiles", handler: h(perfiles.loader), method: "GET", path: "/api/perfiles" },
  {
    name: "POST /api/perfiles",
    handler: h(perfiles.action),
    method: "POST",
    path: "/api/perfiles",
    body: { descripcion: "ACCESO" },
  },
  {
    name: "PUT /api/perfiles",
    handler: h(perfiles.action),
    method: "PUT",
    path: "/api/perfiles",
    body: { id: 2, descripcion: "CONSULTA", activo: false },
  },
  {
    name: "GET /api/perfiles/{id}",
    handler: h(perfilId.loader),
    method: "GET",
    path: "/api/perfiles/2",
    params: { id: "2" },
  },
  {
    name: "GET available-operations/{id}",
    handler: h(opsAvailable.loader),
    method: "GET",
    path: "/api/perfil-operationes/available-operations/2",
    params: { id: "2" },
  },
  {
    name: "POST add-operations/",
    handler: h(opsAdd.action),
    method: "POST",
    path: "/api/perfil-operationes/add-operations/",
    body: { usPerfilId: 2, operations: ["27"] },
  },
  {
    name: "DELETE remove-operations/",
    handler: h(opsRemove.action),
    method: "DELETE",
    path: "/api/perfil-operationes/remove-operations/?usPerfilId=2&operations=14",
  },
  {
    name: "GET available-screens/{id}",
    handler: h(screensAvailable.loader),
    method: "GET",
    path: "/api/perfil-pantallas/available-screens/2",
    params: { id: "2" },
  },
  {
    name: "POST add-screens/",
    handler: h(screensAdd.action),
    method: "POST",
    path: "/api/perfil-pantallas/add-screens/",
    body: { usPerfilId: 2, screens: ["/users"] },
  },
  {
    name: "DELETE remove-screens/",
    handler: h(screensRemove.action),
    method: "DELETE",
    path: "/api/perfil-pantallas/remove-screens/?usPerfilId=2&screens=/buscar-ficha",
  },
  { name: "GET /api/tramite", handler: h(tramite.loader), method: "GET", path: "/api/tramite?tipo_documento=NOTA" },
  {
    name: "GET /api/vademecum/",
    handler: h(vademecum.loader),
    method: "GET",
    path: "/api/vademecum/?droga=ibuprofeno",
  },
  {
    name: "GET /api/prestadores",
    handler: h(prestadores.loader),
    method: "GET",
    path: "/api/prestadores?apellido=perez",
  },
  {
    name: "GET /api/prestadores/colegios",
    handler: h(colegios.loader),
    method: "GET",
    path: "/api/prestadores/colegios",
  },
];

const SCREENS: { path: string; loader: RouteHandler }[] = [
  { path: "/users", loader: h(usersScreen.loader) },
  { path: "/perfiles", loader: h(perfilesScreen.loader) },
  { path: "/tramites", loader: h(tramitesScreen.loader) },
  { path: "/consulta-vademecum", loader: h(vademecumScreen.loader) },
  { path: "/padron-profesionales", loader: h(profesionalesScreen.loader) },
];

const CALLERS = ["consulta", "33-57035919-9", "ajeno"] as const;

async function sessionsOf(usuario: string) {
  const [u] = await t.db.select({ id: usUsuarios.id }).from(usUsuarios).where(eq(usUsuarios.usuario, usuario));
  return requestContext.run(TEST_REQUEST_CONTEXT, async () => ({
    api: await createSession(u.id, "api"),
    cookie: await createSession(u.id, "cookie"),
  }));
}

async function writes(): Promise<number> {
  const [{ n }] = await t.db.select({ n: count() }).from(auditLog);
  return n;
}

beforeAll(async () => {
  t = await useTestDatabase();
  // a custom profile holding every screen of the application except the five of issue 14
  const [p] = await t.db.insert(usPerfiles).values({ descripcion: "OTRAS PANTALLAS" }).returning({ id: usPerfiles.id });
  const others = (await t.db.select().from(usPantallas)).filter((s) => !SCREENS.some((x) => x.path === s.path));
  await t.db.insert(usPerfilPantallas).values(others.map((s) => ({ usPerfilId: p.id, usPantallaId: s.id })));
  await t.db.insert(usUsuarios).values({
    apeynom: "PERFIL AJENO",
    usuario: "ajeno",
    passwordHash: await hashPassword("clave-segura-1"),
    usPerfilId: p.id,
  });
  for (const u of [...CALLERS, "admin"]) tokens[u] = await sessionsOf(u);
});

afterAll(async () => {
  await t.cleanup();
});

describe.each(CALLS)("$name", (c) => {
  test("anonymous: 401; consulta, the provider user and a profile without the screen: 403; nothing written", async () => {
    const before = await writes();
    const anonymous = await callApi(c.handler, c.path, { method: c.method, body: c.body, params: c.params as never });
    expect(anonymous.status).toBe(401);
    for (const who of CALLERS) {
      const r = await callApi(c.handler, c.path, {
        token: tokens[who].api,
        method: c.method,
        body: c.body,
        params: c.params as never,
      });
      expect(r.status, who).toBe(403);
      expect(typeof r.body.msg).toBe("string");
    }
    expect(await writes()).toBe(before);
    // the control: the same read by an administrator is answered (so the refusals above are the guard's)
    if (c.method === "GET") {
      const ok = await callApi(c.handler, c.path, { token: tokens.admin.api, params: c.params as never });
      expect(ok.status).toBe(200);
    }
  });
});

async function screen(loader: RouteHandler, path: string, cookie?: string): Promise<Response> {
  const headers: Record<string, string> = cookie ? { cookie: (await setSessionCookie(cookie)).split(";")[0] } : {};
  const request = new Request(`http://localhost${path}`, { headers });
  try {
    return (await requestContext.run(TEST_REQUEST_CONTEXT, () =>
      loader({ request, params: {}, context: {} } as LoaderFunctionArgs),
    )) as Response;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

describe.each(SCREENS)("screen $path", ({ path, loader }) => {
  test("signed out → '/'; consulta, the provider user and a profile without it → '/home'", async () => {
    expect((await screen(loader, path)).headers.get("location")).toBe("/");
    for (const who of CALLERS) {
      const r = await screen(loader, path, tokens[who].cookie);
      expect(r.status, who).toBe(302);
      expect(r.headers.get("location"), who).toMatch(/^\/home\?sinPermiso=%2F/); // naming the screen (issue 28)
    }
    const admin = await screen(loader, path, tokens.admin.cookie);
    expect(admin.headers.get("location")).toBeNull(); // the control: an administrator gets the screen
  });
});

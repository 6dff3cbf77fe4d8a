import { describe, test, expect, beforeAll, afterAll } from "vitest";
import { eq } from "drizzle-orm";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { usUsuarios } from "~db/schema/auth";
import { setSessionCookie } from "./cookie.server";
import {
  getOptionalUser,
  requireApiOperation,
  requireApiScreen,
  requireApiUser,
  requireOperation,
  requireScreen,
  requireUser,
} from "./guards.server";
import { createSession, revokeToken } from "./sessions.server";
import { OP } from "~/auth/operations";

let t: TestDb;
let adminCookie: string;
let consultaCookie: string;
let adminApi: string;
let consultaApi: string;

/** The Response a guard throws (fails the test when it does not throw one). */
async function thrown(p: Promise<unknown>): Promise<Response> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
  throw new Error("the guard did not throw");
}

async function expectRedirect(p: Promise<unknown>, to: string) {
  const res = await thrown(p);
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe(to);
}

async function expectJsonError(p: Promise<unknown>, status: number, msg: string) {
  const res = await thrown(p);
  expect(res.status).toBe(status);
  expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
  expect(await res.json()).toEqual({ msg });
}

async function page(path: string, token?: string): Promise<Request> {
  const headers: Record<string, string> = {};
  if (token) headers.Cookie = await setSessionCookie(token);
  return new Request(`http://localhost${path}`, { headers });
}

function api(path: string, token?: string): Request {
  return new Request(`http://localhost${path}`, { headers: token === undefined ? {} : { "x-auth-token": token } });
}

beforeAll(async () => {
  t = await useTestDatabase();
  const id = async (u: string) =>
    (await t.db.select({ id: usUsuarios.id }).from(usUsuarios).where(eq(usUsuarios.usuario, u)))[0].id;
  const admin = await id("admin");
  const consulta = await id("consulta");
  adminCookie = await createSession(admin, "cookie");
  consultaCookie = await createSession(consulta, "cookie");
  adminApi = await createSession(admin, "api");
  consultaApi = await createSession(consulta, "api");
});

afterAll(async () => {
  await t?.cleanup();
});

describe("browser guards (cookie)", () => {
  test("the session cookie is HttpOnly and SameSite=Lax", async () => {
    const header = await setSessionCookie(consultaCookie);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/^osep_sesion=/);
  });

  test("requireUser without a cookie throws a redirect to '/'", async () => {
    await expectRedirect(requireUser(await page("/home")), "/");
    expect(await getOptionalUser(await page("/home"))).toBeNull();
  });

  test("requireUser with a forged or foreign cookie redirects to '/'", async () => {
    for (const cookie of [
      "osep_sesion=garbage",
      "osep_sesion=%E0%A4%A",
      "osep_sesion=\u00ff\u00fe",
      `osep_sesion=${"A".repeat(10_000)}`,
      "osep_sesion=W10%3D",
    ]) {
      await expectRedirect(requireUser(new Request("http://localhost/home", { headers: { Cookie: cookie } })), "/");
    }
    // an API token is not a browser session
    await expectRedirect(requireUser(await page("/home", consultaApi)), "/");
  });

  test("requireUser returns the signed-in user", async () => {
    const user = await requireUser(await page("/home", consultaCookie));
    expect(user.usuario).toBe("consulta");
  });

  test("requireScreen for consulta on '/users' redirects to '/home', naming the screen (issue 28)", async () => {
    await expectRedirect(requireScreen(await page("/users", consultaCookie), "/users"), "/home?sinPermiso=%2Fusers");
  });

  test("requireScreen for consulta on a parametrised screen it lacks redirects to '/home'", async () => {
    await expectRedirect(
      requireScreen(await page("/regcapa/12", consultaCookie), "/regcapa"),
      "/home?sinPermiso=%2Fregcapa",
    );
  });

  test("requireScreen for consulta on '/buscar-ficha' returns the user", async () => {
    const user = await requireScreen(await page("/buscar-ficha", consultaCookie), "/buscar-ficha");
    expect(user.usuario).toBe("consulta");
    expect(user.allowed_operation).toEqual(["14", "15", "19"]);
  });

  test("requireScreen with an operation: without it → '/home' (the audit log's way), with it → the user", async () => {
    const req = () => page("/buscar-ficha", consultaCookie);
    await expectRedirect(
      requireScreen(await req(), "/buscar-ficha", { operation: OP.ELIMINAR_FICHA }),
      "/home?sinPermiso=%2Fbuscar-ficha",
    );
    // the screen named is the one asked for (the audit log is guarded by /users plus operation 36)
    await expectRedirect(
      requireScreen(await page("/registro-auditoria", consultaCookie), "/buscar-ficha", {
        operation: OP.ELIMINAR_FICHA,
      }),
      "/home?sinPermiso=%2Fregistro-auditoria",
    );
    expect((await requireScreen(await req(), "/buscar-ficha", { operation: OP.VER_NOTAS })).usuario).toBe("consulta");
  });

  test("requireScreen without a session redirects to '/' (not '/home')", async () => {
    await expectRedirect(requireScreen(await page("/buscar-ficha"), "/buscar-ficha"), "/");
  });

  test("requireScreen for admin on '/users' and '/regmae/2025/123/x/y' returns the user", async () => {
    expect((await requireScreen(await page("/users", adminCookie), "/users")).usuario).toBe("admin");
    expect((await requireScreen(await page("/regmae/2025/123/x/y", adminCookie), "/regmae")).usuario).toBe("admin");
  });

  test("requireOperation for consulta with code '7' → 403 'No tiene permiso para realizar esta operación'", async () => {
    await expectJsonError(
      requireOperation(await page("/buscar-ficha", consultaCookie), OP.ELIMINAR_FICHA, "/buscar-ficha"),
      403,
      "No tiene permiso para realizar esta operación",
    );
    await expectJsonError(
      requireOperation(await page("/buscar-ficha", consultaCookie), OP.ELIMINAR_FICHA),
      403,
      "No tiene permiso para realizar esta operación",
    );
  });

  test("requireOperation for consulta with its own codes returns the user", async () => {
    for (const code of [OP.VER_NOTAS, OP.VER_FICHA_CONSUMO, OP.VER_AFILIACION]) {
      expect(
        (await requireOperation(await page("/consultar-padron", consultaCookie), code, "/consultar-padron")).usuario,
      ).toBe("consulta");
    }
  });

  test("requireOperation checks the screen first", async () => {
    await expectRedirect(
      requireOperation(await page("/users", consultaCookie), OP.VER_NOTAS, "/users"),
      "/home?sinPermiso=%2Fusers",
    );
    await expectRedirect(requireOperation(await page("/buscar-ficha"), OP.VER_NOTAS, "/buscar-ficha"), "/");
  });

  test("requireOperation for admin with code '7' returns the user", async () => {
    expect(
      (await requireOperation(await page("/buscar-ficha", adminCookie), OP.ELIMINAR_FICHA, "/buscar-ficha")).usuario,
    ).toBe("admin");
  });

  test("a revoked (logged-out) cookie session redirects to '/'", async () => {
    const token = await createSession((await requireUser(await page("/home", consultaCookie))).id, "cookie");
    expect((await requireUser(await page("/home", token))).usuario).toBe("consulta");
    await revokeToken(token);
    await expectRedirect(requireUser(await page("/home", token)), "/");
  });
});

describe("API guards (x-auth-token)", () => {
  test("no x-auth-token → 401 'No hay token, permiso no válido'", async () => {
    await expectJsonError(requireApiUser(api("/api/auth")), 401, "No hay token, permiso no válido");
    await expectJsonError(requireApiScreen(api("/api/onco"), "/buscar-ficha"), 401, "No hay token, permiso no válido");
  });

  test.each(["nonsense", "' OR 1=1 --", "A".repeat(43), "x".repeat(10_000)])(
    "a bad token %j → 401 with a msg",
    async (token) => {
      const res = await thrown(requireApiUser(api("/api/auth", token)));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ msg: "Token no válido o vencido" });
    },
  );

  test("a browser cookie token is not an API token", async () => {
    await expectJsonError(requireApiUser(api("/api/auth", consultaCookie)), 401, "Token no válido o vencido");
  });

  test("a valid token returns the user with profile permissions", async () => {
    const user = await requireApiUser(api("/api/auth", consultaApi));
    expect(user.usuario).toBe("consulta");
    expect(user.allowed_screen.sort()).toEqual(["/buscar-ficha", "/consultar-padron", "/listado-afiliados"]);
  });

  test("consulta on an admin-only screen → 403", async () => {
    const res = await thrown(requireApiScreen(api("/api/users", consultaApi), "/users"));
    expect(res.status).toBe(403);
    expect((await res.json()).msg).toBe("No tiene permiso para acceder a esta pantalla");
    expect((await requireApiScreen(api("/api/users", adminApi), "/users")).usuario).toBe("admin");
  });

  test("consulta without the operation → 403; with it → the user", async () => {
    await expectJsonError(
      requireApiOperation(api("/api/onco/inactivarFicha", consultaApi), OP.ELIMINAR_FICHA, "/buscar-ficha"),
      403,
      "No tiene permiso para realizar esta operación",
    );
    await expectJsonError(
      requireApiOperation(api("/api/users", consultaApi), OP.CREAR_USUARIO),
      403,
      "No tiene permiso para realizar esta operación",
    );
    expect(
      (await requireApiOperation(api("/api/afiliado", consultaApi), OP.VER_AFILIACION, "/consultar-padron")).usuario,
    ).toBe("consulta");
  });

  test("after logout (revoked) the API token → 401", async () => {
    const user = await requireApiUser(api("/api/auth", consultaApi));
    const token = await createSession(user.id, "api");
    expect((await requireApiUser(api("/api/auth", token))).usuario).toBe("consulta");
    await revokeToken(token);
    await expectJsonError(requireApiUser(api("/api/auth", token)), 401, "Token no válido o vencido");
  });
});

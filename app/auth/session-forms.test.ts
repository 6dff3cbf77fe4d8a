// The sign-in and change-password actions answer with conform's reply (the screens' lastResult): field errors from
// the shared schema, a refused sign-in or a wrong current password through the reply too, the passwords never sent
// back; the status codes are those the screens and the e2e tests rely on.
import { describe, test, expect, beforeAll, afterAll } from "vitest";
import { eq } from "drizzle-orm";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { usUsuarios } from "~db/schema/auth";
import { requestContext } from "~/lib/request-context.server";
import { action as loginAction } from "~/routes/_index";
import { action as changePasswordAction } from "~/routes/_app.change-password";
import { setSessionCookie } from "./cookie.server";
import { BAD_CREDENTIALS, INACTIVE_USER } from "./login.server";
import { PASSWORD_CHANGED, WRONG_CURRENT } from "./password-change.server";
import { hashPassword } from "./password.server";
import { createSession } from "./sessions.server";

const REQUIRED = "Todos los campos son obligatorios!";
const TOO_LONG = "El usuario o la contraseña exceden el largo permitido";

let t: TestDb;
let addressN = 0;

/** Runs an action for a form POST, from a fresh address (the throttle counts per address too). */
async function submit(
  action: typeof loginAction | typeof changePasswordAction,
  path: string,
  fields: Record<string, string>,
  cookie?: string,
  address = `10.9.0.${++addressN}`,
): Promise<Response> {
  const request = new Request(`http://osep.test${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: cookie ? { Cookie: cookie } : {},
  });
  try {
    return await requestContext.run({ address, userAgent: "test", userId: null }, () =>
      action({ request, params: {}, context: {} }),
    );
  } catch (e) {
    if (e instanceof Response) return e; // a thrown redirect
    throw e;
  }
}

const login = (usuario: string, password: string) => submit(loginAction, "/?index", { usuario, password });

beforeAll(async () => {
  t = await useTestDatabase();
  await t.db.insert(usUsuarios).values([
    {
      apeynom: "FORMS ACTIVA",
      usuario: "forms_activa",
      passwordHash: await hashPassword("clave-activa-1"),
      usPerfilId: 2,
    },
    {
      apeynom: "FORMS INACTIVA",
      usuario: "forms_inactiva",
      passwordHash: await hashPassword("clave-inactiva-1"),
      usPerfilId: 2,
      activo: false,
    },
    {
      apeynom: "FORMS CAMBIO",
      usuario: "forms_cambio",
      passwordHash: await hashPassword("clave-vieja-1"),
      usPerfilId: 2,
    },
  ]);
});

afterAll(async () => {
  await t?.cleanup();
});

describe("login action", () => {
  test.each([
    ["both blank", "", "", { usuario: [REQUIRED], password: [REQUIRED] }],
    ["spaces only", "   ", "   ", { usuario: [REQUIRED], password: [REQUIRED] }],
    ["password blank", "admin", "", { password: [REQUIRED] }],
    ["user name too long", "x".repeat(65), "x", { usuario: [TOO_LONG] }],
  ])("%s: 400 with the schema's field errors", async (_name, usuario, password, error) => {
    const res = await login(usuario, password);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.status).toBe("error");
    expect(body.error).toEqual(error);
    expect(body.initialValue ?? {}).not.toHaveProperty("password");
  });

  test("a wrong password: 401, the message as a form error; the user name comes back, the password does not", async () => {
    const res = await login("forms_activa", "no-es-la-clave");
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body.status).toBe("error");
    expect(body.error).toEqual({ "": [BAD_CREDENTIALS] });
    expect(body.initialValue).toEqual({ usuario: "forms_activa" });
    expect(JSON.stringify(body)).not.toContain("no-es-la-clave");
  });

  test("an inactive user: 403 with its message as a form error", async () => {
    const res = await login("forms_inactiva", "clave-inactiva-1");
    expect(res.status).toBe(403);
    expect((await res.json()).error).toEqual({ "": [INACTIVE_USER] });
  });

  test("good credentials: redirect to /home with the session cookie", async () => {
    const res = await login("  forms_activa ", "clave-activa-1");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/home");
    expect(res.headers.get("Set-Cookie")).toMatch(/^osep_sesion=/);
  });
});

describe("login action reads the form once", () => {
  /** A request that counts how often its body is read or copied (clone, formData, text…) by anyone but the strategy. */
  class CountingRequest extends Request {
    reads: string[] = [];
    override clone(): Request {
      this.reads.push("clone");
      return super.clone();
    }
    override formData(): Promise<FormData> {
      this.reads.push("formData");
      return super.formData();
    }
    override text(): Promise<string> {
      this.reads.push("text");
      return super.text();
    }
    override arrayBuffer(): Promise<ArrayBuffer> {
      this.reads.push("arrayBuffer");
      return super.arrayBuffer();
    }
  }

  test.each([
    ["good credentials", "forms_activa", "clave-activa-1", 302],
    ["a wrong password", "forms_activa", "otra-clave", 401],
    ["blank fields", "", "", 400],
  ])(
    "%s: the strategy reads the body (one parse); the action neither reads nor copies it",
    async (_n, u, p, status) => {
      const request = new CountingRequest("http://osep.test/?index", {
        method: "POST",
        body: new URLSearchParams({ usuario: u, password: p }),
      });
      const res = await requestContext
        .run({ address: `10.9.1.${++addressN}`, userAgent: "test", userId: null }, () =>
          loginAction({ request, params: {}, context: {} }),
        )
        .catch((e: unknown) => (e instanceof Response ? e : Promise.reject(e)));
      expect(res.status).toBe(status);
      expect(request.reads).toEqual([]);
      expect(request.bodyUsed).toBe(true); // read once, by remix-auth's FormStrategy
    },
  );
});

describe("change-password action", () => {
  let cookie: string;
  const change = (
    currente_pass: string,
    new_pass: string,
    repeat_new_pass: string,
    withCookie = cookie,
    address?: string,
  ) =>
    submit(changePasswordAction, "/change-password", { currente_pass, new_pass, repeat_new_pass }, withCookie, address);

  beforeAll(async () => {
    const [{ id }] = await t.db
      .select({ id: usUsuarios.id })
      .from(usUsuarios)
      .where(eq(usUsuarios.usuario, "forms_cambio"));
    cookie = (await setSessionCookie(await createSession(id, "cookie"))).split(";")[0];
  });

  test("signed out: back to the login", async () => {
    const res = await change("clave-vieja-1", "Nueva-clave-987", "Nueva-clave-987", "");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });

  test("schema errors: 400, the field errors in the reply, the first one as the popup's message", async () => {
    const empty = await change("", "", "");
    expect(empty.status).toBe(400);
    const body = await empty.json();
    expect(body.ok).toBe(false);
    expect(body.msg).toBe("Debe ingresar la contraseña actual");
    expect(body.result.status).toBe("error");
    expect(Object.keys(body.result.error)).toEqual(["currente_pass", "new_pass", "repeat_new_pass"]);

    const mismatch = await change("clave-vieja-1", "Nueva-clave-987", "Otra-clave-654");
    expect(mismatch.status).toBe(400);
    const m = await mismatch.json();
    expect(m.msg).toBe("La contrasenas deben coincidir");
    expect(m.result.error).toEqual({ repeat_new_pass: ["La contrasenas deben coincidir"] });
    expect(JSON.stringify(m)).not.toMatch(/clave-vieja|Nueva-clave|Otra-clave/);
  });

  test("a wrong current password: 422, that field's error in the reply", async () => {
    const res = await change("no-es-la-actual", "Nueva-clave-987", "Nueva-clave-987");
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body).toMatchObject({ ok: false, msg: WRONG_CURRENT });
    expect(body.result.error).toEqual({ currente_pass: [WRONG_CURRENT] });
    expect(JSON.stringify(body)).not.toMatch(/no-es-la-actual|Nueva-clave/);
  });

  test("a new password that breaks the policy: 400 with its message under Contraseña Nueva", async () => {
    for (const [pass, msg] of [
      ["aaaaaaaa", "La contraseña es demasiado común; elija otra"],
      ["Forms_Cambio", "La contraseña no puede ser igual al usuario"],
    ]) {
      const res = await change("clave-vieja-1", pass, pass);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.msg).toBe(msg);
      expect(body.result.error).toEqual({ new_pass: [msg] });
    }
  });

  test("too many wrong current passwords from one address: 429, the wait under Contraseña Actual", async () => {
    const from = "10.9.1.1";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await change(`no-es-${i}`, "Nueva-clave-987", "Nueva-clave-987", cookie, from)).status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    const res = await change("clave-vieja-1", "Nueva-clave-987", "Nueva-clave-987", cookie, from);
    expect(res.status).toBe(429);
    const body = await res.json();
    const wait = "Demasiados intentos fallidos para este usuario. Intente nuevamente en 1 minuto.";
    expect(body).toMatchObject({ ok: false, msg: wait });
    expect(body.result.error).toEqual({ currente_pass: [wait] });
  });

  test("success: 200, the message, and a reply that resets the form", async () => {
    const res = await change("clave-vieja-1", "Nueva-clave-987", "Nueva-clave-987");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, msg: PASSWORD_CHANGED, result: { initialValue: null } });
    expect((await login("forms_cambio", "Nueva-clave-987")).status).toBe(302);
  });
});

import { describe, test, expect, beforeAll, afterAll } from "vitest";
import { eq } from "drizzle-orm";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { auditLog, usUsuarios } from "~db/schema/auth";
import { requestContext } from "~/lib/request-context.server";
import { LoginError, checkCredentials } from "./login.server";
import { PASSWORD_CHANGED, WRONG_CURRENT, changeOwnPassword } from "./password-change.server";
import { ChangePasswordSchema } from "./credentials.schema";
import { createSession, userForToken, type SessionUser } from "./sessions.server";
import { hashPassword } from "./password.server";

let t: TestDb;
let consultaId: number;

async function signIn(usuario: string, password: string, address = "10.0.0.1") {
  try {
    return await requestContext.run({ address, userAgent: "test", userId: null }, () =>
      checkCredentials({ usuario, password }),
    );
  } catch (e) {
    if (e instanceof LoginError) return e;
    throw e;
  }
}

async function storedHash(id: number): Promise<string> {
  const [row] = await t.db.select({ h: usUsuarios.passwordHash }).from(usUsuarios).where(eq(usUsuarios.id, id));
  return row.h;
}

async function changeAudits() {
  return t.db.select().from(auditLog).where(eq(auditLog.accion, "usuario.cambiar_contrasenia"));
}

beforeAll(async () => {
  t = await useTestDatabase();
  [{ id: consultaId }] = await t.db
    .select({ id: usUsuarios.id })
    .from(usUsuarios)
    .where(eq(usUsuarios.usuario, "consulta"));
});

afterAll(async () => {
  await t?.cleanup();
});

describe("changeOwnPassword", () => {
  let current: string;
  let otherCookie: string;
  let otherApi: string;
  let me: SessionUser;

  beforeAll(async () => {
    current = await createSession(consultaId, "cookie");
    otherCookie = await createSession(consultaId, "cookie");
    otherApi = await createSession(consultaId, "api");
    me = (await userForToken(current, "cookie"))!;
  });

  test("a wrong current password fails with 'La contraseña actual es incorrecta' and changes nothing", async () => {
    const hashBefore = await storedHash(consultaId);
    const input = ChangePasswordSchema.parse({
      currente_pass: "no-es-esta",
      new_pass: "nueva-clave-9",
      repeat_new_pass: "nueva-clave-9",
    });
    const r = await changeOwnPassword(me, input);
    expect(r).toEqual({ ok: false, status: 422, msg: "La contraseña actual es incorrecta", param: "currente_pass" });
    expect(WRONG_CURRENT).toBe("La contraseña actual es incorrecta");
    expect(await storedHash(consultaId)).toBe(hashBefore);
    expect(await changeAudits()).toHaveLength(0);
    // sessions untouched, old password still good, new one not
    expect(await userForToken(otherCookie, "cookie")).not.toBeNull();
    expect(await userForToken(otherApi, "api")).not.toBeNull();
    expect((await signIn("consulta", "nueva-clave-9")) instanceof LoginError).toBe(true);
    expect(await signIn("consulta", "consulta")).toMatchObject({ usuario: "consulta" });
  });

  test("a good change: new password only, other sessions ended, the current one kept", async () => {
    const input = ChangePasswordSchema.parse({
      currente_pass: "consulta",
      new_pass: "nueva-clave-9",
      repeat_new_pass: "nueva-clave-9",
    });
    const r = await requestContext.run({ address: "10.0.0.7", userAgent: "test", userId: null }, () =>
      changeOwnPassword(me, input),
    );
    expect(r).toEqual({ ok: true, msg: PASSWORD_CHANGED });

    const hash = await storedHash(consultaId);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain("nueva-clave-9");

    const old = await signIn("consulta", "consulta", "10.0.0.8");
    expect(old).toBeInstanceOf(LoginError);
    expect((old as LoginError).status).toBe(401);
    expect(await signIn("consulta", "nueva-clave-9", "10.0.0.8")).toMatchObject({ usuario: "consulta" });

    expect(await userForToken(current, "cookie")).not.toBeNull();
    expect(await userForToken(otherCookie, "cookie")).toBeNull();
    expect(await userForToken(otherApi, "api")).toBeNull();

    const audits = await changeAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ usuarioId: consultaId, usuario: "consulta", address: "10.0.0.7" });
  });

  test("another user's sessions are not touched", async () => {
    const [{ id: adminId }] = await t.db
      .select({ id: usUsuarios.id })
      .from(usUsuarios)
      .where(eq(usUsuarios.usuario, "admin"));
    const adminToken = await createSession(adminId, "cookie");
    const input = ChangePasswordSchema.parse({
      currente_pass: "nueva-clave-9",
      new_pass: "otra-clave-10",
      repeat_new_pass: "otra-clave-10",
    });
    expect((await changeOwnPassword(me, input)).ok).toBe(true);
    expect(await userForToken(adminToken, "cookie")).not.toBeNull();
    expect(await signIn("admin", "admin")).toMatchObject({ usuario: "admin" });
  });
});

// ADR 025: the current-password check is a password guess like a sign-in: the same per (user, address) throttle.
describe("throttling the current-password check", () => {
  const USER_WAIT = /^Demasiados intentos fallidos para este usuario\. Intente nuevamente en \d+ minutos?\.$/;
  let me: SessionUser;
  const clave = "clave-de-cambios-7";

  beforeAll(async () => {
    const [{ id }] = await t.db
      .insert(usUsuarios)
      .values({ apeynom: "CAMBIOS", usuario: "cambios", passwordHash: await hashPassword(clave), usPerfilId: 2 })
      .returning({ id: usUsuarios.id });
    me = (await userForToken(await createSession(id, "cookie"), "cookie"))!;
  });

  const change = (address: string, currente_pass: string, new_pass = "una-clave-nueva-5") =>
    requestContext.run({ address, userAgent: "test", userId: null }, () =>
      changeOwnPassword(me, { currente_pass, new_pass, repeat_new_pass: new_pass }),
    );

  test("12 wrong current passwords from one address: 5 are checked (422), the other 7 wait (429)", async () => {
    const results = [];
    for (let i = 0; i < 12; i++) results.push(await change("10.0.20.1", `equivocada-${i}`));
    expect(results.slice(0, 5).map((r) => r.ok || r.msg)).toEqual(Array(5).fill(WRONG_CURRENT));
    for (const r of results.slice(5)) {
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.status).toBe(429);
      expect(r.msg).toMatch(USER_WAIT);
    }
    // even the right current password waits at that address, and nothing changed
    const right = await change("10.0.20.1", clave);
    expect(right.ok).toBe(false);
    expect(right.ok || right.msg).toMatch(USER_WAIT);
    expect(await signIn("cambios", clave, "10.0.20.2")).toMatchObject({ usuario: "cambios" });
    // the same guesses count for signing in from that address
    const login = await signIn("cambios", clave, "10.0.20.1");
    expect(login).toBeInstanceOf(LoginError);
    expect((login as LoginError).status).toBe(429);
  });

  test("20 parallel wrong current passwords: at most 5 are checked", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => change("10.0.21.1", `mal-${i}`)));
    const checked = results.filter((r) => !r.ok && r.msg === WRONG_CURRENT);
    const waiting = results.filter((r) => !r.ok && r.status === 429);
    expect(checked).toHaveLength(5);
    expect(waiting).toHaveLength(15);
  });

  test("the right current password from an address without failures still changes it", async () => {
    const r = await change("10.0.22.1", clave, "una-clave-distinta-8");
    expect(r).toEqual({ ok: true, msg: PASSWORD_CHANGED });
  });
});

// ADR 025: the password policy holds inside the module, whatever schema the caller used.
describe("the password policy on change", () => {
  test.each([
    ["politica_a", "Politica_A", "La contraseña no puede ser igual al usuario"],
    ["politica_b", "mi-politica_b-99", "La contraseña no puede contener el usuario"],
    ["politica_c", "corta7!", "La contraseña debe tener al menos 8 caracteres"],
    ["politica_d", "12345678", "La contraseña es demasiado común; elija otra"],
    ["politica_e", "aaaaaaaa", "La contraseña es demasiado común; elija otra"],
  ])("%s choosing '%s' → %s; nothing changed", async (usuario, new_pass, msg) => {
    const [{ id }] = await t.db
      .insert(usUsuarios)
      .values({ apeynom: "POLITICA", usuario, passwordHash: await hashPassword("clave-vieja-1"), usPerfilId: 2 })
      .returning({ id: usUsuarios.id });
    const user = (await userForToken(await createSession(id, "cookie"), "cookie"))!;
    const hashBefore = await storedHash(id);
    const r = await changeOwnPassword(user, { currente_pass: "clave-vieja-1", new_pass, repeat_new_pass: new_pass });
    expect(r).toMatchObject({ ok: false, msg, param: "new_pass" });
    expect(await storedHash(id)).toBe(hashBefore);
  });
});

import { describe, test, expect, beforeAll, afterAll } from "vitest";
import { eq } from "drizzle-orm";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { auditLog, usUsuarios } from "~db/schema/auth";
import { requestContext } from "~/lib/request-context.server";
import { LoginError, checkCredentials } from "./login.server";
import { PASSWORD_CHANGED, WRONG_CURRENT, changeOwnPassword } from "./password-change.server";
import { ChangePasswordSchema } from "./credentials.schema";
import { createSession, userForToken, type SessionUser } from "./sessions.server";

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
    expect(r).toEqual({ ok: false, msg: "La contraseña actual es incorrecta", param: "currente_pass" });
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

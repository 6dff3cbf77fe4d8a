import { OPERATIONS } from "~db/reference";
import { describe, test, expect, beforeAll, afterAll } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { auditLog, usUsuarios } from "~db/schema/auth";
import { requestContext } from "~/lib/request-context.server";
import { checkCredentials } from "~/auth/login.server";
import { RegisterSchema } from "~/auth/credentials.schema";
import { createSession, userForToken } from "~/auth/sessions.server";
import { USER_EXISTS, createUser } from "./usuarios.server";

let t: TestDb;
let admin: { id: number; usuario: string };

const run = <T>(fn: () => Promise<T>) =>
  requestContext.run({ address: "10.0.0.1", userAgent: "test", userId: null }, fn);

async function userCount(): Promise<number> {
  const [{ n }] = await t.db.select({ n: count() }).from(usUsuarios);
  return n;
}

beforeAll(async () => {
  t = await useTestDatabase();
  [admin] = await t.db
    .select({ id: usUsuarios.id, usuario: usUsuarios.usuario })
    .from(usUsuarios)
    .where(eq(usUsuarios.usuario, "admin"));
});

afterAll(async () => {
  await t?.cleanup();
});

describe("createUser", () => {
  test("creates an active user with profile 1 by default, audited, who can sign in", async () => {
    const input = RegisterSchema.parse({ apeynom: "Gómez Ana", usuario: "agomez", password: "clave-de-ana" });
    const r = await run(() => createUser(input, admin));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.user).toMatchObject({ usuario: "agomez", type_usr: 1 });

    const [row] = await t.db.select().from(usUsuarios).where(eq(usUsuarios.id, r.user.id));
    expect(row).toMatchObject({ usuario: "agomez", usPerfilId: 1, activo: true, typeUsr: 1 });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain("clave-de-ana");

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.accion, "usuario.crear"));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      usuarioId: admin.id,
      usuario: "admin",
      entidad: "usuario",
      entidadId: String(r.user.id),
      address: "10.0.0.1",
    });

    const signedIn = await run(() => checkCredentials({ usuario: "agomez", password: "clave-de-ana" }));
    expect(signedIn.id).toBe(r.user.id);
    const session = await userForToken(await createSession(r.user.id, "api"), "api");
    expect(session!.profile.id).toBe(1);
    expect(session!.allowed_operation).toHaveLength(OPERATIONS.length);
  });

  test("an explicit profile and type are kept", async () => {
    const input = RegisterSchema.parse({
      apeynom: "Díaz Beto",
      usuario: "bdiaz",
      password: "clave-de-beto",
      usPerfilId: 2,
      type_usr: 2,
    });
    const r = await run(() => createUser(input, admin));
    expect(r.ok).toBe(true);
    const [row] = await t.db.select().from(usUsuarios).where(eq(usUsuarios.usuario, "bdiaz"));
    expect(row).toMatchObject({ usPerfilId: 2, typeUsr: 2, activo: true });
  });

  test.each(["admin", "ADMIN", "Agomez"])(
    "a duplicate usuario (%s, case-insensitive) → 409 'El usuario ya existe', nothing written",
    async (usuario) => {
      const before = await userCount();
      const auditsBefore = (await t.db.select().from(auditLog).where(eq(auditLog.accion, "usuario.crear"))).length;
      const input = RegisterSchema.parse({ apeynom: "Otro", usuario, password: "clave-cualquiera" });
      const r = await run(() => createUser(input, admin));
      expect(r).toEqual({
        ok: false,
        status: 409,
        msg: "El usuario ya existe",
        errors: [{ param: "usuario", msg: "El usuario ya existe" }],
        code: "duplicate",
      });
      expect(USER_EXISTS).toBe("El usuario ya existe");
      expect(await userCount()).toBe(before);
      expect((await t.db.select().from(auditLog).where(eq(auditLog.accion, "usuario.crear"))).length).toBe(
        auditsBefore,
      );
    },
  );

  test("an unknown profile → 422, nothing written", async () => {
    const before = await userCount();
    const input = RegisterSchema.parse({
      apeynom: "Nadie",
      usuario: "sinperfil",
      password: "clave-cualquiera",
      usPerfilId: 999,
    });
    const r = await run(() => createUser(input, admin));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.status).toBe(422);
    expect(r.errors).toEqual([{ param: "usPerfilId", msg: "El perfil no existe" }]);
    expect(r.msg).toBe("El perfil no existe");
    expect(await userCount()).toBe(before);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(usUsuarios)
      .where(sql`lower(${usUsuarios.usuario}) = 'sinperfil'`);
    expect(n).toBe(0);
  });
});

describe("createUser enforces the password policy itself (ADR 025)", () => {
  test.each([
    ["aaaaaaaa", "La contraseña es demasiado común; elija otra"],
    ["Politica_Z", "La contraseña no puede ser igual al usuario"],
    ["corta", "La contraseña debe tener al menos 8 caracteres"],
  ])("'%s' → 422 %s, nothing written", async (password, msg) => {
    const before = await userCount();
    // a caller that skipped RegisterSchema: the module still refuses
    const r = await run(() =>
      createUser({ apeynom: "Politica", usuario: "politica_z", password, usPerfilId: 2, type_usr: 1 }, admin),
    );
    expect(r).toEqual({ ok: false, status: 422, msg, errors: [{ param: "password", msg }], code: "invalid" });
    expect(await userCount()).toBe(before);
  });
});

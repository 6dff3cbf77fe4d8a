// User administration on a real database (docs/decisions/034): the list, edits and their refusals, the guard rails
// (the last administrator, oneself), a deactivated user's sessions and tokens ending at once, an administrator's
// password reset, and no password or hash in any answer or audit entry.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, desc, eq, isNull } from "drizzle-orm";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { auditLog, sesiones, usUsuarios } from "~db/schema/auth";
import { checkCredentials } from "~/auth/login.server";
import { createSession, userForToken } from "~/auth/sessions.server";
import { ESCALADA_MSG } from "~/modules/perfiles/rules";
import { requestContext } from "~/lib/request-context.server";
import { crearUsuarioSchema, resetearContrasenaSchema } from "./usuarios.schema";
import {
  createUser,
  listUsuarios,
  PROPIA_DESACTIVACION,
  PROPIO_PERFIL,
  resetContrasenia,
  todosLosUsuarios,
  updateUsuario,
  usuarioPorId,
  type Actor,
} from "./usuarios.server";

let t: TestDb;
let admin: Actor;
let otro: Actor; // a user of profile 2 (not an administrator)

const run = <T>(fn: () => Promise<T>) =>
  requestContext.run({ address: "10.0.0.2", userAgent: "test", userId: null }, fn);

async function nuevo(usuario: string, usPerfilId = 2, password = "clave-segura-9"): Promise<Actor> {
  const r = await run(() =>
    createUser(crearUsuarioSchema.parse({ apeynom: `Prueba ${usuario}`, usuario, password, usPerfilId }), admin),
  );
  if (!r.ok) throw new Error(r.msg);
  return { id: r.user.id, usuario };
}

const edit = (id: number, extra: Record<string, unknown>, by: Actor) =>
  usuarioPorId(id).then((u) =>
    run(() => updateUsuario({ id, apeynom: u!.apeynom, usuario: u!.usuario, ...extra }, by)),
  );

beforeAll(async () => {
  t = await useTestDatabase();
  const [row] = await t.db.select().from(usUsuarios).where(eq(usUsuarios.usuario, "admin"));
  admin = { id: row.id, usuario: "admin" };
  otro = await nuevo("otro_operador");
});
afterAll(async () => {
  await t?.cleanup();
});

describe("listUsuarios", () => {
  beforeAll(async () => {
    for (const u of ["lista_a", "lista_b", "lista_c", "lista_d", "lista_e", "lista_f"]) await nuevo(u);
  });

  test("searches name, usuario and profile, any case; a LIKE wildcard is a character", async () => {
    const q = (text: string) => listUsuarios({ q: text, sort: "usuario", dir: "asc", page: 0, size: 25 });
    expect((await q("LISTA_")).rows.map((u) => u.usuario)).toEqual([
      "lista_a",
      "lista_b",
      "lista_c",
      "lista_d",
      "lista_e",
      "lista_f",
    ]);
    expect((await q("prueba lista_c")).rows.map((u) => u.usuario)).toEqual(["lista_c"]);
    expect((await q("administrador")).rows.map((u) => u.usuario)).toContain("admin"); // profile 1's description
    expect((await q("%")).total).toBe(0);
    expect((await q("lista%")).total).toBe(0);
  });

  test("sorts by each column both ways, pages of the size asked; a page past the end is the last one", async () => {
    const page0 = await listUsuarios({ q: "lista", sort: "usuario", dir: "desc", page: 0, size: 5 });
    expect(page0.total).toBe(6);
    expect(page0.rows.map((u) => u.usuario)).toEqual(["lista_f", "lista_e", "lista_d", "lista_c", "lista_b"]);
    const page1 = await listUsuarios({ q: "lista", sort: "usuario", dir: "desc", page: 1, size: 5 });
    expect(page1.rows.map((u) => u.usuario)).toEqual(["lista_a"]);
    const far = await listUsuarios({ q: "lista", sort: "usuario", dir: "desc", page: 99, size: 5 });
    expect(far.page).toBe(1);
    const perfil = await listUsuarios({ q: "", sort: "perfil", dir: "asc", page: 0, size: 25 });
    const perfiles = perfil.rows.map((u) => u.us_perfil.descripcion);
    expect(perfiles).toEqual([...perfiles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  test("the API's list has the spec's fields and nothing else", async () => {
    const all = await todosLosUsuarios();
    const a = all.find((u) => u.usuario === "admin")!;
    expect(Object.keys(a).sort()).toEqual(["activo", "apeynom", "id", "us_perfil", "usPerfilId", "usuario"].sort());
    expect(a.us_perfil).toEqual({ descripcion: expect.any(String) });
  });
});

describe("updateUsuario", () => {
  test("edits name, usuario, profile and estado; audited with antes/despues and no password", async () => {
    const u = await nuevo("edita_me");
    const r = await run(() =>
      updateUsuario({ id: u.id, apeynom: "Nombre Nuevo", usuario: "editado_ya", usPerfilId: 1, activo: true }, admin),
    );
    expect(r).toEqual({
      ok: true,
      msg: "Usuario fué modificado con exito",
      user: {
        id: u.id,
        apeynom: "NOMBRE NUEVO",
        usuario: "editado_ya",
        usPerfilId: 1,
        activo: true,
        us_perfil: { descripcion: expect.any(String) },
      },
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accion, "usuario.modificar"), eq(auditLog.entidadId, String(u.id))));
    expect(entry).toMatchObject({ usuarioId: admin.id, usuario: "admin", address: "10.0.0.2" });
    expect(entry.detalle).toEqual({
      antes: { apeynom: "PRUEBA EDITA_ME", usuario: "edita_me", usPerfilId: 2, activo: true },
      despues: { apeynom: "NOMBRE NUEVO", usuario: "editado_ya", usPerfilId: 1, activo: true },
    });
    expect(JSON.stringify(entry)).not.toMatch(/password|argon|clave/i);
  });

  test.each([
    ["admin", "dup_1"],
    ["ADMIN", "dup_2"],
    ["Otro_Operador", "dup_3"],
  ])("a duplicate usuario (%s) → 409 under usuario, nothing changed", async (usuario, propio) => {
    const u = await nuevo(propio);
    const r = await run(() => updateUsuario({ id: u.id, apeynom: "X", usuario }, admin));
    expect(r).toEqual({
      ok: false,
      status: 409,
      msg: "El usuario ya existe",
      errors: [{ param: "usuario", msg: "El usuario ya existe" }],
      code: "duplicate",
    });
    expect(await usuarioPorId(u.id)).toMatchObject({ apeynom: `PRUEBA ${propio.toUpperCase()}`, usuario: propio });
  });

  test("an unknown id → 404 'El usuario no existe'; an unknown profile → 422 under usPerfilId", async () => {
    for (const id of [999_999, 2_147_483_647]) {
      const r = await run(() => updateUsuario({ id, apeynom: "X", usuario: "nadie_x" }, admin));
      expect(r).toMatchObject({ ok: false, status: 404, msg: "El usuario no existe" });
    }
    const r = await edit(otro.id, { usPerfilId: 9999 }, admin);
    expect(r).toEqual({
      ok: false,
      status: 422,
      msg: "El perfil no existe",
      errors: [{ param: "usPerfilId", msg: "El perfil no existe" }],
      code: "invalid",
    });
  });
});

describe("guard rails", () => {
  test("oneself: no deactivating, no changing one's own profile (even with other administrators)", async () => {
    expect(await edit(admin.id, { activo: false }, admin)).toEqual({
      ok: false,
      status: 409,
      msg: PROPIA_DESACTIVACION,
      errors: [{ param: "activo", msg: PROPIA_DESACTIVACION }],
      code: "conflict",
    });
    expect(await edit(admin.id, { usPerfilId: 2 }, admin)).toMatchObject({ status: 409, msg: PROPIO_PERFIL });
    // one's own name may change
    const ok = await edit(admin.id, { apeynom: "ADMINISTRADOR DEL SISTEMA" }, admin);
    expect(ok.ok).toBe(true);
  });

  test("the only administrator cannot be deactivated or moved to another profile; with a second one it can", async () => {
    const soloAdmins = (await todosLosUsuarios()).filter((u) => u.usPerfilId === 1 && u.activo);
    for (const u of soloAdmins) if (u.id !== admin.id) await edit(u.id, { usPerfilId: 2 }, admin);

    // Only someone holding all of profile 1 may change its users (ADR 046): a non-administrator is refused first.
    const desactivar = await edit(admin.id, { activo: false }, otro);
    expect(desactivar).toEqual({
      ok: false,
      status: 403,
      msg: ESCALADA_MSG.USUARIO_AJENO,
      errors: [{ param: "id", msg: ESCALADA_MSG.USUARIO_AJENO }],
      code: "escalation",
    });
    const mover = await edit(admin.id, { usPerfilId: 2 }, otro);
    expect(mover).toMatchObject({ status: 403, msg: ESCALADA_MSG.USUARIO_AJENO });
    expect(await usuarioPorId(admin.id)).toMatchObject({ activo: true, usPerfilId: 1 });
    // The last-administrator rule stays underneath: a profile-1 user whose own session is already inactive cannot
    // hold anything, so the rule is reached through the profile's deactivation (perfiles.server.test.ts).

    const segundo = await nuevo("segundo_admin", 1);
    expect((await edit(admin.id, { activo: false }, segundo)).ok).toBe(true);
    // and now the second is the last one: still refused to a non-administrator
    expect(await edit(segundo.id, { activo: false }, otro)).toMatchObject({ status: 403 });
    expect((await edit(admin.id, { activo: true }, segundo)).ok).toBe(true);
    expect((await edit(segundo.id, { activo: false }, admin)).ok).toBe(true);
  });

  test("a deactivated user's browser session and API token stop working at once; reactivated, signs in again", async () => {
    const u = await nuevo("se_desactiva", 2, "clave-segura-7");
    const cookie = await run(() => createSession(u.id, "cookie"));
    const token = await run(() => createSession(u.id, "api"));
    expect(await userForToken(cookie, "cookie")).not.toBeNull();
    expect(await userForToken(token, "api")).not.toBeNull();

    expect((await edit(u.id, { activo: false }, admin)).ok).toBe(true);
    expect(await userForToken(cookie, "cookie")).toBeNull();
    expect(await userForToken(token, "api")).toBeNull();
    const open = await t.db
      .select()
      .from(sesiones)
      .where(and(eq(sesiones.usuarioId, u.id), isNull(sesiones.revokedAt)));
    expect(open).toHaveLength(0); // revoked, not only refused

    expect((await edit(u.id, { activo: true }, admin)).ok).toBe(true);
    expect(await userForToken(token, "api")).toBeNull(); // the old token stays ended
    const again = await run(() => checkCredentials({ usuario: "se_desactiva", password: "clave-segura-7" }));
    expect(again.id).toBe(u.id);
  });
});

describe("resetContrasenia", () => {
  test("the new password works, the old fails; the user's sessions end; audited without the password", async () => {
    const u = await nuevo("olvido_clave", 2, "clave-vieja-1");
    const token = await run(() => createSession(u.id, "api"));
    const adminSession = await run(() => createSession(admin.id, "cookie"));
    const adminUser = await userForToken(adminSession, "cookie");
    const input = resetearContrasenaSchema.parse({
      id: u.id,
      password: "clave-nueva-2",
      confirmPassword: "clave-nueva-2",
    });
    const r = await run(() => resetContrasenia(input, adminUser!));
    expect(r).toEqual({ ok: true, msg: "La contraseña fué reseteada con exito" });
    expect(await userForToken(token, "api")).toBeNull();
    expect(await userForToken(adminSession, "cookie")).not.toBeNull(); // someone else's reset: the admin stays

    await expect(run(() => checkCredentials({ usuario: "olvido_clave", password: "clave-vieja-1" }))).rejects.toThrow();
    const signed = await run(() => checkCredentials({ usuario: "olvido_clave", password: "clave-nueva-2" }));
    expect(signed.id).toBe(u.id);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.accion, "usuario.resetear-contrasenia"))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ entidadId: String(u.id), usuario: "admin" });
    expect(JSON.stringify(entry)).not.toMatch(/clave-nueva|argon/);
    expect(JSON.stringify(r)).not.toMatch(/clave|argon/);
  });

  test("resetting one's own password keeps the current session and ends the others", async () => {
    const u = await nuevo("se_resetea", 1, "clave-propia-1");
    const here = await run(() => createSession(u.id, "cookie"));
    const elsewhere = await run(() => createSession(u.id, "api"));
    const me = await userForToken(here, "cookie");
    const r = await run(() =>
      resetContrasenia({ id: u.id, password: "clave-propia-2", confirmPassword: "clave-propia-2" }, me!),
    );
    expect(r.ok).toBe(true);
    expect(await userForToken(here, "cookie")).not.toBeNull();
    expect(await userForToken(elsewhere, "api")).toBeNull();
    await edit(u.id, { activo: false }, admin);
  });

  test("the policy with that user's name; an unknown user → 404", async () => {
    const u = await nuevo("politica_reset");
    const same = await run(() =>
      resetContrasenia({ id: u.id, password: "POLITICA_RESET", confirmPassword: "POLITICA_RESET" }, admin),
    );
    expect(same).toEqual({
      ok: false,
      status: 422,
      msg: "La contraseña no puede ser igual al usuario",
      errors: [{ param: "password", msg: "La contraseña no puede ser igual al usuario" }],
      code: "invalid",
    });
    const none = await run(() =>
      resetContrasenia({ id: 999_999, password: "clave-segura-5", confirmPassword: "clave-segura-5" }, admin),
    );
    expect(none).toMatchObject({ ok: false, status: 404, msg: "El usuario no existe" });
  });
});

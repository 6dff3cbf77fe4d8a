// POST /api/users (create) and PUT /api/users/cambiarcontrasenia through their route actions (ADR 025): ids within
// an integer column (400, never a 500), the password policy with its Spanish messages, and the throttled
// current-password check (429 with the wait, like a sign-in).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { callApi, type RouteHandler } from "~tests/support/api";
import { usUsuarios } from "~db/schema/auth";
import { createSession } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { action as usersAction } from "~/routes/api.users";
import { action as changeAction } from "~/routes/api.users.cambiarcontrasenia";

let t: TestDb;
let admin = "";

type Body = { msg: string; errors?: { param: string; msg: string }[]; token?: string };

const run = <T>(fn: () => Promise<T>) =>
  requestContext.run({ address: "10.0.0.1", userAgent: "test", userId: null }, fn);

async function create(body: Record<string, unknown>) {
  const r = await callApi(usersAction as RouteHandler, "/api/users", { token: admin, method: "POST", body });
  return r as { status: number; body: Body };
}

async function changeAs(token: string, body: Record<string, unknown>) {
  const r = await callApi(changeAction as RouteHandler, "/api/users/cambiarcontrasenia", {
    token,
    method: "PUT",
    body,
  });
  return r as { status: number; body: Body };
}

beforeAll(async () => {
  t = await useTestDatabase();
  const [{ id }] = await t.db.select({ id: usUsuarios.id }).from(usUsuarios).where(eq(usUsuarios.usuario, "admin"));
  admin = await run(() => createSession(id, "api"));
});

afterAll(async () => {
  await t?.cleanup();
});

describe("POST /api/users", () => {
  test.each([99999999999, "99999999999", -1, 1.5, "uno"])(
    "usPerfilId %j → 400 'Perfil inválido' on that field, nothing created",
    async (usPerfilId) => {
      const r = await create({ apeynom: "Grande", usuario: "perfil_grande", password: "clave-segura-1", usPerfilId });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ msg: "Perfil inválido", errors: [{ param: "usPerfilId", msg: "Perfil inválido" }] });
      expect(await t.db.select().from(usUsuarios).where(eq(usUsuarios.usuario, "perfil_grande"))).toHaveLength(0);
    },
  );

  test("type_usr 99999999999 → 400 'Tipo de usuario inválido'", async () => {
    const r = await create({ apeynom: "T", usuario: "tipo_grande", password: "clave-segura-1", type_usr: 99999999999 });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ param: "type_usr", msg: "Tipo de usuario inválido" }]);
  });

  test.each([
    ["aaaaaaaa", "La contraseña es demasiado común; elija otra"],
    ["12345678", "La contraseña es demasiado común; elija otra"],
    ["osep2026", "La contraseña es demasiado común; elija otra"],
    ["Nuevo_Usuario", "La contraseña no puede ser igual al usuario"],
    ["corta", "La contraseña debe tener al menos 8 caracteres"],
  ])("password '%s' → 400 %s", async (password, msg) => {
    const r = await create({ apeynom: "Nuevo", usuario: "nuevo_usuario", password });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ msg, errors: [{ param: "password", msg }] });
  });

  test("a good password and profile → 201 with a token", async () => {
    const r = await create({
      apeynom: "Nuevo",
      usuario: "nuevo_usuario",
      password: "una-clave-larga-9",
      usPerfilId: 2,
    });
    expect(r.status).toBe(201);
    expect(typeof r.body.token).toBe("string");
  });
});

describe("PUT /api/users/cambiarcontrasenia", () => {
  let token = "";
  const clave = "clave-de-api-3";

  beforeAll(async () => {
    const r = await create({ apeynom: "Cambia API", usuario: "cambia_api", password: clave, usPerfilId: 2 });
    expect(r.status).toBe(201);
    token = r.body.token!;
  });

  test("a new password equal to the user's name or too common → 400 with the policy's message", async () => {
    const same = await changeAs(token, { currente_pass: clave, new_pass: "CAMBIA_API", repeat_new_pass: "CAMBIA_API" });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual([{ param: "new_pass", msg: "La contraseña no puede ser igual al usuario" }]);
    const common = await changeAs(token, { currente_pass: clave, new_pass: "qwerty123", repeat_new_pass: "qwerty123" });
    expect(common.status).toBe(400);
    expect(common.body.msg).toBe("La contraseña es demasiado común; elija otra");
  });

  test("12 wrong current passwords: 5 answered 422, the other 7 429 with when to try again", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await changeAs(token, {
        currente_pass: `no-es-la-actual-${i}`,
        new_pass: "otra-clave-nueva-4",
        repeat_new_pass: "otra-clave-nueva-4",
      });
      statuses.push(r.status);
      if (r.status === 429) {
        expect(r.body.msg).toMatch(
          /^Demasiados intentos fallidos para este usuario\. Intente nuevamente en \d+ minutos?\.$/,
        );
      } else {
        expect(r.body.msg).toBe("La contraseña actual es incorrecta");
      }
    }
    expect(statuses).toEqual([...Array(5).fill(422), ...Array(7).fill(429)]);
  });
});

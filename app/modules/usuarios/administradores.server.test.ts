// The administrators' count the guard rails rely on, on a real database (docs/decisions/034).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq, sql } from "drizzle-orm";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { usUsuarios } from "~db/schema/auth";
import { inTransaction } from "~db/transaction";
import { OP } from "~/auth/operations";
import { ULTIMO_ADMINISTRADOR, esAdministrador } from "./administradores";
import { assertQuedaAdministrador, countAdministradores, lockAdministradores } from "./administradores.server";

let t: TestDb;

beforeAll(async () => {
  t = await useTestDatabase();
});
afterAll(async () => {
  await t.cleanup();
});

describe("esAdministrador", () => {
  const all = {
    allowed_screen: ["/users", "/perfiles", "/home"],
    allowed_operation: [OP.MODIFICAR_USUARIO, OP.MODIFICAR_PERFIL, OP.ASIGNAR_OPERACIONES],
  };
  test("needs both screens and the three operations", () => {
    expect(esAdministrador(all)).toBe(true);
    expect(esAdministrador({ ...all, allowed_screen: ["/users"] })).toBe(false);
    expect(esAdministrador({ ...all, allowed_operation: [OP.MODIFICAR_USUARIO, OP.MODIFICAR_PERFIL] })).toBe(false);
  });
});

describe("countAdministradores / assertQuedaAdministrador", () => {
  test("counts the active users of profiles holding administration; refuses a change leaving none", async () => {
    const n = await inTransaction((tx) => countAdministradores(tx));
    expect(n).toBe(1); // the demo 'admin' (profile 1); 'consulta' is not one
    const r = await inTransaction(async (tx) => {
      await lockAdministradores(tx);
      await tx.update(usUsuarios).set({ activo: false }).where(eq(usUsuarios.usuario, "admin"));
      await assertQuedaAdministrador(tx, "activo");
      return "done";
    });
    expect(r).toEqual({
      ok: false,
      status: 409,
      msg: ULTIMO_ADMINISTRADOR,
      errors: [{ param: "activo", msg: ULTIMO_ADMINISTRADOR }],
      code: "conflict",
    });
    const [admin] = await t.db.select().from(usUsuarios).where(eq(usUsuarios.usuario, "admin"));
    expect(admin.activo).toBe(true); // rolled back
  });
  test("an inactive profile's users do not count", async () => {
    await t.db.execute(sql`update us_perfiles set activo = false where id = 1`);
    expect(await inTransaction((tx) => countAdministradores(tx))).toBe(0);
    await t.db.execute(sql`update us_perfiles set activo = true where id = 1`);
  });
});

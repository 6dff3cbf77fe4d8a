// Profile administration on a real database (docs/decisions/035): a new profile's operations and screens reach its
// users on their next request (userForToken / GET /api/auth), removals too; profile 1 is built in; nobody removes
// administration from their own profile or deactivates it; the last administrator stays; a deactivated profile's users
// hold nothing; every change is audited.
import { OPERATIONS } from "~db/reference";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, usUsuarios } from "~db/schema/auth";
import { OP } from "~/auth/operations";
import { createSession, userForToken } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { loader as authLoader } from "~/routes/api.auth";
import { PERFIL_ADMINISTRADOR_FIJO, ULTIMO_ADMINISTRADOR } from "~/modules/usuarios/administradores";
import { callApi, TEST_REQUEST_CONTEXT } from "~tests/support/api";
import { sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { agregarOperaciones, operacionesDelPerfil, quitarOperaciones } from "./operaciones.server";
import { agregarPantallas, pantallasDelPerfil, quitarPantallas } from "./pantallas.server";
import { crearPerfil, listPerfiles, modificarPerfil, perfilPorId } from "./perfiles.server";
import { ESCALADA_MSG, PERFIL_MSG } from "./rules";

let t: TestDb;
let adminId = 0;
const admin = () => ({ id: adminId, usuario: "admin" });

const run = <T>(fn: () => Promise<T>) => requestContext.run(TEST_REQUEST_CONTEXT, fn);

/** A new user of profile `perfil` (no password needed: sessions are made directly). */
async function usuarioDe(perfil: number, usuario: string): Promise<number> {
  const [u] = await t.db
    .insert(usUsuarios)
    .values({ apeynom: usuario.toUpperCase(), usuario, passwordHash: "x", usPerfilId: perfil })
    .returning({ id: usUsuarios.id });
  return u.id;
}

async function nuevoPerfil(descripcion: string): Promise<number> {
  const r = await run(() => crearPerfil({ descripcion, activo: true }, admin()));
  if (!r.ok) throw new Error(r.msg);
  return r.perfil.id;
}

const ADMIN_OPS = [OP.MODIFICAR_USUARIO, OP.MODIFICAR_PERFIL, OP.ASIGNAR_OPERACIONES];

beforeAll(async () => {
  t = await useTestDatabase();
  [{ id: adminId }] = await sqlRows<{ id: number }>("SELECT id FROM us_usuarios WHERE usuario = 'admin'");
});
afterAll(async () => {
  await t?.cleanup();
});

describe("profiles", () => {
  test("create: active, no grants, audited; a repeated description (any case) → 409 on descripcion", async () => {
    const r = await run(() => crearPerfil({ descripcion: "MESA DE ENTRADAS", activo: true }, admin()));
    expect(r).toMatchObject({ ok: true, msg: "Perfil creado con exito", perfil: { descripcion: "MESA DE ENTRADAS" } });
    if (!r.ok) return;
    expect(await perfilPorId(r.perfil.id)).toEqual({ id: r.perfil.id, descripcion: "MESA DE ENTRADAS", activo: true });
    expect(await operacionesDelPerfil(r.perfil.id)).toMatchObject({ perfil_operations: [] });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.accion, "perfil.crear"));
    expect(entry).toMatchObject({ usuario: "admin", entidad: "perfil", entidadId: String(r.perfil.id) });

    const before = await sqlOne("SELECT count(*) FROM us_perfiles");
    const dup = await run(() => crearPerfil({ descripcion: "mesa de entradas", activo: true }, admin()));
    expect(dup).toEqual({
      ok: false,
      status: 409,
      msg: PERFIL_MSG.DESCRIPCION_REPETIDA,
      errors: [{ param: "descripcion", msg: PERFIL_MSG.DESCRIPCION_REPETIDA }],
      code: "duplicate",
    });
    expect(await sqlOne("SELECT count(*) FROM us_perfiles")).toBe(before);
  });

  test("modify: description and state, audited with before and after; unknown id → 404", async () => {
    const id = await nuevoPerfil("TEMPORAL");
    const r = await run(() => modificarPerfil({ id, descripcion: "TEMPORAL 2", activo: false }, admin()));
    expect(r).toMatchObject({ ok: true, msg: "Perfil fué modificado con exito", perfil: { activo: false } });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.accion, "perfil.modificar"));
    expect(entry.detalle).toMatchObject({
      antes: { descripcion: "TEMPORAL", activo: true },
      despues: { descripcion: "TEMPORAL 2", activo: false },
    });
    const missing = await run(() => modificarPerfil({ id: 999_999, descripcion: "X" }, admin()));
    expect(missing).toMatchObject({ ok: false, status: 404, msg: PERFIL_MSG.NO_EXISTE });
    // profile 1's description may change; it may not be deactivated
    const p1 = await run(() => modificarPerfil({ id: 1, descripcion: "ADMINISTRADOR", activo: false }, admin()));
    expect(p1).toMatchObject({ ok: false, status: 409, msg: PERFIL_MSG.ADMINISTRADOR_NO_DESACTIVABLE });
    expect((await perfilPorId(1))!.activo).toBe(true);
  });

  test("the list: search (SQL-looking text is text), sort, page", async () => {
    const all = await listPerfiles({ q: "", sort: "descripcion", dir: "asc", page: 0, size: 25 });
    const names = all.perfiles.map((p) => p.descripcion);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(all.total_records).toBe(await sqlOne("SELECT count(*) FROM us_perfiles"));
    const page = await listPerfiles({ q: "", sort: "id", dir: "desc", page: 1, size: 2 });
    expect(page.perfiles).toHaveLength(2);
    expect(page.perfiles[0].id).toBeGreaterThan(page.perfiles[1].id);
    expect((await listPerfiles({ q: "consul", sort: "id", dir: "asc", page: 0, size: 5 })).perfiles).toEqual([
      { id: 2, descripcion: "CONSULTA", activo: true },
    ]);
    for (const q of ["' or 1=1 --", "%", "_"]) {
      expect((await listPerfiles({ q, sort: "id", dir: "asc", page: 0, size: 5 })).total_records).toBe(0);
    }
  });
});

describe("grants reach the profile's users on their next request", () => {
  test("add operations and screens → userForToken and GET /api/auth have them; remove one → gone", async () => {
    const perfil = await nuevoPerfil("RECEPCION");
    const userId = await usuarioDe(perfil, "recepcion1");
    const token = await run(() => createSession(userId, "api"));
    expect(await userForToken(token, "api")).toMatchObject({ allowed_screen: [], allowed_operation: [] });

    const ops = await run(() =>
      agregarOperaciones({ usPerfilId: perfil, operations: [OP.ASIGNAR_TURNO, OP.VER_DETALLE_TURNO] }, admin()),
    );
    expect(ops).toMatchObject({ ok: true, msg: PERFIL_MSG.OPERACIONES_AGREGADAS });
    if (!ops.ok) return;
    expect(ops.operations.map((o) => [o.usOperacionId, o.usPerfilId, o.pantalla])).toEqual([
      [OP.ASIGNAR_TURNO, perfil, "/turnos"],
      [OP.VER_DETALLE_TURNO, perfil, "/listado-turnos"],
    ]);
    const scr = await run(() =>
      agregarPantallas({ usPerfilId: perfil, screens: ["/turnos", "/listado-turnos", "/tramites"] }, admin()),
    );
    expect(scr).toMatchObject({ ok: true, msg: PERFIL_MSG.PANTALLAS_AGREGADAS });

    const next = await userForToken(token, "api");
    expect(next!.allowed_operation).toEqual([OP.ASIGNAR_TURNO, OP.VER_DETALLE_TURNO]);
    expect(next!.allowed_screen.sort()).toEqual(["/listado-turnos", "/tramites", "/turnos"]);
    const auth = await callApi(authLoader, "/api/auth", { token });
    expect(auth.body).toMatchObject({ allowed_operation: [OP.ASIGNAR_TURNO, OP.VER_DETALLE_TURNO] });

    // adding again adds nothing (and writes no audit entry)
    const audits = await sqlOne("SELECT count(*) FROM audit_log WHERE accion = 'perfil.operaciones.agregar'");
    const again = await run(() => agregarOperaciones({ usPerfilId: perfil, operations: [OP.ASIGNAR_TURNO] }, admin()));
    expect(again).toMatchObject({ ok: true, operations: [] });
    expect(await sqlOne("SELECT count(*) FROM audit_log WHERE accion = 'perfil.operaciones.agregar'")).toBe(audits);

    const gone = await run(() =>
      quitarOperaciones({ usPerfilId: perfil, operations: [OP.VER_DETALLE_TURNO] }, admin()),
    );
    expect(gone).toMatchObject({ ok: true, msg: PERFIL_MSG.OPERACIONES_QUITADAS });
    const lista = await operacionesDelPerfil(perfil);
    const tramitesRecord = (await pantallasDelPerfil(perfil))!.perfil_screens.find((s) => s.path === "/tramites")!;
    const sinTramites = await run(() => quitarPantallas({ ids: [tramitesRecord.id] }, admin()));
    expect(sinTramites).toMatchObject({ ok: true, screens: [{ path: "/tramites" }] });

    const after = await userForToken(token, "api");
    expect(after!.allowed_operation).toEqual([OP.ASIGNAR_TURNO]);
    expect(after!.allowed_screen.sort()).toEqual(["/listado-turnos", "/turnos"]);
    expect(lista!.available_operations.map((o) => o.id)).toContain(OP.VER_DETALLE_TURNO);
    expect((await pantallasDelPerfil(perfil))!.available_screens.map((s) => s.path)).toContain("/tramites");

    const audit = await sqlRows<{ accion: string; detalle: unknown }>(
      "SELECT accion, detalle FROM audit_log WHERE accion LIKE 'perfil.%s.%' AND entidad_id = $1 ORDER BY id",
      [String(perfil)],
    );
    expect(audit).toEqual([
      { accion: "perfil.operaciones.agregar", detalle: { operations: [OP.ASIGNAR_TURNO, OP.VER_DETALLE_TURNO] } },
      { accion: "perfil.pantallas.agregar", detalle: { screens: ["/tramites", "/turnos", "/listado-turnos"] } },
      { accion: "perfil.operaciones.quitar", detalle: { operations: [OP.VER_DETALLE_TURNO] } },
      { accion: "perfil.pantallas.quitar", detalle: { screens: ["/tramites"] } },
    ]);
  });

  test("the available lists: every operation and every grantable screen (incl. /turnos, /listado-turnos)", async () => {
    const perfil = await nuevoPerfil("VACIO");
    expect((await operacionesDelPerfil(perfil))!.available_operations).toHaveLength(OPERATIONS.length);
    const screens = (await pantallasDelPerfil(perfil))!.available_screens.map((s) => s.path);
    expect(screens).toEqual(expect.arrayContaining(["/turnos", "/listado-turnos", "/users", "/perfiles"]));
    expect(screens).not.toContain("/home");
    expect(await operacionesDelPerfil(999_999)).toBeNull();
    expect(await pantallasDelPerfil(999_999)).toBeNull();
  });

  test("deactivating a profile empties its users' permissions; reactivating gives them back", async () => {
    const perfil = await nuevoPerfil("EFIMERO");
    await run(() => agregarOperaciones({ usPerfilId: perfil, operations: [OP.VER_NOTAS] }, admin()));
    await run(() => agregarPantallas({ usPerfilId: perfil, screens: ["/consultar-padron"] }, admin()));
    const token = await run(async () => createSession(await usuarioDe(perfil, "efimero1"), "api"));
    expect((await userForToken(token, "api"))!.allowed_operation).toEqual([OP.VER_NOTAS]);
    await run(() => modificarPerfil({ id: perfil, descripcion: "EFIMERO", activo: false }, admin()));
    expect(await userForToken(token, "api")).toMatchObject({ allowed_screen: [], allowed_operation: [] });
    await run(() => modificarPerfil({ id: perfil, descripcion: "EFIMERO", activo: true }, admin()));
    expect((await userForToken(token, "api"))!.allowed_screen).toEqual(["/consultar-padron"]);
  });
});

describe("guard rails", () => {
  test("profile 1's grants are not editable (409), nothing changes", async () => {
    const before = await sqlOne("SELECT count(*) FROM us_perfil_operaciones WHERE us_perfil_id = 1");
    const calls: (() => Promise<unknown>)[] = [
      () => quitarOperaciones({ usPerfilId: 1, operations: [OP.VER_NOTAS] }, admin()),
      () => agregarOperaciones({ usPerfilId: 1, operations: [OP.VER_NOTAS] }, admin()),
      () => quitarPantallas({ usPerfilId: 1, screens: ["/tramites"] }, admin()),
      () => agregarPantallas({ usPerfilId: 1, screens: ["/tramites"] }, admin()),
    ];
    for (const call of calls) {
      expect(await run(call)).toMatchObject({ ok: false, status: 409, msg: PERFIL_ADMINISTRADOR_FIJO });
    }
    const [rec] = await sqlRows<{ id: number }>(
      "SELECT id FROM us_perfil_operaciones WHERE us_perfil_id = 1 ORDER BY id LIMIT 1",
    );
    expect(await run(() => quitarOperaciones({ ids: [rec.id] }, admin()))).toMatchObject({ status: 409 });
    expect(await sqlOne("SELECT count(*) FROM us_perfil_operaciones WHERE us_perfil_id = 1")).toBe(before);
  });

  test("an actor may not change their own profile's grants (ADR 046), nor deactivate it", async () => {
    const perfil = await nuevoPerfil("ADMIN DELEGADO");
    await run(() => agregarOperaciones({ usPerfilId: perfil, operations: [...ADMIN_OPS, OP.VER_NOTAS] }, admin()));
    await run(() => agregarPantallas({ usPerfilId: perfil, screens: ["/users", "/perfiles"] }, admin()));
    const delegado = { id: await usuarioDe(perfil, "delegado1"), usuario: "delegado1" };
    // the demo admin (profile 1) is still an administrator: this is about the actor's own profile
    for (const op of ADMIN_OPS) {
      expect(await run(() => quitarOperaciones({ usPerfilId: perfil, operations: [op] }, delegado))).toMatchObject({
        ok: false,
        status: 403,
        msg: ESCALADA_MSG.PROPIO_PERFIL,
      });
    }
    for (const s of ["/users", "/perfiles"]) {
      expect(await run(() => quitarPantallas({ usPerfilId: perfil, screens: [s] }, delegado))).toMatchObject({
        ok: false,
        status: 403,
        msg: ESCALADA_MSG.PROPIO_PERFIL,
      });
    }
    expect(
      await run(() => modificarPerfil({ id: perfil, descripcion: "ADMIN DELEGADO", activo: false }, delegado)),
    ).toMatchObject({ ok: false, status: 409, msg: PERFIL_MSG.PROPIO_NO_DESACTIVABLE });
    // not even a grant that is no administration; another administrator may take administration away
    expect(
      await run(() => quitarOperaciones({ usPerfilId: perfil, operations: [OP.VER_NOTAS] }, delegado)),
    ).toMatchObject({ ok: false, status: 403, msg: ESCALADA_MSG.PROPIO_PERFIL });
    expect(
      await run(() => quitarOperaciones({ usPerfilId: perfil, operations: [OP.MODIFICAR_PERFIL] }, admin())),
    ).toMatchObject({ ok: true });
  });

  test("the last administrator stays: removing /users from the only profile whose users administer → 409", async () => {
    const perfil = await nuevoPerfil("UNICOS ADMINISTRADORES");
    await run(() => agregarOperaciones({ usPerfilId: perfil, operations: ADMIN_OPS }, admin()));
    await run(() => agregarPantallas({ usPerfilId: perfil, screens: ["/users", "/perfiles"] }, admin()));
    await usuarioDe(perfil, "unico1");
    const otro = { id: await usuarioDe(2, "otro1"), usuario: "otro1" }; // acts from outside that profile
    await sqlRows("UPDATE us_usuarios SET activo = false WHERE usuario = 'admin'");
    try {
      // removing from a profile that holds more than the actor is refused first (ADR 046 as amended by issue 35);
      // as the system (no actor) the last-administrator rule still holds
      expect(await run(() => quitarPantallas({ usPerfilId: perfil, screens: ["/users"] }, otro))).toMatchObject({
        ok: false,
        status: 403,
        msg: ESCALADA_MSG.MODIFICAR_PERFIL_AJENO,
      });
      expect(await run(() => quitarPantallas({ usPerfilId: perfil, screens: ["/users"] }, null))).toMatchObject({
        ok: false,
        status: 409,
        msg: ULTIMO_ADMINISTRADOR,
      });
      expect(
        await run(() => quitarOperaciones({ usPerfilId: perfil, operations: [OP.ASIGNAR_OPERACIONES] }, null)),
      ).toMatchObject({ ok: false, status: 409, msg: ULTIMO_ADMINISTRADOR });
      // modifying a profile that holds more than the actor is refused first (ADR 046); as the system (no actor)
      // the last-administrator rule still holds
      expect(
        await run(() => modificarPerfil({ id: perfil, descripcion: "UNICOS ADMINISTRADORES", activo: false }, otro)),
      ).toMatchObject({ ok: false, status: 403, msg: ESCALADA_MSG.MODIFICAR_PERFIL_AJENO });
      expect(
        await run(() => modificarPerfil({ id: perfil, descripcion: "UNICOS ADMINISTRADORES", activo: false }, null)),
      ).toMatchObject({ ok: false, status: 409, msg: ULTIMO_ADMINISTRADOR });
      expect(await sqlOne("SELECT count(*) FROM us_perfil_pantallas WHERE us_perfil_id = $1", [perfil])).toBe(2);
      expect((await perfilPorId(perfil))!.activo).toBe(true);
    } finally {
      await sqlRows("UPDATE us_usuarios SET activo = true WHERE usuario = 'admin'");
    }
  });

  test("unknown codes and paths → 422; unknown records → 404; records of two profiles → 422", async () => {
    const perfil = await nuevoPerfil("ERRORES");
    expect(await run(() => agregarOperaciones({ usPerfilId: perfil, operations: ["99"] }, admin()))).toMatchObject({
      ok: false,
      status: 422,
      errors: [{ param: "operations" }],
    });
    expect(await run(() => agregarPantallas({ usPerfilId: perfil, screens: ["/home"] }, admin()))).toMatchObject({
      ok: false,
      status: 422,
    });
    expect(
      await run(() => agregarOperaciones({ usPerfilId: 999_999, operations: [OP.VER_NOTAS] }, admin())),
    ).toMatchObject({ ok: false, status: 404, msg: PERFIL_MSG.NO_EXISTE });
    expect(await run(() => quitarOperaciones({ ids: [999_999] }, admin()))).toMatchObject({ status: 404 });
    const [a, b] = await sqlRows<{ id: number }>(
      "SELECT min(id) AS id FROM us_perfil_operaciones WHERE us_perfil_id IN (1, 2) GROUP BY us_perfil_id",
    );
    expect(await run(() => quitarOperaciones({ ids: [a.id, b.id] }, admin()))).toMatchObject({ status: 422 });
  });
});

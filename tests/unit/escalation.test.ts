// Nobody gives anyone, themselves included, more than they hold (issue 26 §1, ADR 046), over every user and profile
// call and both screens, as a table: a "delegate" profile with only the administration of users and profiles
// (screens /users and /perfiles, operations 27–32) tries each way to reach more than it holds and is refused with 403
// and a Spanish msg, nothing written and the refusal audited; what stays within its own grants works; the
// administrator (profile 1 holds everything) keeps every power. Issue 35 adds the scope of responsables as a grant
// (profile 10 and a usuario that is a CUIT see pre-settlement data), nobody changing their own usuario, and the rule
// that a delegate adds to or removes from only profiles within its own grants.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setSessionCookie } from "~/auth/cookie.server";
import { OP } from "~/auth/operations";
import { createSession } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { ESCALADA_MSG } from "~/modules/perfiles/rules";
import { action as addOps } from "~/routes/api.perfil-operationes.add-operations._index";
import { action as removeOps } from "~/routes/api.perfil-operationes.remove-operations._index";
import { action as addScreens } from "~/routes/api.perfil-pantallas.add-screens._index";
import { action as removeScreens } from "~/routes/api.perfil-pantallas.remove-screens._index";
import { action as perfilesAction } from "~/routes/api.perfiles._index";
import { action as usersAction } from "~/routes/api.users";
import { action as resetAction } from "~/routes/api.users.reset-password";
import { action as perfilesScreen, loader as perfilesPantalla } from "~/routes/_app.perfiles";
import { action as usersScreen, loader as usersPantalla } from "~/routes/_app.users";
import { TEST_REQUEST_CONTEXT, callApi, type RouteHandler } from "~tests/support/api";
import { sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";

let t: TestDb;
const tok: Record<string, string> = {};
const cookie: Record<string, string> = {};
const ids: Record<string, number> = {};
/**
 * The delegate's profile (it holds every screen and operation of AUDITORIA MEDICA and PRESTADOR but, its usuario being
 * no CUIT, sees no responsable), an empty one it may fill, and a profile with one grant it does not hold.
 */
let delegado = 0;
let vacio = 0;
let ajeno = 0;

const DELEGADO_OPS = [
  OP.CREAR_USUARIO,
  OP.MODIFICAR_USUARIO,
  OP.RESETEAR_CONTRASENIA,
  OP.CREAR_PERFIL,
  OP.MODIFICAR_PERFIL,
  OP.ASIGNAR_OPERACIONES,
  OP.EXPORTAR_PRELIQUIDACION,
];
const DELEGADO_SCREENS = [
  "/users",
  "/perfiles",
  "/liquidacion-prestadores",
  "/osep-tiempos-auditoria",
  "/consumos-por-prestador",
];
/** AUDITORIA MEDICA (sees every responsable) and PRESTADOR (a provider's login: its usuario is its CUIT). */
const AUDITORIA = 10;
const PRESTADOR = 20;
/** A provider's CUIT the delegate does not see, and others for the tries the administrator then makes. */
const CUIT_PRESTADOR = "30-70000001-5";

async function perfil(descripcion: string, screens: string[], ops: string[]): Promise<number> {
  const [{ id }] = await sqlRows<{ id: number }>("INSERT INTO us_perfiles (descripcion) VALUES ($1) RETURNING id", [
    descripcion,
  ]);
  for (const s of screens) {
    await sqlRows(
      "INSERT INTO us_perfil_pantallas (us_perfil_id, us_pantalla_id) SELECT $1, id FROM us_pantallas WHERE path = $2",
      [id, s],
    );
  }
  for (const o of ops) {
    await sqlRows("INSERT INTO us_perfil_operaciones (us_perfil_id, us_operacion_id) VALUES ($1, $2)", [id, o]);
  }
  return id;
}

async function usuario(nombre: string, perfilId: number): Promise<number> {
  const [{ id }] = await sqlRows<{ id: number }>(
    "INSERT INTO us_usuarios (apeynom, usuario, password_hash, us_perfil_id) VALUES ($1, $1, 'x', $2) RETURNING id",
    [nombre, perfilId],
  );
  return id;
}

beforeAll(async () => {
  t = await useTestDatabase();
  delegado = await perfil("DELEGADO", DELEGADO_SCREENS, DELEGADO_OPS);
  vacio = await perfil("VACIO", [], []);
  ajeno = await perfil("AJENO", ["/users"], [OP.CREAR_USUARIO, OP.MODIFICAR_USUARIO, OP.VER_NOTAS]);
  ids.delegado = await usuario("delegado", delegado);
  ids.colega = await usuario("colega", delegado);
  ids.vacio = await usuario("en_vacio", vacio);
  ids.ajeno = await usuario("en_ajeno", ajeno);
  ids.otroAdmin = await usuario("otro_admin", 1);
  ids.prestador = await usuario(CUIT_PRESTADOR, PRESTADOR);
  ids.auditor = await usuario("auditor", AUDITORIA);
  [{ id: ids.admin }] = await sqlRows<{ id: number }>("SELECT id FROM us_usuarios WHERE usuario = 'admin'");
  await requestContext.run(TEST_REQUEST_CONTEXT, async () => {
    for (const who of ["delegado", "admin"]) {
      tok[who] = await createSession(ids[who], "api");
      cookie[who] = (await setSessionCookie(await createSession(ids[who], "cookie"))).split(";")[0];
    }
  });
});
afterAll(async () => {
  await t?.cleanup();
});

type Res = { status: number; body: { msg?: string } };
const api = (h: unknown, method: string, path: string, who: string, body: unknown) =>
  callApi(h as RouteHandler, path, { token: tok[who], method, body }) as Promise<Res>;

/** A screen's form post with the browser session of `who`: the status and the JSON answer (a redirect is 302/303). */
async function form(h: unknown, path: string, who: string, fields: Record<string, string>): Promise<Res> {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie[who], "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  let res: Response;
  try {
    res = (await requestContext.run(TEST_REQUEST_CONTEXT, () =>
      (h as RouteHandler)({ request, params: {}, context: {} }),
    )) as Response;
  } catch (e) {
    if (!(e instanceof Response)) throw e;
    res = e;
  }
  const text = await res.text();
  const body = (res.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : {};
  // /perfiles answers { msg }; /users shows a refusal under its field (conform's result) when it names one
  const underField = Object.values((body.result?.error ?? {}) as Record<string, string[]>).flat()[0];
  return { status: res.status, body: { msg: body.msg ?? body.answer?.msg ?? underField } };
}

const PASSWORD = "Clave-Segura-2026!";
const held = (perfilId: number) =>
  sqlRows<{ c: string }>("SELECT us_operacion_id AS c FROM us_perfil_operaciones WHERE us_perfil_id = $1 ORDER BY 1", [
    perfilId,
  ]).then((r) => r.map((x) => x.c));
const rechazos = () => sqlOne("SELECT count(*) FROM audit_log WHERE accion = 'seguridad.rechazo'");
/** Every user's and every grant's columns, as one text: equal before and after = nothing written. */
const huella = async () =>
  (
    await sqlRows<{ h: string }>(
      `SELECT (SELECT string_agg(concat_ws('|', id, apeynom, usuario, password_hash, us_perfil_id, activo), ','
                ORDER BY id) FROM us_usuarios)
        || (SELECT string_agg(concat_ws('|', id, us_perfil_id, us_operacion_id), ',' ORDER BY id)
              FROM us_perfil_operaciones)
        || (SELECT string_agg(concat_ws('|', id, us_perfil_id, us_pantalla_id), ',' ORDER BY id)
              FROM us_perfil_pantallas)
        || (SELECT string_agg(concat_ws('|', id, descripcion, activo), ',' ORDER BY id) FROM us_perfiles) AS h`,
    )
  )[0].h;
/** The id of the record that grants profile `perfilId` operation `op`. */
const registro = async (perfilId: number, op: string) =>
  sqlOne("SELECT id FROM us_perfil_operaciones WHERE us_perfil_id = $1 AND us_operacion_id = $2", [perfilId, op]);
/** The /users screen's 'Modificar usuario' form for user `id`. */
const editar = (who: string, id: number, campos: { apeynom: string; usuario: string; usPerfilId: number }) =>
  form(usersScreen, `/users?editar=${id}`, who, {
    id: String(id),
    apeynom: campos.apeynom,
    usuario: campos.usuario,
    usPerfilId: String(campos.usPerfilId),
    activo: "true",
  });

/** [what is tried, the call, the refusal's message]: each is 403 for the delegate. */
const INTENTOS: [string, (who: string) => Promise<Res>, string][] = [
  [
    "POST /api/users: a user in profile 1 (ADMINISTRADOR)",
    (who) =>
      api(usersAction, "POST", "/api/users", who, {
        apeynom: "X",
        usuario: "nuevo_admin",
        password: PASSWORD,
        usPerfilId: 1,
      }),
    ESCALADA_MSG.PERFIL_AJENO,
  ],
  [
    "POST /api/users: a user in a profile with a grant the actor lacks",
    (who) =>
      api(usersAction, "POST", "/api/users", who, {
        apeynom: "X",
        usuario: "nuevo_ajeno",
        password: PASSWORD,
        usPerfilId: ajeno,
      }),
    ESCALADA_MSG.PERFIL_AJENO,
  ],
  [
    "PUT /api/users: move a colleague of its own profile into profile 1",
    (who) =>
      api(usersAction, "PUT", "/api/users", who, {
        id: ids.colega,
        apeynom: "COLEGA",
        usuario: "colega",
        usPerfilId: 1,
      }),
    ESCALADA_MSG.PERFIL_AJENO,
  ],
  [
    "PUT /api/users: edit an administrator",
    (who) => api(usersAction, "PUT", "/api/users", who, { id: ids.otroAdmin, apeynom: "OTRO", usuario: "otro_admin" }),
    ESCALADA_MSG.USUARIO_AJENO,
  ],
  [
    "PUT /api/users/reset-password: an administrator's password",
    (who) =>
      api(resetAction, "PUT", "/api/users/reset-password", who, {
        id: ids.otroAdmin,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
    ESCALADA_MSG.USUARIO_AJENO,
  ],
  [
    "PUT /api/perfiles: modify profile AJENO (a grant the actor lacks)",
    (who) => api(perfilesAction, "PUT", "/api/perfiles", who, { id: ajeno, descripcion: "AJENO 2", activo: true }),
    ESCALADA_MSG.MODIFICAR_PERFIL_AJENO,
  ],
  [
    "POST add-operations: operation 39 to its own profile",
    (who) => api(addOps, "POST", "/x", who, { usPerfilId: delegado, operations: [OP.CREAR_USUARIO] }),
    ESCALADA_MSG.PROPIO_PERFIL,
  ],
  [
    "POST add-screens: a screen to its own profile",
    (who) => api(addScreens, "POST", "/x", who, { usPerfilId: delegado, screens: ["/consultar-padron"] }),
    ESCALADA_MSG.PROPIO_PERFIL,
  ],
  [
    "DELETE remove-operations: from its own profile",
    (who) => api(removeOps, "DELETE", `/x/?usPerfilId=${delegado}&operations=${OP.CREAR_PERFIL}`, who, undefined),
    ESCALADA_MSG.PROPIO_PERFIL,
  ],
  [
    "DELETE remove-screens: from its own profile",
    (who) => api(removeScreens, "DELETE", `/x/?usPerfilId=${delegado}&screens=/perfiles`, who, undefined),
    ESCALADA_MSG.PROPIO_PERFIL,
  ],
  [
    "POST add-operations: an operation it does not hold, to another profile",
    (who) => api(addOps, "POST", "/x", who, { usPerfilId: vacio, operations: [OP.VER_NOTAS] }),
    ESCALADA_MSG.OTORGAR_AJENO,
  ],
  [
    "POST add-screens: a screen it does not hold, to another profile",
    (who) => api(addScreens, "POST", "/x", who, { usPerfilId: vacio, screens: ["/consultar-padron"] }),
    ESCALADA_MSG.OTORGAR_AJENO,
  ],
  [
    "/users screen, 'Nuevo usuario' in profile 1",
    (who) =>
      form(usersScreen, "/users?dialogo=nuevo", who, {
        apeynom: "X",
        usuario: "nuevo_pantalla",
        password: PASSWORD,
        usPerfilId: "1",
        activo: "true",
      }),
    ESCALADA_MSG.PERFIL_AJENO,
  ],
  [
    "/perfiles screen: add operation 20 to another profile (transfer list)",
    (who) =>
      form(perfilesScreen, `/perfiles?dialogo=operaciones&id=${vacio}`, who, {
        intent: "operaciones",
        usPerfilId: String(vacio),
        mover: "agregar",
        disponibles: OP.ASIGNAR_TURNO,
      }),
    ESCALADA_MSG.OTORGAR_AJENO,
  ],
  [
    "/perfiles screen: add an operation to its own profile (transfer list)",
    (who) =>
      form(perfilesScreen, `/perfiles?dialogo=operaciones&id=${delegado}`, who, {
        intent: "operaciones",
        usPerfilId: String(delegado),
        mover: "agregar",
        disponibles: OP.VER_NOTAS,
      }),
    ESCALADA_MSG.PROPIO_PERFIL,
  ],
  // ---- issue 35 §1: the scope of responsables is a grant; nobody changes their own usuario ----
  [
    "POST /api/users: a user in profile 10 (AUDITORIA MEDICA: sees every responsable)",
    (who) =>
      api(usersAction, "POST", "/api/users", who, {
        apeynom: "X",
        usuario: "nuevo_auditor",
        password: PASSWORD,
        usPerfilId: AUDITORIA,
      }),
    ESCALADA_MSG.PERFIL_RESPONSABLES_AJENOS,
  ],
  [
    "POST /api/users: a user whose usuario is a provider's CUIT it does not see",
    (who) =>
      api(usersAction, "POST", "/api/users", who, {
        apeynom: "X",
        usuario: "30-70000002-3",
        password: PASSWORD,
        usPerfilId: PRESTADOR,
      }),
    ESCALADA_MSG.CUIT_AJENO,
  ],
  [
    "PUT /api/users: rename a colleague to a provider's CUIT",
    (who) =>
      api(usersAction, "PUT", "/api/users", who, {
        id: ids.colega,
        apeynom: "COLEGA",
        usuario: "30700000031",
        usPerfilId: delegado,
      }),
    ESCALADA_MSG.CUIT_AJENO,
  ],
  [
    "PUT /api/users: move a colleague into profile 10",
    (who) =>
      api(usersAction, "PUT", "/api/users", who, {
        id: ids.colega,
        apeynom: "COLEGA",
        usuario: "colega",
        usPerfilId: AUDITORIA,
      }),
    ESCALADA_MSG.PERFIL_RESPONSABLES_AJENOS,
  ],
  [
    "PUT /api/users: edit the provider's account",
    (who) =>
      api(usersAction, "PUT", "/api/users", who, {
        id: ids.prestador,
        apeynom: "PRESTADOR",
        usuario: CUIT_PRESTADOR,
        usPerfilId: PRESTADOR,
      }),
    ESCALADA_MSG.USUARIO_RESPONSABLES_AJENOS,
  ],
  [
    "PUT /api/users: rename itself (its own usuario)",
    (who) =>
      api(usersAction, "PUT", "/api/users", who, {
        id: ids[who],
        apeynom: "YO",
        usuario: `${who}_2`,
        usPerfilId: who === "admin" ? 1 : delegado,
      }),
    ESCALADA_MSG.PROPIO_USUARIO,
  ],
  [
    "PUT /api/users/reset-password: the provider account's password",
    (who) =>
      api(resetAction, "PUT", "/api/users/reset-password", who, {
        id: ids.prestador,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
    ESCALADA_MSG.USUARIO_RESPONSABLES_AJENOS,
  ],
  [
    "PUT /api/users/reset-password: an auditor's password (profile 10)",
    (who) =>
      api(resetAction, "PUT", "/api/users/reset-password", who, {
        id: ids.auditor,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
    ESCALADA_MSG.USUARIO_RESPONSABLES_AJENOS,
  ],
  [
    "/users screen, 'Nuevo usuario' named after a provider's CUIT",
    (who) =>
      form(usersScreen, "/users?nuevo=1", who, {
        apeynom: "X",
        usuario: "30-70000004-0",
        password: PASSWORD,
        usPerfilId: String(PRESTADOR),
        activo: "true",
      }),
    ESCALADA_MSG.CUIT_AJENO,
  ],
  [
    "/users screen, 'Modificar usuario': a colleague into profile 10",
    (who) => editar(who, ids.colega, { apeynom: "COLEGA", usuario: "colega", usPerfilId: AUDITORIA }),
    ESCALADA_MSG.PERFIL_RESPONSABLES_AJENOS,
  ],
  [
    "/users screen, 'Modificar usuario': a colleague renamed to a provider's CUIT",
    (who) => editar(who, ids.colega, { apeynom: "COLEGA", usuario: "30-70000005-9", usPerfilId: delegado }),
    ESCALADA_MSG.CUIT_AJENO,
  ],
  [
    "/users screen, 'Modificar usuario': itself renamed",
    (who) =>
      editar(who, ids[who], { apeynom: "YO", usuario: "otro_nombre", usPerfilId: who === "admin" ? 1 : delegado }),
    ESCALADA_MSG.PROPIO_USUARIO,
  ],
  [
    "/users screen, 'Resetear contraseña' of the provider's account",
    (who) =>
      form(usersScreen, `/users?resetear=${ids.prestador}`, who, {
        id: String(ids.prestador),
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
    ESCALADA_MSG.USUARIO_RESPONSABLES_AJENOS,
  ],
  // ---- issue 35 §2: adding to or removing from a profile needs that profile within the actor's grants ----
  [
    "DELETE remove-operations by record ids: from AJENO",
    async (who) => api(removeOps, "DELETE", `/x/?ids=${await registro(ajeno, OP.CREAR_USUARIO)}`, who, undefined),
    ESCALADA_MSG.MODIFICAR_PERFIL_AJENO,
  ],
  [
    "DELETE remove-operations: strip another department's profile (AJENO)",
    (who) => api(removeOps, "DELETE", `/x/?usPerfilId=${ajeno}&operations=${OP.CREAR_USUARIO}`, who, undefined),
    ESCALADA_MSG.MODIFICAR_PERFIL_AJENO,
  ],
  [
    "DELETE remove-screens: /users from AJENO",
    (who) => api(removeScreens, "DELETE", `/x/?usPerfilId=${ajeno}&screens=/users`, who, undefined),
    ESCALADA_MSG.MODIFICAR_PERFIL_AJENO,
  ],
  [
    "POST add-operations: one it holds, to AJENO (pooling grants with another delegate)",
    (who) => api(addOps, "POST", "/x", who, { usPerfilId: ajeno, operations: [OP.CREAR_PERFIL] }),
    ESCALADA_MSG.MODIFICAR_PERFIL_AJENO,
  ],
  [
    "POST add-screens: one it holds, to AJENO",
    (who) => api(addScreens, "POST", "/x", who, { usPerfilId: ajeno, screens: ["/perfiles"] }),
    ESCALADA_MSG.MODIFICAR_PERFIL_AJENO,
  ],
  [
    "DELETE remove-operations: from AUDITORIA MEDICA (it sees every responsable)",
    (who) =>
      api(removeOps, "DELETE", `/x/?usPerfilId=${AUDITORIA}&operations=${OP.EXPORTAR_PRELIQUIDACION}`, who, undefined),
    ESCALADA_MSG.MODIFICAR_PERFIL_RESPONSABLES_AJENOS,
  ],
  [
    "PUT /api/perfiles: modify AUDITORIA MEDICA (its scope is beyond the actor's)",
    (who) =>
      api(perfilesAction, "PUT", "/api/perfiles", who, {
        id: AUDITORIA,
        descripcion: "AUDITORIA MEDICA",
        activo: true,
      }),
    ESCALADA_MSG.MODIFICAR_PERFIL_RESPONSABLES_AJENOS,
  ],
  [
    "/perfiles screen: remove an operation from AJENO (transfer list)",
    (who) =>
      form(perfilesScreen, `/perfiles?dialogo=operaciones&id=${ajeno}`, who, {
        intent: "operaciones",
        usPerfilId: String(ajeno),
        mover: "quitar",
        agregadas: OP.MODIFICAR_USUARIO,
      }),
    ESCALADA_MSG.MODIFICAR_PERFIL_AJENO,
  ],
  [
    "/perfiles screen: add a screen it holds to AJENO (transfer list)",
    (who) =>
      form(perfilesScreen, `/perfiles?dialogo=pantallas&id=${ajeno}`, who, {
        intent: "pantallas",
        usPerfilId: String(ajeno),
        mover: "agregar",
        disponibles: "/liquidacion-prestadores",
      }),
    ESCALADA_MSG.MODIFICAR_PERFIL_AJENO,
  ],
];

describe("the delegate cannot reach beyond what it holds", () => {
  test.each(INTENTOS)("%s → 403, nothing written, audited", async (_what, run, msg) => {
    const before = await rechazos();
    const antes = await huella();
    const users = await sqlOne("SELECT count(*) FROM us_usuarios");
    const grants = await sqlOne(
      "SELECT (SELECT count(*) FROM us_perfil_operaciones) + (SELECT count(*) FROM us_perfil_pantallas)",
    );
    const r = await run("delegado");
    expect(r.status, JSON.stringify(r.body)).toBe(403);
    expect(r.body.msg).toBe(msg);
    expect(await sqlOne("SELECT count(*) FROM us_usuarios")).toBe(users);
    expect(
      await sqlOne("SELECT (SELECT count(*) FROM us_perfil_operaciones) + (SELECT count(*) FROM us_perfil_pantallas)"),
    ).toBe(grants);
    expect(await huella()).toBe(antes);
    expect(await rechazos()).toBe(before + 1);
  });

  test("the administrators are unchanged: name, password, profile", async () => {
    const [a] = await sqlRows<{ h: string; p: number; n: string }>(
      "SELECT password_hash AS h, us_perfil_id AS p, apeynom AS n FROM us_usuarios WHERE id = $1",
      [ids.otroAdmin],
    );
    expect(a).toEqual({ h: "x", p: 1, n: "otro_admin" });
  });
});

describe("within its own grants the delegate works", () => {
  test("creates a user in its own profile and in the empty one, edits and resets them", async () => {
    for (const [usuarioNuevo, p] of [
      ["del_propio", delegado],
      ["del_vacio", vacio],
      ["del_prestador", PRESTADOR], // a provider's profile, its usuario no CUIT: it sees nothing
    ] as const) {
      const r = await api(usersAction, "POST", "/api/users", "delegado", {
        apeynom: "X",
        usuario: usuarioNuevo,
        password: PASSWORD,
        usPerfilId: p,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const put = await api(usersAction, "PUT", "/api/users", "delegado", {
      id: ids.vacio,
      apeynom: "EN VACIO",
      usuario: "en_vacio",
      usPerfilId: delegado,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const reset = await api(resetAction, "PUT", "/api/users/reset-password", "delegado", {
      id: ids.colega,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  });

  test("grants another profile what it holds, and takes it away again", async () => {
    const add = await api(addOps, "POST", "/x", "delegado", { usPerfilId: vacio, operations: [OP.CREAR_USUARIO] });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(await held(vacio)).toEqual([OP.CREAR_USUARIO]);
    const remove = await api(
      removeOps,
      "DELETE",
      `/x/?usPerfilId=${vacio}&operations=${OP.CREAR_USUARIO}`,
      "delegado",
      undefined,
    );
    expect(remove.status, JSON.stringify(remove.body)).toBe(200);
    expect(await held(vacio)).toEqual([]);
  });
});

/** Refusals that hold for everyone, the administrator included: one's own profile's grants, one's own usuario. */
const PARA_TODOS: string[] = [ESCALADA_MSG.PROPIO_PERFIL, ESCALADA_MSG.PROPIO_USUARIO];

describe("the administrator keeps every power", () => {
  test.each(INTENTOS.filter(([, , msg]) => !PARA_TODOS.includes(msg)))(
    "%s → not refused for admin",
    async (_what, run) => {
      const r = await run("admin");
      expect(r.status, JSON.stringify(r.body)).not.toBe(403);
      expect(r.status).toBeLessThan(400);
    },
  );
});

describe("nobody changes their own usuario, the administrator included (issue 35)", () => {
  test.each(INTENTOS.filter(([, , msg]) => msg === ESCALADA_MSG.PROPIO_USUARIO))(
    "%s → 403 for admin, nothing written, audited",
    async (_what, run) => {
      const before = await rechazos();
      const antes = await huella();
      const r = await run("admin");
      expect(r.status, JSON.stringify(r.body)).toBe(403);
      expect(r.body.msg).toBe(ESCALADA_MSG.PROPIO_USUARIO);
      expect(await huella()).toBe(antes);
      expect(await rechazos()).toBe(before + 1);
    },
  );

  test("the audit entry names what was tried and why", async () => {
    const [e] = await sqlRows<{ detalle: { intento: string; msg: string } }>(
      "SELECT detalle FROM audit_log WHERE accion = 'seguridad.rechazo' ORDER BY id DESC LIMIT 1",
    );
    expect(e.detalle).toMatchObject({ intento: "usuario.modificar", msg: ESCALADA_MSG.PROPIO_USUARIO });
  });

  test("the same name, or another field of oneself, is not a change of usuario", async () => {
    const r = await api(usersAction, "PUT", "/api/users", "admin", {
      id: ids.admin,
      apeynom: "ADMINISTRADOR DEL SISTEMA",
      usuario: "admin",
      usPerfilId: 1,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });
});

describe("what the screens offer the delegate", () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function pantalla(h: unknown, path: string): Promise<any> {
    const request = new Request(`http://localhost${path}`, { headers: { Cookie: cookie.delegado } });
    const res = (await requestContext.run(TEST_REQUEST_CONTEXT, () =>
      (h as RouteHandler)({ request, params: {}, context: {} }),
    )) as Response;
    return res.json();
  }

  let nuevoVacio = 0;
  beforeAll(async () => {
    nuevoVacio = await perfil("OTRO VACIO", [], []); // the tables above gave VACIO grants the delegate lacks
  });

  test("/users: only the profiles within its grants may be chosen", async () => {
    const data = await pantalla(usersPantalla, "/users?nuevo=1");
    const otorgable = Object.fromEntries(
      (data.perfiles as { id: number; otorgable: boolean }[]).map((p) => [p.id, p.otorgable]),
    );
    expect(otorgable).toMatchObject({
      1: false,
      [AUDITORIA]: false, // its screens and operations are the delegate's, its scope is not
      [PRESTADOR]: true,
      [ajeno]: false,
      [delegado]: true,
      [nuevoVacio]: true,
    });
  });

  test("/users: editing itself, the usuario is read-only with the reason; editing another, it is not", async () => {
    const propio = await pantalla(usersPantalla, `/users?editar=${ids.delegado}`);
    expect(propio.dialogo).toMatchObject({ kind: "editar", usuarioFijo: ESCALADA_MSG.PROPIO_USUARIO });
    const otro = await pantalla(usersPantalla, `/users?editar=${ids.vacio}`);
    expect(otro.dialogo).toMatchObject({ kind: "editar", usuarioFijo: null });
  });

  test("/perfiles: 'Disponibles' offers only what it holds; its own profile's lists are read-only, with the reason", async () => {
    const otro = await pantalla(perfilesPantalla, `/perfiles?dialogo=operaciones&id=${nuevoVacio}`);
    const ofrecidas = (otro.dialogo.disponibles as { value: string }[]).map((i) => i.value).sort();
    expect(ofrecidas).toEqual([...DELEGADO_OPS].sort());
    expect(otro.dialogo.fijo).toBeNull();
    const propio = await pantalla(perfilesPantalla, `/perfiles?dialogo=pantallas&id=${delegado}`);
    expect(propio.dialogo.fijo).toBe(ESCALADA_MSG.PROPIO_PERFIL);
  });

  test("/perfiles: a profile beyond its grants or its scope has read-only lists, with the reason", async () => {
    const ajenos = await pantalla(perfilesPantalla, `/perfiles?dialogo=operaciones&id=${ajeno}`);
    expect(ajenos.dialogo.fijo).toBe(ESCALADA_MSG.MODIFICAR_PERFIL_AJENO);
    const auditoria = await pantalla(perfilesPantalla, `/perfiles?dialogo=pantallas&id=${AUDITORIA}`);
    expect(auditoria.dialogo.fijo).toBe(ESCALADA_MSG.MODIFICAR_PERFIL_RESPONSABLES_AJENOS);
  });
});

// The /api/turnos calls (spec part 2 §7, ADR 030) through their loaders/actions with real tokens: anonymous 401,
// `consulta` and a profile without the screen 403, the admin's answers in the spec's keys, every refusal message
// (404 unknown type, 409 taken slot or status, 422 bad input with field errors, 403 without the operations), and
// 405 for the methods a route does not take.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BAD_TOKEN, FORBIDDEN_OPERATION, FORBIDDEN_SCREEN, NO_TOKEN } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { createSession } from "~/auth/sessions.server";
import { MSG_DNI_INVALIDO } from "~/lib/input";
import { requestContext } from "~/lib/request-context.server";
import { TURNO_MSG } from "~/modules/turnos/rules";
import { MAX_OBSERVACION, MSG_TURNO } from "~/modules/turnos/turnos.schema";
import { action as turnosAction, loader as turnosLoader } from "~/routes/api.turnos._index";
import { loader as fechaLoader } from "~/routes/api.turnos.asignadosporfecha.$fecha";
import { action as estadoAction, loader as estadoLoader } from "~/routes/api.turnos.cambiar-estado";
import { loader as configLoader } from "~/routes/api.turnos.turnosconfig";
import { loader as dniLoader } from "~/routes/api.turnos.turnospordni.$dni";
import { loader as grillaLoader } from "~/routes/api.turnos.turnostipotramite._index";
import { callApi, TEST_REQUEST_CONTEXT, type RouteHandler } from "~tests/support/api";
import { sqlOne, sqlRows, type TestDb } from "~tests/support/db";
import { addProfileUser, useTurnosDatabase, userId } from "~tests/support/turnos-fixture";

let t: TestDb;
let idafi: Record<string, number>;
const tok: Record<string, string> = {};

/** A Monday far ahead (no window in the way) and one in the past. */
const DIA = "2099-06-01";
const PASADO = "2020-01-06";

beforeAll(async () => {
  ({ t, idafi } = await useTurnosDatabase());
  const users: Record<string, number> = {
    admin: await userId("admin"),
    consulta: await userId("consulta"),
    // Both screens, only operation 21 (lookup detail): reads and confirms, never assigns or sets ATENDIDO.
    detalle: await addProfileUser("t_detalle", ["/turnos", "/listado-turnos"], [OP.VER_DETALLE_TURNO]),
    // Only the lookup screen, operation 21.
    listado: await addProfileUser("t_listado", ["/listado-turnos"], [OP.VER_DETALLE_TURNO]),
    // The grid screen with no operation at all.
    mirar: await addProfileUser("t_mirar", ["/turnos"], []),
    // Every turnos operation but neither screen.
    sinpantalla: await addProfileUser("t_sinpantalla", [], [OP.ASIGNAR_TURNO, OP.MARCAR_TURNO_ATENDIDO]),
  };
  await requestContext.run(TEST_REQUEST_CONTEXT, async () => {
    for (const [name, id] of Object.entries(users)) tok[name] = await createSession(id, "api");
  });
});
afterAll(async () => {
  await t?.cleanup();
});

type FieldError = { param: string; msg: string };
type Turno = { id: number | null; estado_turno: string; dni_afiliado: string } & Record<string, unknown>;
type Body = {
  msg: string;
  errors: FieldError[];
  resultado: Record<string, unknown>[];
  turnos: Turno[];
  turnos_config: { tipo_tramite: string }[];
  turno: Turno;
};

async function call(
  h: unknown,
  method: string,
  path: string,
  token: string | null | undefined,
  opts: { body?: unknown; params?: Record<string, string> } = {},
): Promise<{ status: number; body: Body }> {
  const r = await callApi(h as RouteHandler, path, { token, method, body: opts.body, params: opts.params });
  return { status: r.status, body: r.body as Body };
}

const slot = (hora_turno: string, puesto: number, over: Record<string, unknown> = {}) => ({
  tipo_tramite: "REINTEGROS",
  fecha_turno: DIA,
  hora_turno,
  puesto,
  dni_afiliado: "30400001",
  apeynom_afiliado: "TURNOS PRUEBA UNO",
  id_afiliado: idafi["30400001"],
  ...over,
});
const put = (body: unknown, token: string | null = tok.admin) =>
  call(turnosAction, "PUT", "/api/turnos", token, { body });
const putEstado = (body: unknown, token: string | null = tok.admin) =>
  call(estadoAction, "PUT", "/api/turnos/cambiar-estado", token, { body });
const grilla = (q: string, token: string | null = tok.admin) =>
  call(grillaLoader, "GET", `/api/turnos/turnostipotramite/?${q}`, token);
const porDni = (dni: string, q = "", token: string | null = tok.admin) =>
  call(dniLoader, "GET", `/api/turnos/turnospordni/${dni}${q}`, token, { params: { dni } });
const porFecha = (fecha: string, q = "", token: string | null = tok.admin) =>
  call(fechaLoader, "GET", `/api/turnos/asignadosporfecha/${fecha}${q}`, token, { params: { fecha } });

describe("guards: anonymous 401, consulta and a profile without the screen 403", () => {
  const reads: [string, () => (token: string | null) => Promise<{ status: number; body: Body }>][] = [
    ["turnosconfig", () => (token) => call(configLoader, "GET", "/api/turnos/turnosconfig", token)],
    ["turnostipotramite", () => (token) => grilla(`tipo_tramite=REINTEGROS&fecha_turno=${DIA}`, token)],
    ["turnospordni", () => (token) => porDni("30400001", "", token)],
    ["asignadosporfecha", () => (token) => porFecha(DIA, "", token)],
    ["PUT /api/turnos", () => (token) => put(slot("08:00", 1), token)],
    ["cambiar-estado", () => (token) => putEstado({ id: 1, estado_turno: "CONFIRMADO" }, token)],
  ];

  test.each(reads)("%s", async (_name, make) => {
    const run = make();
    expect(await run(null)).toEqual({ status: 401, body: { msg: NO_TOKEN } });
    expect(await run("no-es-un-token")).toEqual({ status: 401, body: { msg: BAD_TOKEN } });
    expect(await run(tok.consulta)).toEqual({ status: 403, body: { msg: FORBIDDEN_SCREEN } });
    expect(await run(tok.sinpantalla)).toEqual({ status: 403, body: { msg: FORBIDDEN_SCREEN } });
  });

  test("each call needs its screen: the grid /turnos, the lookups /listado-turnos, config and status either", async () => {
    expect((await grilla(`tipo_tramite=REINTEGROS&fecha_turno=${DIA}`, tok.listado)).status).toBe(403);
    expect((await porDni("30400001", "", tok.mirar)).status).toBe(403);
    expect((await porFecha(DIA, "", tok.mirar)).status).toBe(403);
    expect((await porDni("30400001", "", tok.listado)).status).toBe(200);
    expect((await call(configLoader, "GET", "/api/turnos/turnosconfig", tok.listado)).status).toBe(200);
    expect((await call(configLoader, "GET", "/api/turnos/turnosconfig", tok.mirar)).status).toBe(200);
    expect((await grilla(`tipo_tramite=REINTEGROS&fecha_turno=${DIA}`, tok.mirar)).status).toBe(200);
  });

  test("PUT /api/turnos needs operation 20; the status change one of 20, 21, 26", async () => {
    expect(await put(slot("08:00", 1), tok.detalle)).toEqual({ status: 403, body: { msg: FORBIDDEN_OPERATION } });
    expect(await put(slot("08:00", 1), tok.mirar)).toEqual({ status: 403, body: { msg: FORBIDDEN_OPERATION } });
    expect(await putEstado({ id: 1, estado_turno: "CONFIRMADO" }, tok.mirar)).toEqual({
      status: 403,
      body: { msg: FORBIDDEN_OPERATION },
    });
    expect(await sqlOne("SELECT count(*) FROM turnos")).toBe(0);
  });

  test("methods a route does not take: 405 (after the guard)", async () => {
    const notAllowed = { status: 405, body: { msg: "Método no permitido" } };
    expect(await call(turnosLoader, "GET", "/api/turnos", tok.admin)).toEqual(notAllowed);
    expect(await call(turnosAction, "POST", "/api/turnos", tok.admin, { body: slot("08:00", 1) })).toEqual(notAllowed);
    expect(await call(turnosAction, "DELETE", "/api/turnos", tok.admin)).toEqual(notAllowed);
    expect(await call(estadoLoader, "GET", "/api/turnos/cambiar-estado", tok.admin)).toEqual(notAllowed);
    expect(await call(estadoAction, "POST", "/api/turnos/cambiar-estado", tok.admin, { body: {} })).toEqual(notAllowed);
    expect((await call(turnosLoader, "GET", "/api/turnos", null)).status).toBe(401);
  });
});

describe("GET /api/turnos/turnosconfig and turnostipotramite", () => {
  test("resultado: every type's agenda as 'HH:MM'", async () => {
    const r = await call(configLoader, "GET", "/api/turnos/turnosconfig", tok.admin);
    expect(r.status).toBe(200);
    expect(r.body.resultado).toContainEqual({
      tipo_tramite: "AFILIACIONES",
      cant_puesto: 4,
      tiempo_por_turno: 15,
      inicio_turno: "07:30",
      fin_turno: "12:30",
    });
  });

  test("turnos (every slot, free ones VACIO) and turnos_config (the requested type first)", async () => {
    const r = await grilla(`tipo_tramite=AFILIACIONES&fecha_turno=${DIA}`);
    expect(r.status).toBe(200);
    expect(r.body.turnos).toHaveLength(80);
    expect(r.body.turnos[0]).toMatchObject({
      id: null,
      nro_turno: 1,
      hora_turno: "07:30",
      puesto: 1,
      estado_turno: "VACIO",
    });
    expect(r.body.turnos_config[0].tipo_tramite).toBe("AFILIACIONES");
  });

  test.each([
    ["tipo_tramite=INEXISTENTE&fecha_turno=" + DIA, 404, TURNO_MSG.TIPO_INEXISTENTE, null],
    ["tipo_tramite=-&fecha_turno=" + DIA, 422, TURNO_MSG.TIPO_OBLIGATORIO, "tipo_tramite"],
    ["fecha_turno=" + DIA, 422, TURNO_MSG.TIPO_OBLIGATORIO, "tipo_tramite"],
    ["tipo_tramite=REINTEGROS&fecha_turno=2026-02-30", 422, MSG_TURNO.FECHA_INVALIDA, "fecha_turno"],
    ["tipo_tramite=REINTEGROS&fecha_turno=20245-01-01", 422, MSG_TURNO.FECHA_INVALIDA, "fecha_turno"],
    ["tipo_tramite=REINTEGROS", 422, MSG_TURNO.FECHA_INVALIDA, "fecha_turno"],
    [`tipo_tramite=${"x".repeat(10_000)}&fecha_turno=${DIA}`, 422, TURNO_MSG.TIPO_INEXISTENTE, "tipo_tramite"],
  ] as const)("?%.60s → %s %s", async (q, status, msg, param) => {
    const r = await grilla(q);
    expect(r.status).toBe(status);
    expect(r.body.msg).toBe(msg);
    if (param) expect(r.body.errors).toContainEqual({ param, msg });
  });
});

describe("PUT /api/turnos", () => {
  test("assigns a free slot: { msg, turno }; the second assignment of the slot is 409", async () => {
    const r = await put(slot("08:00", 1));
    expect(r.status).toBe(200);
    expect(r.body.msg).toBe(TURNO_MSG.ASIGNADO);
    expect(r.body.turno).toMatchObject({
      nro_turno: 1,
      tipo_tramite: "REINTEGROS",
      fecha_turno: DIA,
      hora_turno: "08:00",
      puesto: 1,
      dni_afiliado: "30400001",
      estado_turno: "ASIGNADO",
      operador: "admin",
    });
    // Its audit entry: who, from where, what — written with it.
    const [a] = await sqlRows<{ usuario: string; address: string; detalle: Record<string, unknown> }>(
      "SELECT usuario, address, detalle FROM audit_log WHERE accion = 'turno.asignar' AND entidad_id = $1",
      [String(r.body.turno.id)],
    );
    expect(a).toEqual({
      usuario: "admin",
      address: TEST_REQUEST_CONTEXT.address,
      detalle: {
        tipo_tramite: "REINTEGROS",
        fecha_turno: DIA,
        hora_turno: "08:00",
        puesto: 1,
        nro_turno: 1,
        dni_afiliado: "30400001",
        id_afiliado: idafi["30400001"],
      },
    });
    expect(await put(slot("08:00", 1, { id_afiliado: idafi["30400002"] }))).toEqual({
      status: 409,
      body: { msg: TURNO_MSG.YA_ASIGNADO },
    });
    const g = await grilla(`tipo_tramite=REINTEGROS&fecha_turno=${DIA}`);
    expect(g.body.turnos[0]).toMatchObject({ id: r.body.turno.id, dni_afiliado: "30400001" });
  });

  test("AFILIACIONES without a member, and the member rules' messages", async () => {
    const afi = (over: Record<string, unknown>) => ({
      tipo_tramite: "AFILIACIONES",
      fecha_turno: DIA,
      hora_turno: "07:45",
      puesto: 2,
      ...over,
    });
    expect(await put(afi({ dni_afiliado: "40111222" }))).toEqual({
      status: 422,
      body: {
        msg: TURNO_MSG.DNI_Y_NOMBRE,
        errors: [{ param: "apeynom_afiliado", msg: TURNO_MSG.DNI_Y_NOMBRE }],
      },
    });
    const r = await put(afi({ dni_afiliado: "40111222", apeynom_afiliado: "NUEVA PERSONA" }));
    expect(r.status).toBe(200);
    expect(r.body.turno).toMatchObject({
      dni_afiliado: "40111222",
      id_afiliado: null,
      apeynom_afiliado: "NUEVA PERSONA",
    });
    expect(await put(slot("08:20", 1, { id_afiliado: null }))).toEqual({
      status: 422,
      body: { msg: TURNO_MSG.DEBE_BUSCAR, errors: [{ param: "dni_afiliado", msg: TURNO_MSG.DEBE_BUSCAR }] },
    });
    expect((await put(slot("08:20", 1, { id_afiliado: 2_000_000_000 }))).body.msg).toBe(TURNO_MSG.AFILIADO_NO_EXISTE);
  });

  test.each([
    ["a past slot", { fecha_turno: PASADO }, TURNO_MSG.BLOQUEADO, "hora_turno"],
    ["a slot outside the agenda", { hora_turno: "08:10" }, TURNO_MSG.NO_EXISTE_EN_AGENDA, "hora_turno"],
    ["a puesto outside the agenda", { puesto: 3 }, TURNO_MSG.NO_EXISTE_EN_AGENDA, "hora_turno"],
    ["an unknown type", { tipo_tramite: "INEXISTENTE" }, TURNO_MSG.TIPO_INEXISTENTE, "tipo_tramite"],
    ["'-' as type", { tipo_tramite: "-" }, TURNO_MSG.TIPO_OBLIGATORIO, "tipo_tramite"],
    ["2026-02-30", { fecha_turno: "2026-02-30" }, MSG_TURNO.FECHA_INVALIDA, "fecha_turno"],
    ["year 20245", { fecha_turno: "20245-01-01" }, MSG_TURNO.FECHA_INVALIDA, "fecha_turno"],
    ["a bad time", { hora_turno: "8.20" }, MSG_TURNO.HORA_INVALIDA, "hora_turno"],
    ["puesto 0", { puesto: 0 }, MSG_TURNO.PUESTO_INVALIDO, "puesto"],
    ["puesto 1000", { puesto: 1000 }, MSG_TURNO.PUESTO_INVALIDO, "puesto"],
    [
      "a 10 000-character observation",
      { observacion: "x".repeat(10_000) },
      `Máximo ${MAX_OBSERVACION} caracteres`,
      "observacion",
    ],
    [
      "a 10 000-character name",
      { tipo_tramite: "AFILIACIONES", hora_turno: "08:00", id_afiliado: null, apeynom_afiliado: "x".repeat(10_000) },
      "Máximo 120 caracteres",
      "apeynom_afiliado",
    ],
    [
      "a bad typed DNI",
      { tipo_tramite: "AFILIACIONES", hora_turno: "08:00", id_afiliado: null, dni_afiliado: "123" },
      MSG_DNI_INVALIDO,
      "dni_afiliado",
    ],
    ["a bad id", { id: "x" }, MSG_TURNO.ID_TURNO_INVALIDO, "id"],
  ] as const)("%s → 422 with its message, nothing written", async (_name, over, msg, param) => {
    const before = await sqlOne("SELECT count(*) FROM turnos");
    const r = await put(slot("08:20", 2, over));
    expect(r.status).toBe(422);
    expect(r.body.msg).toBe(msg);
    expect(r.body.errors).toContainEqual({ param, msg });
    expect(await sqlOne("SELECT count(*) FROM turnos")).toBe(before);
  });

  test("a body that is not a JSON object is 400", async () => {
    expect((await put("no json")).status).toBe(400);
    expect((await put([slot("08:20", 2)])).status).toBe(400);
  });
});

describe("PUT /api/turnos/cambiar-estado", () => {
  let id: number;
  beforeAll(async () => {
    id = (await put(slot("09:00", 2))).body.turno.id!;
  });

  test("ASIGNADO → CONFIRMADO with operation 21; ATENDIDO needs 26; the admin may", async () => {
    const r = await putEstado({ id, estado_turno: "CONFIRMADO" }, tok.detalle);
    expect(r.status).toBe(200);
    expect(r.body.msg).toBe(TURNO_MSG.ESTADO_CAMBIADO);
    expect(r.body.turno).toMatchObject({ id, estado_turno: "CONFIRMADO", operador: "t_detalle" });
    expect(await putEstado({ id, estado_turno: "ATENDIDO" }, tok.detalle)).toEqual({
      status: 409,
      body: {
        msg: TURNO_MSG.ESTADO_NO_PERMITIDO,
        errors: [{ param: "estado_turno", msg: TURNO_MSG.ESTADO_NO_PERMITIDO }],
      },
    });
    expect((await putEstado({ id, estado_turno: "ATENDIDO" })).body.turno.estado_turno).toBe("ATENDIDO");
    expect((await putEstado({ id, estado_turno: "CANCELADO" })).status).toBe(409);
  });

  test("unknown turno 404; bad input 422", async () => {
    expect(await putEstado({ id: 2_000_000_000, estado_turno: "CONFIRMADO" })).toEqual({
      status: 404,
      body: { msg: TURNO_MSG.TURNO_NO_EXISTE, errors: [{ param: "id", msg: TURNO_MSG.TURNO_NO_EXISTE }] },
    });
    for (const [b, param] of [
      [{ id, estado_turno: "VACIO" }, "estado_turno"],
      [{ id, estado_turno: "y".repeat(10_000) }, "estado_turno"],
      [{ id: -3, estado_turno: "CONFIRMADO" }, "id"],
      [{ estado_turno: "CONFIRMADO" }, "id"],
    ] as const) {
      const r = await putEstado(b);
      expect(r.status).toBe(422);
      expect(r.body.errors[0].param).toBe(param);
    }
  });
});

describe("versions (ADR 047)", () => {
  const STALE = "El registro fue modificado por otro usuario: vuelva a cargarlo";

  test("the grid carries version; a status change with an older one → 409, nothing changed; without it → accepted", async () => {
    const id = (await put(slot("10:00", 2))).body.turno.id!;
    const g = await grilla(`tipo_tramite=REINTEGROS&fecha_turno=${DIA}`);
    const read = g.body.turnos.find((x) => x.id === id)!;
    expect(read.version).toBe(1);
    expect(g.body.turnos.find((x) => x.estado_turno === "VACIO")!.version).toBeNull();
    const first = await putEstado({ id, estado_turno: "CONFIRMADO", version: read.version });
    expect(first.status).toBe(200);
    expect(first.body.turno.version).toBe(2);
    const audits = await sqlOne("SELECT count(*) FROM audit_log WHERE accion = 'turno.estado'");
    const stale = await putEstado({ id, estado_turno: "CANCELADO", version: read.version });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(STALE);
    expect(await sqlOne("SELECT count(*) FROM audit_log WHERE accion = 'turno.estado'")).toBe(audits);
    const [row] = await sqlRows<{ estado_turno: string; version: number }>(
      "SELECT estado_turno, version FROM turnos WHERE id = $1",
      [id],
    );
    expect(row).toEqual({ estado_turno: "CONFIRMADO", version: 2 });
    expect((await putEstado({ id, estado_turno: "CANCELADO", version: null })).status).toBe(200);
  });

  test("PUT /api/turnos editing an ASIGNADO turno: the turno as read is accepted back; an older version → 409", async () => {
    const r = await put(slot("10:20", 1));
    const turno = r.body.turno;
    expect(turno.version).toBe(1);
    const again = await put({ ...turno, observacion: "primera" });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.turno).toMatchObject({ id: turno.id, observacion: "primera", version: 2 });
    const stale = await put({ ...turno, observacion: "segunda" });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(STALE);
    const { version: _v, ...sin } = turno;
    expect((await put({ ...sin, observacion: "sin version" })).body.turno.version).toBe(3);
  });
});

describe("GET turnospordni and asignadosporfecha", () => {
  test("a member's turnos, by type", async () => {
    const r = await porDni("30400001");
    expect(r.status).toBe(200);
    expect(r.body.turnos.length).toBeGreaterThan(0);
    expect(r.body.turnos.every((x) => x.dni_afiliado === "30400001")).toBe(true);
    expect((await porDni("30400001", "?tipo_tramite=AFILIACIONES")).body.turnos).toEqual([]);
    expect((await porDni("30400001", "?tipo_tramite=TODOS")).body.turnos.length).toBe(r.body.turnos.length);
  });

  test("a day's turnos, by type", async () => {
    const r = await porFecha(DIA);
    expect(r.status).toBe(200);
    expect(r.body.turnos.length).toBe(await sqlOne("SELECT count(*) FROM turnos WHERE fecha_turno = $1", [DIA]));
    const afi = await porFecha(DIA, "?tipo_tramite=AFILIACIONES");
    expect(afi.body.turnos.map((x) => x.tipo_tramite)).toEqual(["AFILIACIONES"]);
  });

  test.each([
    ["dni", () => porDni("123"), 422, MSG_DNI_INVALIDO],
    ["dni", () => porDni("30400001", "?tipo_tramite=-"), 422, TURNO_MSG.TIPO_OBLIGATORIO],
    ["dni", () => porDni("30400001", "?tipo_tramite=NADA"), 404, TURNO_MSG.TIPO_INEXISTENTE],
    ["fecha", () => porFecha("2026-02-30"), 422, MSG_TURNO.FECHA_INVALIDA],
    ["fecha", () => porFecha("20245-01-01"), 422, MSG_TURNO.FECHA_INVALIDA],
    ["fecha", () => porFecha(DIA, "?tipo_tramite=-"), 422, TURNO_MSG.TIPO_OBLIGATORIO],
    ["fecha", () => porFecha(DIA, "?tipo_tramite=NADA"), 404, TURNO_MSG.TIPO_INEXISTENTE],
  ] as const)("by %s: refused %s", async (_by, run, status, msg) => {
    const r = await run();
    expect(r.status).toBe(status);
    expect(r.body.msg).toBe(msg);
  });
});

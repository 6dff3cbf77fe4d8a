// Appointments on a real database (PGlite here, Postgres with DATABASE_URL): the day's grid, assigning with the
// unique slot deciding (10 parallel assignments of one slot → one winner), the 15-minute window whatever the client
// sends, the member rules (AFILIACIONES without one), and bad input → 422 writing nothing. Taken slots (edit,
// reassign, versions): asignar-ocupado.server.test.ts; status changes and lookups: estado-consulta.server.test.ts.
// ADR 030.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FORBIDDEN_OPERATION } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import type { SessionUser } from "~/auth/sessions.server";
import { MSG_DNI_INVALIDO } from "~/lib/input";
import { sqlOne, type TestDb } from "~tests/support/db";
import {
  asignado,
  deskUser,
  DIA,
  MIEMBROS,
  NOW,
  OPS_DESK,
  turnoAudits,
  turnoBody,
  useTurnosDatabase,
} from "~tests/support/turnos-fixture";
import { asignarTurno } from "./asignar.server";
import { turnosConfig } from "./config.server";
import { turnoPorId } from "./consulta.server";
import { turnosDelDia } from "./grilla.server";
import { TURNO_MSG } from "./rules";
import { MAX_OBSERVACION, MSG_TURNO } from "./turnos.schema";

let t: TestDb;
let idafi: Record<string, number>;
let desk: SessionUser; // operations 20 and 21
let uno: number;
let dos: number;

beforeAll(async () => {
  let adminId: number;
  ({ t, idafi, adminId } = await useTurnosDatabase());
  desk = deskUser(adminId, OPS_DESK);
  uno = idafi["30400001"];
  dos = idafi["30400002"];
});
afterAll(async () => {
  await t?.cleanup();
});

/** An assignment body for slot (hora, puesto) of REINTEGROS on DIA for member 30400001. */
const body = (hora_turno: string, puesto: number, over: Record<string, unknown> = {}) =>
  turnoBody(uno, hora_turno, puesto, over);
const ok = asignado;
const audits = turnoAudits;

const rowsAt = (tipo: string, fecha: string, hora: string, puesto: number) =>
  sqlOne(
    "SELECT count(*) FROM turnos WHERE tipo_tramite = $1 AND fecha_turno = $2 AND hora_turno = $3 AND puesto = $4",
    [tipo, fecha, hora, puesto],
  );

describe("turnosConfig and the day's grid", () => {
  test("the configurations as 'HH:MM'", async () => {
    expect(await turnosConfig()).toContainEqual({
      tipo_tramite: "REINTEGROS",
      cant_puesto: 2,
      tiempo_por_turno: 20,
      inicio_turno: "08:00",
      fin_turno: "12:00",
    });
  });

  test("every slot of the day: taken ones with their row, free ones VACIO; the requested type's config first", async () => {
    const taken = ok(await asignarTurno(body("09:00", 2), desk, NOW));
    const r = await turnosDelDia("REINTEGROS", DIA);
    if (!r.ok) throw new Error(r.msg);
    expect(r.turnos).toHaveLength(24);
    expect(r.turnos_config[0].tipo_tramite).toBe("REINTEGROS");
    expect(r.turnos_config.map((c) => c.tipo_tramite).sort()).toEqual(["AFILIACIONES", "AUTORIZACIONES", "REINTEGROS"]);
    expect(r.turnos[0]).toEqual({
      id: null,
      nro_turno: 1,
      tipo_tramite: "REINTEGROS",
      fecha_turno: DIA,
      hora_turno: "08:00",
      puesto: 1,
      dni_afiliado: "",
      apeynom_afiliado: "",
      id_afiliado: null,
      estado_turno: "VACIO",
      observacion: null,
      operador: null,
      version: null,
    });
    expect(r.turnos[7]).toEqual(taken);
    expect(r.turnos.filter((x) => x.estado_turno !== "VACIO")).toHaveLength(1);
    // Another type's grid of the same day does not show it.
    const other = await turnosDelDia("AFILIACIONES", DIA);
    expect(other.ok && other.turnos.every((x) => x.estado_turno === "VACIO")).toBe(true);
  });

  test("an unknown type is 404; '-', a missing type and impossible dates are 422 with field errors", async () => {
    expect(await turnosDelDia("INEXISTENTE", DIA)).toEqual({ ok: false, status: 404, msg: TURNO_MSG.TIPO_INEXISTENTE });
    for (const [tipo, fecha, param, msg] of [
      ["-", DIA, "tipo_tramite", TURNO_MSG.TIPO_OBLIGATORIO],
      ["", DIA, "tipo_tramite", TURNO_MSG.TIPO_OBLIGATORIO],
      ["REINTEGROS", "2026-02-30", "fecha_turno", MSG_TURNO.FECHA_INVALIDA],
      ["REINTEGROS", "20245-01-01", "fecha_turno", MSG_TURNO.FECHA_INVALIDA],
      ["REINTEGROS", "", "fecha_turno", MSG_TURNO.FECHA_INVALIDA],
    ]) {
      const r = await turnosDelDia(tipo, fecha);
      expect(r).toMatchObject({ ok: false, status: 422, msg, errors: [{ param, msg }] });
    }
  });
});

describe("asignarTurno", () => {
  test("a free slot: the member's DNI and name from the registry (not the client's), nro_turno from the slot, the operador, one audit entry", async () => {
    const r = await asignarTurno(
      body("08:20", 2, { dni_afiliado: "99999999", apeynom_afiliado: "OTRO NOMBRE", observacion: "  trae orden " }),
      desk,
      NOW,
    );
    expect(r).toMatchObject({ ok: true, msg: TURNO_MSG.ASIGNADO });
    const turno = ok(r);
    expect(turno).toMatchObject({
      nro_turno: 4,
      tipo_tramite: "REINTEGROS",
      fecha_turno: DIA,
      hora_turno: "08:20",
      puesto: 2,
      dni_afiliado: "30400001",
      apeynom_afiliado: MIEMBROS["30400001"],
      id_afiliado: uno,
      estado_turno: "ASIGNADO",
      observacion: "trae orden",
      operador: "admin",
    });
    expect(await turnoPorId(turno.id)).toEqual(turno);
    const [a] = await audits("turno.asignar", turno.id);
    expect(a.usuario).toBe("admin");
    expect(a.detalle).toMatchObject({ hora_turno: "08:20", puesto: 2, dni_afiliado: "30400001", nro_turno: 4 });
  });

  test("10 parallel assignments of one free slot: exactly one success, nine 409s, one row", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        asignarTurno(body("10:00", 1, { id_afiliado: i % 2 ? uno : dos }), desk, NOW),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const lost = results.filter((r) => !r.ok);
    expect(lost).toHaveLength(9);
    for (const r of lost) expect(r).toEqual({ ok: false, status: 409, msg: TURNO_MSG.YA_ASIGNADO, code: "slot-taken" });
    expect(await rowsAt("REINTEGROS", DIA, "10:00", 1)).toBe(1);
    const winner = results.find((r) => r.ok)!;
    expect(await audits("turno.asignar", ok(winner).id)).toHaveLength(1);
  });

  test("a slot inside the 15-minute window or in the past is refused whatever the client sends; nothing written", async () => {
    // 10:50 in Catamarca on DIA: the 11:00 slot is 10 minutes away, the 11:20 one 30.
    const now = new Date("2030-03-04T13:50:00Z");
    const cases = [
      body("11:00", 1),
      body("11:00", 1, { estado_turno: "VACIO", id: undefined }),
      body("08:00", 1, { fecha_turno: "2030-03-01" }), // a past day
      body("11:00", 1, { tipo_tramite: "REINTEGROS", now: "2030-03-01T00:00:00Z" }),
    ];
    for (const b of cases) {
      const r = await asignarTurno(b, desk, now);
      expect(r).toEqual({
        ok: false,
        status: 422,
        msg: TURNO_MSG.BLOQUEADO,
        errors: [{ param: "hora_turno", msg: TURNO_MSG.BLOQUEADO }],
        code: "window-closed",
      });
    }
    expect(await rowsAt("REINTEGROS", DIA, "11:00", 1)).toBe(0);
    expect(await rowsAt("REINTEGROS", "2030-03-01", "08:00", 1)).toBe(0);
    // The same call at the exact edge (15 minutes before) goes through.
    ok(await asignarTurno(body("11:20", 1), desk, now));
    const edge = new Date("2030-03-04T14:45:00Z"); // 11:45 in Catamarca; slot 12:00 does not exist, 11:40 is past
    expect((await asignarTurno(body("11:40", 1), desk, edge)).ok).toBe(false);
    ok(await asignarTurno(body("11:40", 2), desk, new Date("2030-03-04T14:25:00Z")));
  });

  test("Saturdays and Sundays: the grid has no free slot and an assignment is 422 on fecha_turno (ADR 051)", async () => {
    for (const fecha of ["2030-03-09", "2030-03-10"]) {
      const r = await turnosDelDia("REINTEGROS", fecha);
      expect(r).toMatchObject({ ok: true, turnos: [] });
      expect(await asignarTurno(body("11:00", 1, { fecha_turno: fecha }), desk, NOW)).toEqual({
        ok: false,
        status: 422,
        msg: TURNO_MSG.SIN_ATENCION,
        errors: [{ param: "fecha_turno", msg: TURNO_MSG.SIN_ATENCION }],
        code: "closed-day",
      });
      expect(await rowsAt("REINTEGROS", fecha, "11:00", 1)).toBe(0);
    }
  });

  test("a slot that is not in the type's agenda is 422", async () => {
    for (const b of [body("08:10", 1), body("12:00", 1), body("07:40", 1), body("08:00", 3)]) {
      expect(await asignarTurno(b, desk, NOW)).toMatchObject({
        ok: false,
        status: 422,
        msg: TURNO_MSG.NO_EXISTE_EN_AGENDA,
      });
    }
    expect(await sqlOne("SELECT count(*) FROM turnos WHERE puesto = 3 AND tipo_tramite = 'REINTEGROS'")).toBe(0);
  });

  test("an unknown type is 422 on tipo_tramite; '-' asks to choose one", async () => {
    expect(await asignarTurno(body("08:00", 1, { tipo_tramite: "INEXISTENTE" }), desk, NOW)).toEqual({
      ok: false,
      status: 422,
      msg: TURNO_MSG.TIPO_INEXISTENTE,
      errors: [{ param: "tipo_tramite", msg: TURNO_MSG.TIPO_INEXISTENTE }],
      code: "invalid",
    });
    expect(await asignarTurno(body("08:00", 1, { tipo_tramite: "-" }), desk, NOW)).toMatchObject({
      status: 422,
      msg: TURNO_MSG.TIPO_OBLIGATORIO,
    });
  });

  test("AFILIACIONES without a member: DNI and name typed are stored; both are required", async () => {
    const afi = (over: Record<string, unknown>) => ({
      tipo_tramite: "AFILIACIONES",
      fecha_turno: DIA,
      hora_turno: "07:30",
      puesto: 1,
      ...over,
    });
    const none = { ok: false, status: 422, msg: TURNO_MSG.DNI_Y_NOMBRE };
    expect(await asignarTurno(afi({}), desk, NOW)).toMatchObject({
      ...none,
      errors: [{ param: "dni_afiliado", msg: TURNO_MSG.DNI_Y_NOMBRE }],
    });
    expect(await asignarTurno(afi({ dni_afiliado: "40111222", apeynom_afiliado: "  " }), desk, NOW)).toMatchObject({
      ...none,
      errors: [{ param: "apeynom_afiliado", msg: TURNO_MSG.DNI_Y_NOMBRE }],
    });
    expect(await asignarTurno(afi({ apeynom_afiliado: "PEREZ ANA" }), desk, NOW)).toMatchObject(none);
    expect(
      await asignarTurno(afi({ dni_afiliado: "40.111.222", apeynom_afiliado: "PEREZ ANA" }), desk, NOW),
    ).toMatchObject({ status: 422, msg: MSG_DNI_INVALIDO });
    expect(await rowsAt("AFILIACIONES", DIA, "07:30", 1)).toBe(0);
    const turno = ok(
      await asignarTurno(
        afi({ dni_afiliado: "40111222", apeynom_afiliado: "perez ana", id_afiliado: null }),
        desk,
        NOW,
      ),
    );
    expect(turno).toMatchObject({
      dni_afiliado: "40111222",
      apeynom_afiliado: "PEREZ ANA",
      id_afiliado: null,
      nro_turno: 1,
    });
  });

  test("other types need a found member: 'Debe buscar un afiliado'; an unknown member id is 422", async () => {
    expect(await asignarTurno(body("08:40", 1, { id_afiliado: undefined }), desk, NOW)).toEqual({
      ok: false,
      status: 422,
      msg: TURNO_MSG.DEBE_BUSCAR,
      errors: [{ param: "dni_afiliado", msg: TURNO_MSG.DEBE_BUSCAR }],
      code: "invalid",
    });
    expect(await asignarTurno(body("08:40", 1, { id_afiliado: 2_000_000_000 }), desk, NOW)).toEqual({
      ok: false,
      status: 422,
      msg: TURNO_MSG.AFILIADO_NO_EXISTE,
      errors: [{ param: "id_afiliado", msg: TURNO_MSG.AFILIADO_NO_EXISTE }],
      code: "invalid",
    });
    expect(await rowsAt("REINTEGROS", DIA, "08:40", 1)).toBe(0);
  });

  test("without operation 20: 403, nothing written", async () => {
    const viewer = deskUser(desk.id, [OP.VER_DETALLE_TURNO, OP.MARCAR_TURNO_ATENDIDO]);
    expect(await asignarTurno(body("11:20", 2), viewer, NOW)).toEqual({
      ok: false,
      status: 403,
      msg: FORBIDDEN_OPERATION,
      code: "forbidden",
    });
    expect(await rowsAt("REINTEGROS", DIA, "11:20", 2)).toBe(0);
  });

  test.each([
    ["fecha_turno", { fecha_turno: "2026-02-30" }, MSG_TURNO.FECHA_INVALIDA],
    ["fecha_turno", { fecha_turno: "20245-01-01" }, MSG_TURNO.FECHA_INVALIDA],
    ["hora_turno", { hora_turno: "8:00" }, MSG_TURNO.HORA_INVALIDA],
    ["hora_turno", { hora_turno: "24:00" }, MSG_TURNO.HORA_INVALIDA],
    ["hora_turno", { hora_turno: 800 }, MSG_TURNO.HORA_INVALIDA],
    ["puesto", { puesto: 0 }, MSG_TURNO.PUESTO_INVALIDO],
    ["puesto", { puesto: 100 }, MSG_TURNO.PUESTO_INVALIDO],
    ["puesto", { puesto: 1.5 }, MSG_TURNO.PUESTO_INVALIDO],
    ["puesto", { puesto: "uno" }, MSG_TURNO.PUESTO_INVALIDO],
    ["observacion", { observacion: "x".repeat(10_000) }, `Máximo ${MAX_OBSERVACION} caracteres`],
    ["id", { id: -1 }, MSG_TURNO.ID_TURNO_INVALIDO],
    ["id_afiliado", { id_afiliado: 3_000_000_000 }, MSG_TURNO.ID_AFILIADO_INVALIDO],
    ["tipo_tramite", { tipo_tramite: "x".repeat(10_000) }, TURNO_MSG.TIPO_INEXISTENTE],
  ] as const)("bad %s (%j) → 422 { msg, errors }, nothing written", async (param, over, msg) => {
    const before = await sqlOne("SELECT count(*) FROM turnos");
    const r = await asignarTurno(body("11:40", 1, over), desk, NOW);
    expect(r).toMatchObject({ ok: false, status: 422, msg });
    expect(!r.ok && r.errors).toContainEqual({ param, msg });
    expect(await sqlOne("SELECT count(*) FROM turnos")).toBe(before);
  });

  test("a form's values (strings) are read like the API's numbers", async () => {
    const turno = ok(
      await asignarTurno(
        { ...body("11:40", 1), puesto: "1", id_afiliado: String(uno), hora_turno: "11:40:00", id: "" },
        desk,
        NOW,
      ),
    );
    expect(turno).toMatchObject({ hora_turno: "11:40", puesto: 1, id_afiliado: uno });
  });
});

// Appointments on a real database (PGlite here, Postgres with DATABASE_URL): the status changes per operation on
// the locked row (ADR 030) and the lookups by DNI, date and id with their input rules.
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
  NOW,
  OPS_ALL,
  OPS_DESK,
  turnoAudits,
  turnoBody,
  useTurnosDatabase,
} from "~tests/support/turnos-fixture";
import { asignarTurno } from "./asignar.server";
import { consultaParams, turnoPorId, turnosPorDni, turnosPorFecha } from "./consulta.server";
import { cambiarEstado } from "./estado.server";
import { TURNO_MSG } from "./rules";
import { MSG_TURNO } from "./turnos.schema";
import { MSG_VERSION_VIEJA } from "~db/version";

let t: TestDb;
let desk: SessionUser; // operations 20 and 21
let all: SessionUser; // 20, 21 and 26
let uno: number;

const body = (hora_turno: string, puesto: number, over: Record<string, unknown> = {}) =>
  turnoBody(uno, hora_turno, puesto, over);
const ok = asignado;
const audits = turnoAudits;

beforeAll(async () => {
  let adminId: number;
  let idafi: Record<string, number>;
  ({ t, idafi, adminId } = await useTurnosDatabase());
  desk = deskUser(adminId, OPS_DESK);
  all = deskUser(adminId, OPS_ALL);
  uno = idafi["30400001"];
  // What the lookups find on DIA: a REINTEGROS slot of member 30400002 and an AFILIACIONES one of a non-member.
  ok(
    await asignarTurno(
      body("11:00", 1, { id_afiliado: idafi["30400002"], dni_afiliado: "30400002", apeynom_afiliado: "X" }),
      desk,
      NOW,
    ),
  );
  ok(
    await asignarTurno(
      {
        tipo_tramite: "AFILIACIONES",
        fecha_turno: DIA,
        hora_turno: "07:30",
        puesto: 1,
        dni_afiliado: "40999888",
        apeynom_afiliado: "PERSONA SIN AFILIACION",
      },
      desk,
      NOW,
    ),
  );
});
afterAll(async () => {
  await t?.cleanup();
});

describe("cambiarEstado", () => {
  let id: number;
  beforeAll(async () => {
    id = ok(await asignarTurno(body("08:00", 2), desk, NOW)).id;
  });

  test("ASIGNADO → CONFIRMADO with the message, the operador and an audit entry", async () => {
    const r = await cambiarEstado(
      { id, estado_turno: "CONFIRMADO" },
      deskUser(desk.id, [OP.VER_DETALLE_TURNO], "admin"),
    );
    expect(r).toMatchObject({ ok: true, msg: TURNO_MSG.ESTADO_CAMBIADO, turno: { id, estado_turno: "CONFIRMADO" } });
    const [a] = await audits("turno.estado", id);
    expect(a.detalle).toMatchObject({ de: "ASIGNADO", a: "CONFIRMADO" });
  });

  test("CONFIRMADO → ATENDIDO needs operation 26", async () => {
    expect(await cambiarEstado({ id, estado_turno: "ATENDIDO" }, desk)).toEqual({
      ok: false,
      status: 409,
      msg: TURNO_MSG.ESTADO_NO_PERMITIDO,
      errors: [{ param: "estado_turno", msg: TURNO_MSG.ESTADO_NO_PERMITIDO }],
      code: "conflict",
    });
    expect((await turnoPorId(id))?.estado_turno).toBe("CONFIRMADO");
    expect(
      await cambiarEstado({ id, estado_turno: "ATENDIDO" }, deskUser(desk.id, [OP.MARCAR_TURNO_ATENDIDO])),
    ).toMatchObject({ ok: true, turno: { estado_turno: "ATENDIDO" } });
  });

  test("ATENDIDO and CANCELADO are final; ASIGNADO cannot be set by a status change", async () => {
    for (const estado_turno of ["CONFIRMADO", "CANCELADO", "ASIGNADO"]) {
      expect(await cambiarEstado({ id, estado_turno }, all)).toMatchObject({ status: 409 });
    }
    const other = ok(await asignarTurno(body("08:00", 1), desk, NOW));
    expect(await cambiarEstado({ id: other.id, estado_turno: "ASIGNADO" }, all)).toMatchObject({ status: 409 });
    ok(await cambiarEstado({ id: other.id, estado_turno: "CANCELADO" }, all));
    expect(await cambiarEstado({ id: other.id, estado_turno: "CONFIRMADO" }, all)).toMatchObject({ status: 409 });
  });

  test("the choice is checked against the row's current status when two changes race", async () => {
    const raced = ok(await asignarTurno(body("08:40", 2), desk, NOW));
    ok(await cambiarEstado({ id: raced.id, estado_turno: "CONFIRMADO" }, all));
    // Both read CONFIRMADO: one sets ATENDIDO, the other CANCELADO; the second sees the first's result.
    const rs = await Promise.all([
      cambiarEstado({ id: raced.id, estado_turno: "ATENDIDO" }, all),
      cambiarEstado({ id: raced.id, estado_turno: "CANCELADO" }, all),
    ]);
    expect(rs.filter((r) => r.ok)).toHaveLength(1);
    expect(rs.filter((r) => !r.ok && r.status === 409)).toHaveLength(1);
  });

  test("without operations 20, 21 and 26: 403; unknown id 404; bad input 422", async () => {
    expect(await cambiarEstado({ id, estado_turno: "CONFIRMADO" }, deskUser(desk.id, [OP.VER_NOTAS]))).toEqual({
      ok: false,
      status: 403,
      msg: FORBIDDEN_OPERATION,
      code: "forbidden",
    });
    expect(await cambiarEstado({ id: 2_000_000_000, estado_turno: "CONFIRMADO" }, all)).toMatchObject({
      status: 404,
      msg: TURNO_MSG.TURNO_NO_EXISTE,
    });
    for (const [input, param] of [
      [{ id, estado_turno: "VACIO" }, "estado_turno"],
      [{ id, estado_turno: "x".repeat(10_000) }, "estado_turno"],
      [{ id: "abc", estado_turno: "CONFIRMADO" }, "id"],
      [{ id: 99_999_999_999, estado_turno: "CONFIRMADO" }, "id"],
      [{ estado_turno: "CONFIRMADO" }, "id"],
    ] as const) {
      const r = await cambiarEstado(input, all);
      expect(r).toMatchObject({ ok: false, status: 422 });
      expect(!r.ok && r.errors?.[0].param).toBe(param);
    }
  });
});

describe("stale status changes (ADR 047)", () => {
  test("a new turno is version 1; each change adds 1; two changes of one version → the second 409, nothing changed", async () => {
    const t0 = ok(await asignarTurno(body("09:00", 1), desk, NOW));
    expect(t0.version).toBe(1);
    const first = await cambiarEstado({ id: t0.id, estado_turno: "CONFIRMADO", version: 1 }, all);
    expect(first.ok && first.turno.version).toBe(2);
    const logs = (await audits("turno.estado", t0.id)).length;
    // The second clerk read version 1 (ASIGNADO) and cancels: refused, the row stays CONFIRMADO.
    const second = await cambiarEstado({ id: t0.id, estado_turno: "CANCELADO", version: 1 }, all);
    expect(second).toMatchObject({ ok: false, status: 409, msg: MSG_VERSION_VIEJA });
    expect(await turnoPorId(t0.id)).toMatchObject({ estado_turno: "CONFIRMADO", version: 2 });
    expect(await audits("turno.estado", t0.id)).toHaveLength(logs);
    // Without version: accepted (a client that does not know it).
    const sin = await cambiarEstado({ id: t0.id, estado_turno: "CANCELADO" }, all);
    expect(sin.ok && sin.turno).toMatchObject({ estado_turno: "CANCELADO", version: 3 });
  });

  test("concurrent changes of one version to states both allow: exactly one wins", async () => {
    const t0 = ok(await asignarTurno(body("09:20", 1), desk, NOW));
    ok(await cambiarEstado({ id: t0.id, estado_turno: "CONFIRMADO", version: 1 }, all));
    const rs = await Promise.all([
      cambiarEstado({ id: t0.id, estado_turno: "ATENDIDO", version: 2 }, all),
      cambiarEstado({ id: t0.id, estado_turno: "CANCELADO", version: 2 }, all),
    ]);
    expect(rs.filter((r) => r.ok)).toHaveLength(1);
    expect((await turnoPorId(t0.id))!.version).toBe(3);
  });

  test("a version that is not a whole number → 422 on version", async () => {
    const t0 = ok(await asignarTurno(body("09:40", 1), desk, NOW));
    expect(await cambiarEstado({ id: t0.id, estado_turno: "CONFIRMADO", version: "x" }, all)).toMatchObject({
      status: 422,
      errors: [{ param: "version" }],
    });
  });
});

describe("lookups", () => {
  test("by DNI (newest first, by type), by date (every status, by type), by id", async () => {
    const mine = await turnosPorDni("30400002");
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((x) => x.dni_afiliado === "30400002")).toBe(true);
    expect(await turnosPorDni("30400002", "AFILIACIONES")).toEqual([]);
    const day = await turnosPorFecha(DIA);
    expect(day.length).toBe(await sqlOne("SELECT count(*) FROM turnos WHERE fecha_turno = $1", [DIA]));
    expect(new Set(day.map((x) => x.tipo_tramite))).toEqual(new Set(["REINTEGROS", "AFILIACIONES"]));
    expect((await turnosPorFecha(DIA, "AFILIACIONES")).map((x) => x.tipo_tramite)).toEqual(["AFILIACIONES"]);
    const horas = (await turnosPorFecha(DIA, "REINTEGROS")).map((x) => `${x.hora_turno}|${x.puesto}`);
    expect(horas).toEqual([...horas].sort());
    expect(await turnoPorId(2_000_000_000)).toBeNull();
    expect(await turnoPorId(0)).toBeNull();
  });

  test("the lookup's input: DNI or date required by its path, TODOS default, '-' refused, unknown type 404", async () => {
    expect(await consultaParams({ dni: "30400002" }, "dni")).toEqual({
      ok: true,
      data: { dni: "30400002", tipo_tramite: "TODOS" },
    });
    expect(await consultaParams({ dni: "" }, "dni")).toMatchObject({ status: 422, msg: TURNO_MSG.DNI_OBLIGATORIO });
    expect(await consultaParams({ dni: "30.400.002" }, "dni")).toMatchObject({ status: 422, msg: MSG_DNI_INVALIDO });
    expect(await consultaParams({ fecha: "2026-02-30" }, "fecha")).toMatchObject({
      status: 422,
      errors: [{ param: "fecha", msg: MSG_TURNO.FECHA_INVALIDA }],
    });
    expect(await consultaParams({ fecha: DIA, tipo_tramite: "-" }, "fecha")).toMatchObject({
      status: 422,
      msg: TURNO_MSG.TIPO_OBLIGATORIO,
    });
    expect(await consultaParams({ fecha: DIA, tipo_tramite: "NADA" }, "fecha")).toEqual({
      ok: false,
      status: 404,
      msg: TURNO_MSG.TIPO_INEXISTENTE,
    });
  });
});

// Assigning a slot that is taken, on a real database (PGlite here, Postgres with DATABASE_URL): an ASIGNADO turno is
// edited with its id (and the version read: a stale one is 409, ADR 047), a CANCELADO slot is reassigned (two racing
// reassignments: one winner), CONFIRMADO and ATENDIDO never. Free slots, the window and bad input:
// turnos.server.test.ts. ADR 030.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SessionUser } from "~/auth/sessions.server";
import { MSG_VERSION_VIEJA } from "~db/version";
import { sqlOne, type TestDb } from "~tests/support/db";
import {
  asignado,
  deskUser,
  DIA,
  MIEMBROS,
  NOW,
  OPS_ALL,
  OPS_DESK,
  turnoAudits,
  turnoBody,
  useTurnosDatabase,
} from "~tests/support/turnos-fixture";
import { asignarTurno } from "./asignar.server";
import { turnoPorId } from "./consulta.server";
import { cambiarEstado } from "./estado.server";
import { TURNO_MSG } from "./rules";

let t: TestDb;
let idafi: Record<string, number>;
let desk: SessionUser; // operations 20 and 21
let all: SessionUser; // 20, 21 and 26
let uno: number;
let dos: number;

beforeAll(async () => {
  let adminId: number;
  ({ t, idafi, adminId } = await useTurnosDatabase());
  desk = deskUser(adminId, OPS_DESK);
  all = deskUser(adminId, OPS_ALL);
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

describe("asignarTurno on a taken slot", () => {
  test("an ASIGNADO slot: a new assignment is 409; the dialog edits it with its id; a stale id is 409", async () => {
    const first = ok(await asignarTurno(body("09:20", 1), desk, NOW));
    expect(await asignarTurno(body("09:20", 1, { id_afiliado: dos }), desk, NOW)).toEqual({
      ok: false,
      status: 409,
      msg: TURNO_MSG.YA_ASIGNADO,
      code: "slot-taken",
    });
    const edited = ok(
      await asignarTurno(body("09:20", 1, { id: first.id, id_afiliado: dos, observacion: "cambio" }), desk, NOW),
    );
    expect(edited).toMatchObject({
      id: first.id,
      dni_afiliado: "30400002",
      observacion: "cambio",
      estado_turno: "ASIGNADO",
    });
    const [a] = await audits("turno.modificar", first.id);
    expect(a.detalle.anterior).toMatchObject({ dni_afiliado: "30400001", estado_turno: "ASIGNADO" });
    // An id that is not this slot's row.
    const other = ok(await asignarTurno(body("09:20", 2), desk, NOW));
    expect(await asignarTurno(body("09:20", 1, { id: other.id }), desk, NOW)).toMatchObject({ status: 409 });
    // An id on a free slot.
    expect(await asignarTurno(body("09:40", 1, { id: other.id }), desk, NOW)).toMatchObject({
      status: 404,
      msg: TURNO_MSG.TURNO_NO_EXISTE,
    });
  });

  test("editing an ASIGNADO turno with the version read: the first edit wins, the second (same version) 409, nothing changed (ADR 047)", async () => {
    const first = ok(await asignarTurno(body("08:20", 1), desk, NOW));
    expect(first.version).toBe(1);
    const edited = ok(
      await asignarTurno(body("08:20", 1, { id: first.id, version: 1, observacion: "primera" }), desk, NOW),
    );
    expect(edited.version).toBe(2);
    const logs = (await audits("turno.modificar", first.id)).length;
    const stale = await asignarTurno(
      body("08:20", 1, { id: first.id, version: 1, id_afiliado: dos, observacion: "segunda" }),
      desk,
      NOW,
    );
    expect(stale).toMatchObject({ ok: false, status: 409, msg: MSG_VERSION_VIEJA });
    expect(await turnoPorId(first.id)).toMatchObject({ observacion: "primera", dni_afiliado: "30400001", version: 2 });
    expect(await audits("turno.modificar", first.id)).toHaveLength(logs);
    // A status change in between makes the edit's version stale too.
    ok(await cambiarEstado({ id: first.id, estado_turno: "CANCELADO" }, all));
    const reassigned = ok(await asignarTurno(body("08:20", 1, { id: first.id, version: 3 }), desk, NOW));
    expect(reassigned).toMatchObject({ estado_turno: "ASIGNADO", version: 4 });
    // Without version: accepted.
    expect(ok(await asignarTurno(body("08:20", 1, { id: first.id, observacion: "sin" }), desk, NOW)).version).toBe(5);
  });

  test("a CANCELADO slot is reassigned: the same row back to ASIGNADO with the new member; the audit keeps the old values", async () => {
    const first = ok(await asignarTurno(body("10:20", 1, { observacion: "primera" }), desk, NOW));
    ok(await cambiarEstado({ id: first.id, estado_turno: "CANCELADO" }, desk));
    const again = ok(await asignarTurno(body("10:20", 1, { id_afiliado: dos }), desk, NOW));
    expect(again).toMatchObject({
      id: first.id,
      estado_turno: "ASIGNADO",
      dni_afiliado: "30400002",
      apeynom_afiliado: MIEMBROS["30400002"],
      observacion: null,
    });
    expect(await rowsAt("REINTEGROS", DIA, "10:20", 1)).toBe(1);
    const [a] = await audits("turno.reasignar", first.id);
    expect(a.detalle.anterior).toMatchObject({
      estado_turno: "CANCELADO",
      dni_afiliado: "30400001",
      observacion: "primera",
    });
  });

  test("two racing reassignments of a CANCELADO slot: one winner", async () => {
    const first = ok(await asignarTurno(body("10:40", 1), desk, NOW));
    ok(await cambiarEstado({ id: first.id, estado_turno: "CANCELADO" }, desk));
    const results = await Promise.all(
      [uno, dos, uno, dos].map((id_afiliado) => asignarTurno(body("10:40", 1, { id_afiliado }), desk, NOW)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.status === 409)).toHaveLength(3);
    expect(await audits("turno.reasignar", first.id)).toHaveLength(1);
  });

  test("CONFIRMADO and ATENDIDO are never (re)assigned, even with their id", async () => {
    const t1 = ok(await asignarTurno(body("11:00", 2), desk, NOW));
    ok(await cambiarEstado({ id: t1.id, estado_turno: "CONFIRMADO" }, desk));
    expect(await asignarTurno(body("11:00", 2, { id: t1.id }), desk, NOW)).toEqual({
      ok: false,
      status: 409,
      msg: TURNO_MSG.YA_ASIGNADO,
      code: "slot-taken",
    });
    ok(await cambiarEstado({ id: t1.id, estado_turno: "ATENDIDO" }, all));
    expect(await asignarTurno(body("11:00", 2), desk, NOW)).toMatchObject({ status: 409, msg: TURNO_MSG.YA_ASIGNADO });
    expect((await turnoPorId(t1.id))?.estado_turno).toBe("ATENDIDO");
  });
});

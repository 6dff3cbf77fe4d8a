// The front desk's day rules (issue 28, ADR 051): days without service and past days, the weekday box, and where a
// refused assignment may go instead. The slot, window, chip and dialog rules are in rules.test.ts.
import { describe, expect, test } from "vitest";
import {
  chipDelTurno,
  diaConTurnosLibres,
  diaDeLaSemana,
  diaPasado,
  diaSinAtencion,
  otrosTurnosLibres,
  tomadoEnOtroPuesto,
  problemaAsignacion,
  TURNO_MSG,
  type EstadoTurno,
  type Turno,
} from "./rules";
import { at, DIA, OPS_20 } from "~tests/support/turnos-configs";

describe("days without service and past days (issue 28, ADR 051)", () => {
  test.each([
    ["2030-03-02", true], // Saturday
    ["2030-03-03", true], // Sunday
    ["2030-03-04", false], // Monday
    ["2030-03-08", false], // Friday
  ] as const)("diaSinAtencion(%s) → %s", (fecha, sin) => {
    expect(diaSinAtencion(fecha)).toBe(sin);
  });

  test("a past day is before today on the insurer's clock (Catamarca, UTC-3), not the server's", () => {
    // 2030-03-04T02:30Z is still 23:30 of 3 March in Catamarca.
    expect(diaPasado("2030-03-03", at("2030-03-04T02:30:00Z"))).toBe(false);
    expect(diaPasado("2030-03-03", at("2030-03-04T03:00:00Z"))).toBe(true);
    expect(diaPasado("2030-03-04", at("2030-03-04T20:00:00Z"))).toBe(false);
  });

  test("free chips only on a weekday that is today or later", () => {
    const now = at("2030-03-04T10:00:00Z");
    expect(diaConTurnosLibres("2030-03-04", now)).toBe(true);
    expect(diaConTurnosLibres("2030-03-05", now)).toBe(true);
    expect(diaConTurnosLibres("2030-03-01", now)).toBe(false); // past Friday
    expect(diaConTurnosLibres("2030-03-09", now)).toBe(false); // Saturday ahead
  });

  test("on a Saturday nothing opens the assignment dialog and the server refuses it", () => {
    const sabado = { fecha_turno: "2030-03-09", hora_turno: "08:00", nro_turno: 7 };
    const now = at("2030-03-04T10:00:00Z");
    expect(chipDelTurno({ ...sabado, estado_turno: "ASIGNADO" }, now, OPS_20).accion).toBeNull();
    expect(chipDelTurno({ ...sabado, estado_turno: "CANCELADO" }, now, OPS_20).accion).toBeNull();
    expect(problemaAsignacion("VACIO", "2030-03-09", "08:00", now)).toBe(TURNO_MSG.SIN_ATENCION);
    expect(problemaAsignacion("CANCELADO", "2030-03-10", "08:00", now)).toBe(TURNO_MSG.SIN_ATENCION);
  });
});

describe("diaDeLaSemana: a weekday only for a whole, real date (the weekday box, issue 28)", () => {
  test.each([
    ["2026-02-28", "sábado"],
    ["2028-02-29", "martes"],
    ["2026-02-31", ""],
    ["2026-02-29", ""],
    ["2026-13-01", ""],
    ["20245-01-01", ""],
    ["2026-2-1", ""],
    ["0000-01-01", ""],
    ["", ""],
  ] as const)("%s → '%s'", (fecha, dia) => {
    expect(diaDeLaSemana(fecha)).toBe(dia);
  });
});

describe("otrosTurnosLibres: where a refused assignment may go instead (issue 28)", () => {
  const turno = (nro_turno: number, hora_turno: string, puesto: number, estado_turno: EstadoTurno): Turno => ({
    id: estado_turno === "VACIO" ? null : nro_turno,
    nro_turno,
    tipo_tramite: "REINTEGROS",
    fecha_turno: DIA,
    hora_turno,
    puesto,
    dni_afiliado: "",
    apeynom_afiliado: "",
    id_afiliado: null,
    estado_turno,
    observacion: null,
    operador: null,
    version: estado_turno === "VACIO" ? null : 1,
  });
  // 08:00 p1 taken, 08:00 p2 free, 08:20 p1 cancelled, 08:20 p2 confirmed, 08:40 p1 free, 08:40 p2 attended
  const dia = [
    turno(6, "08:40", 2, "ATENDIDO"),
    turno(5, "08:40", 1, "VACIO"),
    turno(1, "08:00", 1, "ASIGNADO"),
    turno(2, "08:00", 2, "VACIO"),
    turno(3, "08:20", 1, "CANCELADO"),
    turno(4, "08:20", 2, "CONFIRMADO"),
  ];
  const nros = (ts: Turno[]) => ts.map((t) => t.nro_turno);

  test("the free and CANCELADO slots in the grid's order; the next after the refused one is offered first", () => {
    const early = at("2030-03-04T10:00:00Z"); // 07:00 in Catamarca: every slot open
    const r = otrosTurnosLibres(dia, 1, early, OPS_20);
    expect(nros(r.libres)).toEqual([2, 3, 5]);
    expect(r.siguiente?.nro_turno).toBe(2);
    expect(otrosTurnosLibres(dia, 3, early, OPS_20).siguiente?.nro_turno).toBe(5);
    // none after the refused slot: the first free one
    expect(otrosTurnosLibres(dia, 5, early, OPS_20).siguiente?.nro_turno).toBe(2);
  });

  test("slots inside the 15-minute window and users without operation 20 get none", () => {
    const at0750 = at("2030-03-04T10:50:00Z"); // 07:50: 08:00 closed, 08:20 open
    expect(nros(otrosTurnosLibres(dia, 1, at0750, OPS_20).libres)).toEqual([3, 5]);
    expect(otrosTurnosLibres(dia, 1, at("2030-03-04T11:30:00Z"), OPS_20)).toEqual({ libres: [], siguiente: null });
    expect(otrosTurnosLibres(dia, 1, at("2030-03-04T10:00:00Z"), [])).toEqual({ libres: [], siguiente: null });
  });

  test("tomadoEnOtroPuesto: a slot opened free or CANCELADO that the live grid now shows taken (issue 39)", () => {
    const libre = turno(2, "08:00", 2, "VACIO");
    const cancelado = turno(3, "08:20", 1, "CANCELADO");
    expect(tomadoEnOtroPuesto(libre, dia)).toBe(false);
    expect(tomadoEnOtroPuesto(cancelado, dia)).toBe(false);
    for (const estado of ["ASIGNADO", "CONFIRMADO", "ATENDIDO"] as const) {
      const ahora = dia.map((t) => (t.nro_turno === 2 || t.nro_turno === 3 ? { ...t, estado_turno: estado } : t));
      expect(tomadoEnOtroPuesto(libre, ahora), estado).toBe(true);
      expect(tomadoEnOtroPuesto(cancelado, ahora), estado).toBe(true);
    }
    // a free slot cancelled again is still free; an ASIGNADO one being edited is not 'taken'; an unknown slot is not
    const otraVez = dia.map((t) => (t.nro_turno === 2 ? { ...t, estado_turno: "CANCELADO" as const } : t));
    expect(tomadoEnOtroPuesto(libre, otraVez)).toBe(false);
    expect(tomadoEnOtroPuesto(turno(1, "08:00", 1, "ASIGNADO"), dia)).toBe(false);
    expect(tomadoEnOtroPuesto(turno(9, "11:00", 1, "VACIO"), dia)).toBe(false);
  });
});

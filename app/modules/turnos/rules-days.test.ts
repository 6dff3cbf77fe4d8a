// The front desk's day rules (issue 28, ADR 051): days without service and past days, the weekday box, and where a
// refused assignment may go instead. The slot, window, chip and dialog rules are in rules.test.ts.
import { describe, expect, test } from "vitest";
import {
  chipDelTurno,
  diaConTurnosLibres,
  diaDeLaSemana,
  diaPasado,
  diaSinAtencion,
  diaVecino,
  horarioTerminado,
  libreALaVista,
  otrosTurnosLibres,
  tomadoEnOtroPuesto,
  problemaAsignacion,
  puedeConfirmarLlegada,
  turnoTranscurrido,
  TURNO_MSG,
  type EstadoTurno,
  type Turno,
} from "./rules";
import { at, DIA, OPS_20, OPS_21, OPS_26 } from "~tests/support/turnos-configs";

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
    expect(problemaAsignacion("VACIO", "2030-03-09", "08:00", now)).toEqual({
      code: "closed-day",
      msg: TURNO_MSG.SIN_ATENCION,
    });
    expect(problemaAsignacion("CANCELADO", "2030-03-10", "08:00", now)).toEqual({
      code: "closed-day",
      msg: TURNO_MSG.SIN_ATENCION,
    });
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

describe("'‹' and '›' move by working days (issue 39, ADR 076)", () => {
  test.each([
    ["2030-03-08", 1, "2030-03-11"], // Friday → Monday
    ["2030-03-09", 1, "2030-03-11"], // Saturday → Monday
    ["2030-03-10", 1, "2030-03-11"], // Sunday → Monday
    ["2030-03-11", -1, "2030-03-08"], // Monday → Friday
    ["2030-03-10", -1, "2030-03-08"], // Sunday → Friday
    ["2030-03-05", 1, "2030-03-06"], // Tuesday → Wednesday
  ] as const)("diaVecino(%s, %i) → %s", (fecha, paso, esperado) => {
    expect(diaVecino(fecha, paso, "2030-03-04")).toBe(esperado);
  });

  test("'‹' on today stays on today, a weekend day included", () => {
    expect(diaVecino("2030-03-04", -1, "2030-03-04")).toBe("2030-03-04");
    expect(diaVecino("2030-03-09", -1, "2030-03-09")).toBe("2030-03-09");
  });
});

describe("today after hours (issue 39, ADR 076): an elapsed free slot is like a past day's", () => {
  // DIA is a Monday; Catamarca is UTC-3: 10:30 there is 13:30Z.
  const lasDiezYMedia = at(`${DIA}T13:30:00Z`);

  test("a slot is elapsed from its start on the insurer's clock", () => {
    expect(turnoTranscurrido(DIA, "10:30", lasDiezYMedia)).toBe(true);
    expect(turnoTranscurrido(DIA, "10:20", lasDiezYMedia)).toBe(true);
    expect(turnoTranscurrido(DIA, "10:40", lasDiezYMedia)).toBe(false);
    // 23:30 of the 3rd in Catamarca is 02:30Z of the 4th: the 4th's 08:00 is still ahead.
    expect(turnoTranscurrido(DIA, "08:00", at(`${DIA}T02:30:00Z`))).toBe(false);
  });

  test("today's free slots: 'Disponible' until their time (the 15-minute window keeps a disabled chip), none after", () => {
    expect(libreALaVista(DIA, "10:20", lasDiezYMedia)).toBe(false);
    expect(libreALaVista(DIA, "10:30", lasDiezYMedia)).toBe(false);
    expect(libreALaVista(DIA, "10:40", lasDiezYMedia)).toBe(true); // inside the window: shown, blocked
    expect(
      chipDelTurno(
        { estado_turno: "VACIO", fecha_turno: DIA, hora_turno: "10:40", nro_turno: 9 },
        lasDiezYMedia,
        OPS_20,
      ).accion,
    ).toBeNull();
    expect(libreALaVista(DIA, "11:00", lasDiezYMedia)).toBe(true);
    expect(libreALaVista("2030-03-05", "08:00", lasDiezYMedia)).toBe(true); // tomorrow
    expect(libreALaVista("2030-03-01", "11:00", lasDiezYMedia)).toBe(false); // a past day
    expect(libreALaVista("2030-03-09", "11:00", lasDiezYMedia)).toBe(false); // Saturday
  });

  test("after the closing time (fin_turno) today is shown only for consultation; before it, or another day, not", () => {
    const config = { fin_turno: "12:00" };
    expect(horarioTerminado(DIA, config, at(`${DIA}T15:00:00Z`))).toBe(true); // 12:00
    expect(horarioTerminado(DIA, config, at(`${DIA}T22:00:00Z`))).toBe(true); // 19:00
    expect(horarioTerminado(DIA, config, at(`${DIA}T14:59:00Z`))).toBe(false); // 11:59
    expect(horarioTerminado("2030-03-05", config, at(`${DIA}T22:00:00Z`))).toBe(false); // tomorrow
    // 00:30 of the 5th in Catamarca: the 4th is a past day now (diaPasado says so), not "today after hours".
    expect(horarioTerminado(DIA, config, at("2030-03-05T03:30:00Z"))).toBe(false);
    expect(diaPasado(DIA, at("2030-03-05T03:30:00Z"))).toBe(true);
  });

  test("the server's rule refuses an elapsed slot of today, free or CANCELADO", () => {
    expect(problemaAsignacion("VACIO", DIA, "10:20", lasDiezYMedia)).toEqual({
      code: "window-closed",
      msg: TURNO_MSG.BLOQUEADO,
    });
    expect(problemaAsignacion("CANCELADO", DIA, "08:00", lasDiezYMedia)).toEqual({
      code: "window-closed",
      msg: TURNO_MSG.BLOQUEADO,
    });
    expect(problemaAsignacion("VACIO", DIA, "11:00", lasDiezYMedia)).toBeNull();
  });
});

describe("'Confirmar llegada' in 'Modificar turno' (issue 39, ADR 076)", () => {
  test.each([
    ["ASIGNADO", OPS_20, true],
    ["ASIGNADO", OPS_21, true],
    ["ASIGNADO", OPS_26, true],
    ["ASIGNADO", [], false], // no status operation: not offered (the server refuses it: 403)
    ["CONFIRMADO", OPS_20, false],
    ["CANCELADO", OPS_20, false],
    ["VACIO", OPS_20, false],
  ] as const)("%s with %j → %s", (estado, ops, ofrece) => {
    expect(puedeConfirmarLlegada(estado, ops)).toBe(ofrece);
  });
});

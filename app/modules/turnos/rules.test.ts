import { describe, expect, test } from "vitest";
import { OP } from "~/auth/operations";
import { todayISO } from "~/lib/dates";
import {
  chipDelTurno,
  colorDeEstado,
  diaDeLaSemana,
  diaVecino,
  horasDelDia,
  inicioDelTurno,
  nroTurnoTexto,
  opcionesDeEstado,
  problemaAsignacion,
  requiereAfiliado,
  resolverSlot,
  slotDe,
  slotsDelDia,
  turnoBloqueado,
  TURNO_MSG,
  type EstadoTurno,
} from "./rules";
import { AFILIACIONES, at, DIA, OPS_20, OPS_21, OPS_26, OPS_ALL, REINTEGROS } from "~tests/support/turnos-configs";

describe("slots of a day from a config (spec §2, §3)", () => {
  test("rows from inicio_turno every tiempo_por_turno, each ending by fin_turno", () => {
    const horas = horasDelDia(AFILIACIONES);
    expect(horas).toHaveLength(20);
    expect(horas[0]).toBe("07:30");
    expect(horas[1]).toBe("07:45");
    expect(horas.at(-1)).toBe("12:15");
    expect(horasDelDia(REINTEGROS)).toEqual([
      "08:00",
      "08:20",
      "08:40",
      "09:00",
      "09:20",
      "09:40",
      "10:00",
      "10:20",
      "10:40",
      "11:00",
      "11:20",
      "11:40",
    ]);
  });

  test("a step that does not divide the day leaves no slot running past fin_turno", () => {
    const horas = horasDelDia({ tiempo_por_turno: 25, inicio_turno: "08:00", fin_turno: "12:00" });
    expect(horas).toHaveLength(9);
    expect(horas.at(-1)).toBe("11:20");
  });

  test.each([0, -10, 7.5])("a step of %s gives no rows", (step) => {
    expect(horasDelDia({ tiempo_por_turno: step, inicio_turno: "08:00", fin_turno: "12:00" })).toEqual([]);
  });

  test("slots go row by row then puesto 1..cant_puesto, nro_turno counting from 1", () => {
    const slots = slotsDelDia(AFILIACIONES);
    expect(slots).toHaveLength(80);
    expect(slots.slice(0, 5)).toEqual([
      { nro_turno: 1, hora_turno: "07:30", puesto: 1 },
      { nro_turno: 2, hora_turno: "07:30", puesto: 2 },
      { nro_turno: 3, hora_turno: "07:30", puesto: 3 },
      { nro_turno: 4, hora_turno: "07:30", puesto: 4 },
      { nro_turno: 5, hora_turno: "07:45", puesto: 1 },
    ]);
    expect(slots.at(-1)).toEqual({ nro_turno: 80, hora_turno: "12:15", puesto: 4 });
  });

  test("slotDe finds a cell of the agenda (a time with seconds too), null outside it", () => {
    expect(slotDe(REINTEGROS, "08:20", 2)).toEqual({ nro_turno: 4, hora_turno: "08:20", puesto: 2 });
    expect(slotDe(REINTEGROS, "08:20:00", 2)).toEqual({ nro_turno: 4, hora_turno: "08:20", puesto: 2 });
    expect(slotDe(REINTEGROS, "08:10", 1)).toBeNull(); // not on the grid
    expect(slotDe(REINTEGROS, "12:00", 1)).toBeNull(); // closing time is no slot
    expect(slotDe(REINTEGROS, "07:40", 1)).toBeNull(); // before opening
    expect(slotDe(REINTEGROS, "08:00", 3)).toBeNull(); // puesto beyond cant_puesto
    expect(slotDe(REINTEGROS, "08:00", 0)).toBeNull();
  });

  test.each([
    // [what the request names, the slot or the refused field]
    [
      { hora_turno: "08:20", nro_turno: 4 },
      { nro_turno: 4, hora_turno: "08:20", puesto: 2 },
    ],
    [
      { hora_turno: "08:20:00", nro_turno: 4, puesto: 2 },
      { nro_turno: 4, hora_turno: "08:20", puesto: 2 },
    ],
    [
      { hora_turno: "08:20", puesto: 2 },
      { nro_turno: 4, hora_turno: "08:20", puesto: 2 },
    ],
    [
      { hora_turno: "08:00", nro_turno: 1 },
      { nro_turno: 1, hora_turno: "08:00", puesto: 1 },
    ],
    [{ hora_turno: "08:40", nro_turno: 4 }, "hora_turno"], // nro 4 is 08:20
    [{ hora_turno: "08:20", nro_turno: 4, puesto: 1 }, "puesto"], // nro 4 is puesto 2
    [{ hora_turno: "08:20", nro_turno: 25 }, "nro_turno"], // REINTEGROS has 24 slots a day
    [{ hora_turno: "08:20" }, "nro_turno"], // neither number nor puesto
    [{ hora_turno: "08:10", puesto: 1 }, "hora_turno"], // not on the grid
  ] as const)("resolverSlot %j → %j", (pedido, expected) => {
    const r = resolverSlot(REINTEGROS, pedido);
    if (typeof expected === "string") expect(r).toMatchObject({ ok: false, param: expected });
    else expect(r).toEqual({ ok: true, slot: expected });
  });

  test("resolverSlot's refusals say what to fix", () => {
    expect(resolverSlot(REINTEGROS, { hora_turno: "08:40", nro_turno: 4 })).toMatchObject({
      msg: `${TURNO_MSG.HORA_NO_COINCIDE} (08:20)`,
    });
    expect(resolverSlot(REINTEGROS, { hora_turno: "08:20", nro_turno: 4, puesto: 1 })).toMatchObject({
      msg: `${TURNO_MSG.PUESTO_NO_COINCIDE} (2)`,
    });
    expect(resolverSlot(REINTEGROS, { hora_turno: "08:20" })).toMatchObject({ msg: TURNO_MSG.FALTA_NRO_TURNO });
  });

  test("nro_turno is shown zero-padded to 3 digits", () => {
    expect(nroTurnoTexto(7)).toBe("007");
    expect(nroTurnoTexto(80)).toBe("080");
    expect(nroTurnoTexto(123)).toBe("123");
  });
});

describe("the 15-minute window on the insurer's clock (spec §4, §9)", () => {
  test("a slot starts at its date and time in Catamarca (UTC-3)", () => {
    expect(inicioDelTurno(DIA, "08:00").toISOString()).toBe("2030-03-04T11:00:00.000Z");
  });

  test.each([
    // now (UTC), blocked — slot 2030-03-04 08:00 in Catamarca = 11:00Z
    ["2030-03-04T10:44:59.999Z", false],
    ["2030-03-04T10:45:00.000Z", false], // exactly 15 minutes before: still open
    ["2030-03-04T10:45:00.001Z", true], // now + 15 min is after the slot
    ["2030-03-04T11:00:00.000Z", true],
    ["2030-03-04T15:00:00.000Z", true], // later that day
    ["2030-03-03T11:00:00.000Z", false], // the day before
  ])("at %s blocked: %s", (now, blocked) => {
    expect(turnoBloqueado(DIA, "08:00", at(now))).toBe(blocked);
  });

  test("the day changes at midnight in Catamarca, not in UTC", () => {
    // 23:44 / 23:45 / 23:46 on 2030-03-04 in Catamarca are 02:44Z / 02:45Z / 02:46Z on 2030-03-05.
    expect(inicioDelTurno("2030-03-05", "00:00").toISOString()).toBe("2030-03-05T03:00:00.000Z");
    expect(turnoBloqueado("2030-03-05", "00:00", at("2030-03-05T02:45:00Z"))).toBe(false);
    expect(turnoBloqueado("2030-03-05", "00:00", at("2030-03-05T02:46:00Z"))).toBe(true);
    // 01:30Z on the 5th is still the 4th (22:30) in Catamarca: the 5th's morning is open, the 4th's evening is not.
    const now = at("2030-03-05T01:30:00Z");
    expect(todayISO(now)).toBe("2030-03-04");
    expect(turnoBloqueado("2030-03-05", "07:30", now)).toBe(false);
    expect(turnoBloqueado("2030-03-04", "22:30", now)).toBe(true);
    expect(turnoBloqueado("2030-03-04", "22:45", now)).toBe(false);
    // The day change itself: 02:59:59Z is the 4th, 03:00Z the 5th.
    expect(todayISO(at("2030-03-05T02:59:59Z"))).toBe("2030-03-04");
    expect(todayISO(at("2030-03-05T03:00:00Z"))).toBe("2030-03-05");
  });
});

describe("chipDelTurno: the chip of a slot and what a click does (spec §4, ADR 030)", () => {
  const chip = (estado_turno: EstadoTurno, now: string, ops: readonly string[], hora_turno = "08:00") =>
    chipDelTurno({ estado_turno, fecha_turno: DIA, hora_turno, nro_turno: 7 }, at(now), ops);
  const BEFORE = "2030-03-04T10:45:00.000Z"; // exactly at the edge: still open
  const INSIDE = "2030-03-04T10:45:00.001Z";

  test("labels: 'Disponible' for a free slot, else the zero-padded number and the status", () => {
    expect(chip("VACIO", BEFORE, OPS_20).label).toBe("Disponible");
    expect(chip("ASIGNADO", BEFORE, OPS_20).label).toBe("007 - ASIGNADO");
    expect(chip("CANCELADO", BEFORE, OPS_20).label).toBe("007 - CANCELADO");
  });

  test.each([
    // estado, now, ops, accion
    ["VACIO", BEFORE, OPS_20, "asignar"],
    ["VACIO", INSIDE, OPS_20, null], // blocked once the window closes
    ["VACIO", BEFORE, OPS_21, null], // without 20 nobody assigns
    ["VACIO", BEFORE, [], null],
    ["ASIGNADO", BEFORE, OPS_20, "asignar"], // reopens the assignment dialog
    ["ASIGNADO", INSIDE, OPS_20, null],
    ["ASIGNADO", BEFORE, OPS_26, null],
    ["CONFIRMADO", BEFORE, OPS_26, "estado"],
    ["CONFIRMADO", INSIDE, OPS_26, "estado"], // always clickable
    ["CONFIRMADO", "2030-03-05T12:00:00Z", OPS_20, "estado"],
    ["CONFIRMADO", BEFORE, [], "estado"],
    ["CANCELADO", BEFORE, OPS_20, "asignar"], // reassigned (ADR 030)
    ["CANCELADO", INSIDE, OPS_20, null], // only before the window
    ["CANCELADO", BEFORE, OPS_26, null],
    ["ATENDIDO", BEFORE, OPS_ALL, null], // final
  ] as const)("%s at %s with %j → %s", (estado, now, ops, accion) => {
    const c = chip(estado, now, ops);
    expect(c.accion).toBe(accion);
    expect(c.disabled).toBe(accion === null);
  });

  test("free and confirmed chips look different: their own class, not the same colour (issue 28)", () => {
    expect(chip("VACIO", BEFORE, OPS_20).clase).toBe("turno-chip--libre");
    expect(chip("CONFIRMADO", BEFORE, OPS_20).clase).toBe("turno-chip--confirmado");
    expect(chip("ASIGNADO", BEFORE, OPS_20).clase).toBe("turno-chip--asignado");
    expect(chip("VACIO", BEFORE, OPS_20).label).not.toBe(chip("CONFIRMADO", BEFORE, OPS_20).label);
  });

  test("tones by status", () => {
    expect(chip("VACIO", BEFORE, OPS_20).tone).toBe("success");
    expect(chip("ASIGNADO", BEFORE, OPS_20).tone).toBe("warning");
    expect(chip("CANCELADO", BEFORE, OPS_20).tone).toBe("danger");
    expect(chip("ATENDIDO", BEFORE, OPS_20).tone).toBe("info");
  });
});

describe("problemaAsignacion: the server's check of an assignment (spec §4)", () => {
  const CERRADO = { code: "window-closed", msg: TURNO_MSG.BLOQUEADO };
  const TOMADO = { code: "slot-taken", msg: TURNO_MSG.YA_ASIGNADO };
  test.each([
    ["VACIO", "2030-03-04T10:45:00.000Z", null],
    ["VACIO", "2030-03-04T10:45:00.001Z", CERRADO],
    ["VACIO", "2030-03-05T10:00:00Z", CERRADO], // the past
    ["ASIGNADO", "2030-03-04T10:00:00Z", null],
    ["CANCELADO", "2030-03-04T10:00:00Z", null],
    ["CANCELADO", "2030-03-04T10:50:00Z", CERRADO],
    ["CONFIRMADO", "2030-03-01T10:00:00Z", TOMADO],
    ["ATENDIDO", "2030-03-01T10:00:00Z", TOMADO],
  ] as const)("%s at %s → %o", (estado, now, problema) => {
    expect(problemaAsignacion(estado, DIA, "08:00", at(now))).toEqual(problema);
  });
});

describe("opcionesDeEstado: the status choices per operation, first = default (spec §4, §6)", () => {
  test.each([
    ["ASIGNADO", OPS_20, ["CONFIRMADO", "CANCELADO"]],
    ["ASIGNADO", OPS_21, ["CONFIRMADO", "CANCELADO"]],
    ["ASIGNADO", OPS_26, ["CONFIRMADO", "CANCELADO"]],
    ["CONFIRMADO", OPS_20, ["CONFIRMADO", "CANCELADO"]],
    ["CONFIRMADO", OPS_21, ["CONFIRMADO", "CANCELADO"]],
    ["CONFIRMADO", OPS_26, ["ATENDIDO", "CANCELADO"]],
    ["CONFIRMADO", OPS_ALL, ["ATENDIDO", "CANCELADO"]],
    ["CANCELADO", OPS_ALL, []],
    ["ATENDIDO", OPS_ALL, []],
    ["VACIO", OPS_ALL, []],
    ["ASIGNADO", [], []],
    ["CONFIRMADO", [OP.VER_NOTAS], []],
  ] as const)("%s with %j → %j", (estado, ops, choices) => {
    expect(opcionesDeEstado(estado, ops)).toEqual(choices);
  });
});

describe("the rest of the dialogs' rules", () => {
  test("header colours: CANCELADO red, CONFIRMADO green, ATENDIDO blue", () => {
    expect(colorDeEstado("CANCELADO")).toBe("danger");
    expect(colorDeEstado("CONFIRMADO")).toBe("success");
    expect(colorDeEstado("ATENDIDO")).toBe("info");
    expect(colorDeEstado("ASIGNADO")).toBe("neutral");
  });

  test("only AFILIACIONES may save without a member", () => {
    expect(requiereAfiliado("AFILIACIONES")).toBe(false);
    expect(requiereAfiliado("REINTEGROS")).toBe(true);
    expect(requiereAfiliado("afiliaciones")).toBe(true);
  });

  test("weekday of a calendar date", () => {
    expect(diaDeLaSemana("2030-03-04")).toBe("lunes");
    expect(diaDeLaSemana("2030-03-10")).toBe("domingo");
    expect(diaDeLaSemana("2024-02-29")).toBe("jueves");
    expect(diaDeLaSemana("2026-12-31")).toBe("jueves");
    expect(diaDeLaSemana("2027-01-01")).toBe("viernes");
  });

  test("previous day does nothing on today; next and previous otherwise cross months and years", () => {
    const hoy = todayISO(at("2030-03-05T02:59:59Z")); // still the 4th in Catamarca
    expect(hoy).toBe("2030-03-04");
    expect(diaVecino(hoy, -1, hoy)).toBe(hoy);
    expect(diaVecino(hoy, 1, hoy)).toBe("2030-03-05");
    expect(diaVecino("2030-03-05", -1, hoy)).toBe("2030-03-04");
    expect(diaVecino("2030-03-01", -1, "2030-01-01")).toBe("2030-02-28");
    expect(diaVecino("2030-12-31", 1, hoy)).toBe("2031-01-01");
    expect(diaVecino("2031-01-01", -1, "2030-12-01")).toBe("2030-12-31");
    expect(diaVecino("2032-02-27", 1, hoy)).toBe("2032-03-01"); // Friday → Monday, past the leap day (a Sunday)
    expect(diaVecino("2032-03-01", -1, hoy)).toBe("2032-02-27"); // Monday → Friday
    expect(diaVecino("2032-04-30", 1, hoy)).toBe("2032-05-03"); // Friday 30 April → Monday 3 May
  });
});

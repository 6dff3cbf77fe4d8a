// Appointment (turno) rules of spec part 2 §4, §5, §6 and §9, in one place: the grid's slots, which chip a slot
// shows and what a click on it does, the 15-minute blocking window, and the status choices per operation. Pure:
// the grid, both dialogs, the actions and the JSON API use these functions, and the module enforces them again on
// every write with the insurer's clock (docs/decisions/030-turnos-access-and-cancelled-slots.md).
import { TZDate } from "@date-fns/tz";
import { addDaysISO, todayISO, TZ, weekdayISO } from "~/lib/dates";
import { isoDate } from "~/lib/input";
import { OP, type OperationCode } from "~/auth/operations";

export const ESTADOS_TURNO = ["VACIO", "ASIGNADO", "CONFIRMADO", "CANCELADO", "ATENDIDO"] as const;
export type EstadoTurno = (typeof ESTADOS_TURNO)[number];

/** A free slot is blocked once now + this is after its date and time (spec §9). */
const VENTANA_BLOQUEO_MIN = 15;
/** The grid re-evaluates the blocking every this often (spec §9). */
export const INTERVALO_BLOQUEO_MS = 60_000;
/** Appointment messages hide after this (spec §9). */
export const MENSAJE_TURNO_MS = 4_000;
/** The status dialog closes about this long after a save (spec §4). */
export const CIERRE_DIALOGO_MS = 1_000;
/** The procedure type whose appointments may be given to people who are not members yet (spec §5). */
const TIPO_AFILIACIONES = "AFILIACIONES";
/** The lookup's "every procedure type" filter value (spec §2 'TODOS'); '-' is the refused placeholder. */
export const TODOS = "TODOS";

export const TURNO_MSG = {
  ASIGNADO: "Turno asignado con exito!",
  ESTADO_CAMBIADO: "Operacion realizada con exito!",
  ERROR: "Un error ha ocurrido",
  ERROR_CARGA: "Error al obtener informacion",
  DNI_OBLIGATORIO: "El DNI es obligatorio",
  DEBE_BUSCAR: "Debe buscar un afiliado",
  DNI_Y_NOMBRE: "Dni y Nombre son obligatorios",
  YA_ASIGNADO: "El turno ya fue asignado",
  BLOQUEADO: "El turno ya no puede asignarse: faltan menos de 15 minutos o ya pasó",
  TOMADO_EN_OTRO_PUESTO: "Este turno acaba de asignarse en otro puesto",
  NO_EXISTE_EN_AGENDA: "El turno no existe en la agenda de ese tipo de trámite",
  FALTA_NRO_TURNO: "Indique el número de turno (nro_turno) o el puesto",
  HORA_NO_COINCIDE: "La hora no es la de ese número de turno",
  PUESTO_NO_COINCIDE: "El puesto no es el de ese número de turno",
  TIPO_INEXISTENTE: "El tipo de trámite no existe",
  TIPO_OBLIGATORIO: "Debe seleccionar un tipo de trámite",
  TURNO_NO_EXISTE: "El turno no existe",
  ESTADO_NO_PERMITIDO: "No puede pasar el turno a ese estado",
  AFILIADO_NO_EXISTE: "El afiliado no existe",
  CLICK_DETALLE: "Click sobre el turno para ver detalle",
  SIN_ATENCION: "Sin atención: los sábados y domingos no se asignan turnos",
} as const;

/**
 * Turno (spec §3), as the grid, the lookup and the API carry it. A free slot of the grid is a Turno with id null,
 * estado_turno 'VACIO' and empty member fields. hora_turno is 'HH:MM'; fecha_turno 'aaaa-mm-dd'.
 */
export type Turno = {
  id: number | null;
  nro_turno: number;
  tipo_tramite: string;
  fecha_turno: string;
  hora_turno: string;
  puesto: number;
  dni_afiliado: string;
  apeynom_afiliado: string;
  id_afiliado: number | null;
  estado_turno: EstadoTurno;
  observacion: string | null;
  operador: string | null;
  /** 1 when assigned, + 1 at every write (status, edit, reassignment); null for a free slot (ADR 047). */
  version: number | null;
};

/** Turno config (spec §3): times are 'HH:MM'. */
export type TurnoConfig = {
  tipo_tramite: string;
  cant_puesto: number;
  tiempo_por_turno: number;
  inicio_turno: string;
  fin_turno: string;
};

/** One cell of the grid: its number of the day, time and workstation. */
export type Slot = { nro_turno: number; hora_turno: string; puesto: number };

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmmOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * The grid's rows: from inicio_turno every tiempo_por_turno minutes, each slot ending by fin_turno
 * (07:30–12:30 every 15 → 07:30 … 12:15). A config with no positive step gives no rows.
 */
export function horasDelDia(config: Pick<TurnoConfig, "tiempo_por_turno" | "inicio_turno" | "fin_turno">): string[] {
  const step = config.tiempo_por_turno;
  if (!Number.isInteger(step) || step <= 0) return [];
  const out: string[] = [];
  const end = minutesOf(config.fin_turno);
  for (let m = minutesOf(config.inicio_turno); m + step <= end; m += step) out.push(hhmmOf(m));
  return out;
}

/** Every slot of a day, row by row then puesto 1..cant_puesto; nro_turno counts them from 1. */
export function slotsDelDia(config: TurnoConfig): Slot[] {
  const out: Slot[] = [];
  for (const hora_turno of horasDelDia(config)) {
    for (let puesto = 1; puesto <= config.cant_puesto; puesto++) {
      out.push({ nro_turno: out.length + 1, hora_turno, puesto });
    }
  }
  return out;
}

/** The slot at (hora, puesto) of a config, or null when the agenda has no such cell. */
export function slotDe(config: TurnoConfig, hora_turno: string, puesto: number): Slot | null {
  return slotsDelDia(config).find((s) => s.hora_turno === hora_turno.slice(0, 5) && s.puesto === puesto) ?? null;
}

/** The slot numbered nro_turno of a config (1 = the first row's first puesto), or null when the agenda has none. */
function slotPorNumero(config: TurnoConfig, nro_turno: number): Slot | null {
  return slotsDelDia(config).find((s) => s.nro_turno === nro_turno) ?? null;
}

/** Which slot a request names: its number (spec §3 Turno), its puesto (the grid's dialog), or both. */
export type SlotPedido = { hora_turno: string; nro_turno?: number; puesto?: number };
export type SlotResuelto = { ok: true; slot: Slot } | { ok: false; param: keyof SlotPedido; msg: string };

/**
 * The slot of an assignment (ADR 030): named by nro_turno (the spec's Turno has no puesto: the puesto follows from the
 * number, counted row by row across the puestos), which must agree with hora_turno and with puesto when one is sent;
 * or by hora_turno and puesto, as the grid's dialog sends it. A refusal names the field to fix.
 */
export function resolverSlot(config: TurnoConfig, pedido: SlotPedido): SlotResuelto {
  const { hora_turno, nro_turno, puesto } = pedido;
  if (nro_turno == null) {
    if (puesto == null) return { ok: false, param: "nro_turno", msg: TURNO_MSG.FALTA_NRO_TURNO };
    const slot = slotDe(config, hora_turno, puesto);
    return slot ? { ok: true, slot } : { ok: false, param: "hora_turno", msg: TURNO_MSG.NO_EXISTE_EN_AGENDA };
  }
  const slot = slotPorNumero(config, nro_turno);
  if (!slot) return { ok: false, param: "nro_turno", msg: TURNO_MSG.NO_EXISTE_EN_AGENDA };
  if (slot.hora_turno !== hora_turno.slice(0, 5)) {
    return { ok: false, param: "hora_turno", msg: `${TURNO_MSG.HORA_NO_COINCIDE} (${slot.hora_turno})` };
  }
  if (puesto != null && puesto !== slot.puesto) {
    return { ok: false, param: "puesto", msg: `${TURNO_MSG.PUESTO_NO_COINCIDE} (${slot.puesto})` };
  }
  return { ok: true, slot };
}

/** nro_turno as shown: zero-padded to 3 digits (spec §3, §9). */
export function nroTurnoTexto(nro: number): string {
  return String(nro).padStart(3, "0");
}

/** The instant a slot starts: its date and time on the insurer's clock (America/Argentina/Catamarca). */
export function inicioDelTurno(fecha_turno: string, hora_turno: string): Date {
  const [y, m, d] = fecha_turno.split("-").map(Number);
  const [hh, mm] = hora_turno.split(":").map(Number);
  return new Date(new TZDate(y, m - 1, d, hh, mm, 0, TZ).getTime());
}

/** True once now + 15 minutes is after the slot's date and time (exactly 15 minutes before is still open). */
export function turnoBloqueado(fecha_turno: string, hora_turno: string, now: Date): boolean {
  return now.getTime() + VENTANA_BLOQUEO_MIN * 60_000 > inicioDelTurno(fecha_turno, hora_turno).getTime();
}

/** Saturdays and Sundays: no service, so no free slot and no assignment (issue 28, ADR 051). */
export function diaSinAtencion(fecha_turno: string): boolean {
  const wd = weekdayISO(fecha_turno);
  return wd === 0 || wd === 6;
}

/** A day before today on the insurer's clock: its appointments are shown read-only (ADR 051). */
export function diaPasado(fecha_turno: string, now: Date): boolean {
  return fecha_turno < todayISO(now);
}

/** Does the grid offer free slots on this day? A weekday, today or later (ADR 051). */
export function diaConTurnosLibres(fecha_turno: string, now: Date): boolean {
  return !diaSinAtencion(fecha_turno) && !diaPasado(fecha_turno, now);
}

/** A slot whose time has come (now is at or after its start, insurer's clock): it is over for the desk (ADR 076). */
export function turnoTranscurrido(fecha_turno: string, hora_turno: string, now: Date): boolean {
  return now.getTime() >= inicioDelTurno(fecha_turno, hora_turno).getTime();
}

/**
 * Does the grid show this free slot as 'Disponible'? On a day with free slots, until its time comes: an elapsed free
 * slot of today is like a past day's, no chip (ADR 076); one inside the 15-minute window is a disabled chip (spec §4).
 */
export function libreALaVista(fecha_turno: string, hora_turno: string, now: Date): boolean {
  return diaConTurnosLibres(fecha_turno, now) && !turnoTranscurrido(fecha_turno, hora_turno, now);
}

/** Today after the type's closing time (fin_turno, insurer's clock): the day is shown only for consultation (ADR 076). */
export function horarioTerminado(fecha_turno: string, config: Pick<TurnoConfig, "fin_turno">, now: Date): boolean {
  return fecha_turno === todayISO(now) && turnoTranscurrido(fecha_turno, config.fin_turno, now);
}

export type Operaciones = readonly string[];
const has = (ops: Operaciones, code: OperationCode) => ops.includes(code);

/** What a click on a chip opens: the assignment dialog, the status dialog, or nothing. */
type AccionChip = "asignar" | "estado" | null;

export type ChipTurno = {
  estado_turno: EstadoTurno;
  fecha_turno: string;
  hora_turno: string;
  nro_turno: number;
};

export type ChipInfo = {
  /** 'Disponible', or the status with the number: '007 - ASIGNADO'. */
  label: string;
  tone: "success" | "warning" | "danger" | "info" | "neutral";
  accion: AccionChip;
  /** Not clickable for this user now (a blocked free slot, a closed CANCELADO, ...). */
  disabled: boolean;
  /** The chip's own look (turnos.css): a free slot is outlined, a confirmed one filled with a tick (issue 28). */
  clase: `turno-chip--${string}`;
};

const TONO: Record<EstadoTurno, ChipInfo["tone"]> = {
  VACIO: "success",
  ASIGNADO: "warning",
  CONFIRMADO: "success",
  CANCELADO: "danger",
  ATENDIDO: "info",
};

/**
 * The chip of a slot for a user at `now` (spec §4):
 * - VACIO 'Disponible': opens the assignment dialog for operation 20 until the window closes; blocked after.
 * - ASIGNADO: reopens the assignment dialog for operation 20 (CONFIRMADO never does) until the window closes.
 * - CONFIRMADO: always clickable; opens the status dialog (26 may set ATENDIDO, others confirm or cancel).
 * - CANCELADO: clickable only before the window; a click reassigns the slot (operation 20, ADR 030).
 * - ATENDIDO: final, not clickable.
 */
export function chipDelTurno(t: ChipTurno, now: Date, ops: Operaciones): ChipInfo {
  const abierto = !diaSinAtencion(t.fecha_turno) && !turnoBloqueado(t.fecha_turno, t.hora_turno, now);
  const asignar = has(ops, OP.ASIGNAR_TURNO) && abierto;
  const label = t.estado_turno === "VACIO" ? "Disponible" : `${nroTurnoTexto(t.nro_turno)} - ${t.estado_turno}`;
  let accion: AccionChip = null;
  switch (t.estado_turno) {
    case "VACIO":
    case "ASIGNADO":
    case "CANCELADO":
      accion = asignar ? "asignar" : null;
      break;
    case "CONFIRMADO":
      accion = "estado";
      break;
    case "ATENDIDO":
      accion = null;
  }
  const clase: ChipInfo["clase"] =
    t.estado_turno === "VACIO" ? "turno-chip--libre" : `turno-chip--${t.estado_turno.toLowerCase()}`;
  return { label, tone: TONO[t.estado_turno], accion, disabled: accion === null, clase };
}

/** A slot as the refused dialog's choice names it: 'HH:MM|puesto'. */
export const valorDeSlot = (t: Pick<Turno, "hora_turno" | "puesto">) => `${t.hora_turno.slice(0, 5)}|${t.puesto}`;

/** A slot that may be given to someone: free (VACIO) or CANCELADO. */
const esLibre = (t: Pick<Turno, "estado_turno">) => t.estado_turno === "VACIO" || t.estado_turno === "CANCELADO";

/**
 * Where a refused assignment may go instead (issue 28: the slot was taken meanwhile or its window closed): the day's
 * free and CANCELADO slots this user may assign at `now`, in the grid's order, and the one offered first: the next
 * after the refused slot `nro_turno` (or the first, when none comes after).
 */
export function otrosTurnosLibres(
  turnos: readonly Turno[],
  nro_turno: number,
  now: Date,
  ops: Operaciones,
): { libres: Turno[]; siguiente: Turno | null } {
  const libres = turnos
    .filter(esLibre)
    .filter((t) => chipDelTurno(t, now, ops).accion === "asignar")
    .sort((a, b) => a.nro_turno - b.nro_turno);
  return { libres, siguiente: libres.find((t) => t.nro_turno > nro_turno) ?? libres[0] ?? null };
}

/**
 * The slot a clerk opened free (VACIO, or CANCELADO to reassign) is now taken, as the live grid `turnos` shows it
 * (issue 39, ADR 079): another desk assigned it while the dialog was open. The dialog then says so and offers another
 * free slot before 'Guardar' would be refused.
 */
export function tomadoEnOtroPuesto(abierto: Turno, turnos: readonly Turno[]): boolean {
  if (!esLibre(abierto)) return false;
  const ahora = turnos.find((t) => valorDeSlot(t) === valorDeSlot(abierto));
  return ahora != null && !esLibre(ahora);
}

/** Why a slot cannot be assigned: its kind (a failure code of db/transaction.ts, ADR 080) and its message. */
export type ProblemaAsignacion = { code: "slot-taken" | "closed-day" | "window-closed"; msg: string };

/**
 * May this user assign (or reassign) a slot in this state at `now`? The server's check of PUT /api/turnos: the
 * same rule as the chip, so the grid, the API and the database agree. Returns the refusal (kind and message) or null.
 */
export function problemaAsignacion(
  estadoActual: EstadoTurno,
  fecha_turno: string,
  hora_turno: string,
  now: Date,
): ProblemaAsignacion | null {
  if (estadoActual === "CONFIRMADO" || estadoActual === "ATENDIDO")
    return { code: "slot-taken", msg: TURNO_MSG.YA_ASIGNADO };
  if (diaSinAtencion(fecha_turno)) return { code: "closed-day", msg: TURNO_MSG.SIN_ATENCION };
  if (turnoBloqueado(fecha_turno, hora_turno, now)) return { code: "window-closed", msg: TURNO_MSG.BLOQUEADO };
  return null;
}

/** Operations that let a user change an appointment's status at all (the desk's three). */
const OPERACIONES_DE_ESTADO: OperationCode[] = [OP.ASIGNAR_TURNO, OP.VER_DETALLE_TURNO, OP.MARCAR_TURNO_ATENDIDO];

/**
 * The status dialog's choices (spec §4, §6), the first being the default:
 * - ASIGNADO → CONFIRMADO, CANCELADO.
 * - CONFIRMADO → with operation 26: ATENDIDO, CANCELADO; without it: CONFIRMADO, CANCELADO.
 * - CANCELADO, ATENDIDO, VACIO → none (the dialog shows the detail only; a cancelled slot is reassigned instead).
 * A user with none of operations 20, 21, 26 gets no choices.
 */
export function opcionesDeEstado(estadoActual: EstadoTurno, ops: Operaciones): EstadoTurno[] {
  if (!OPERACIONES_DE_ESTADO.some((op) => has(ops, op))) return [];
  if (estadoActual === "ASIGNADO") return ["CONFIRMADO", "CANCELADO"];
  if (estadoActual === "CONFIRMADO") {
    return has(ops, OP.MARCAR_TURNO_ATENDIDO) ? ["ATENDIDO", "CANCELADO"] : ["CONFIRMADO", "CANCELADO"];
  }
  return [];
}

/**
 * 'Confirmar llegada' in 'Modificar turno' (issue 39, ADR 076): offered when the status change to CONFIRMADO is one
 * the server accepts from this user for the turno's status (opcionesDeEstado, which cambiarEstado checks again).
 */
export function puedeConfirmarLlegada(estadoActual: EstadoTurno, ops: Operaciones): boolean {
  return estadoActual === "ASIGNADO" && opcionesDeEstado(estadoActual, ops).includes("CONFIRMADO");
}

/** The status dialog's header colour (spec §4): CANCELADO red, CONFIRMADO green, ATENDIDO blue. */
export function colorDeEstado(estado: EstadoTurno): "danger" | "success" | "info" | "neutral" {
  if (estado === "CANCELADO") return "danger";
  if (estado === "CONFIRMADO") return "success";
  if (estado === "ATENDIDO") return "info";
  return "neutral";
}

/** Does saving the assignment need a found member? Not for AFILIACIONES (spec §5). */
export function requiereAfiliado(tipo_tramite: string): boolean {
  return tipo_tramite !== TIPO_AFILIACIONES;
}

/** A real calendar date, the one check of app/lib/input.ts (2026-02-31 and a 5-digit year are not). */
const fechaReal = isoDate();

/**
 * The weekday shown read-only next to the date ('lunes' … 'domingo'), of a calendar date; '' while the date box
 * holds no real date (2026-02-31 has no weekday: issue 28).
 */
export function diaDeLaSemana(fecha: string): string {
  if (!fechaReal.safeParse(fecha).success) return "";
  const dias = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];
  return dias[weekdayISO(fecha)];
}

/**
 * The working day (Monday–Friday) before/after a calendar date: '‹' and '›' skip Saturday and Sunday (issue 39, ADR
 * 076); 'previous' on today stays on today (spec §2).
 */
export function diaVecino(fecha: string, paso: -1 | 1, hoy: string): string {
  if (paso === -1 && fecha === hoy) return fecha;
  let dia = addDaysISO(fecha, paso);
  while (diaSinAtencion(dia)) dia = addDaysISO(dia, paso);
  return dia;
}

/** The /turnos screen's path. */
export const TURNOS_SCREEN = "/turnos";

/** The /turnos URL: the day of a procedure type, plus an open dialog or a message. */
export function turnosHref(v: { tipo_tramite?: string; fecha_turno?: string }, extra: Record<string, string> = {}) {
  const p = new URLSearchParams();
  if (v.tipo_tramite) p.set("tipo_tramite", v.tipo_tramite);
  if (v.fecha_turno) p.set("fecha_turno", v.fecha_turno);
  for (const [k, val] of Object.entries(extra)) p.set(k, val);
  const q = p.toString();
  return q ? `${TURNOS_SCREEN}?${q}` : TURNOS_SCREEN;
}

/** The key of a slot: the dialog an answer belongs to. */
export const slotKey = (tipo: string, fecha: string, hora: string, puesto: number | string) =>
  `${tipo}|${fecha}|${hora.slice(0, 5)}|${puesto}`;

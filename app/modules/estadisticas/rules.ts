// Audit-time rules of 'OSEP / Tiempos de Auditoria Médica' (spec part 2 §4, §9; docs/decisions/013): the only
// place that holds the 2-minute, 15-minute and 15/30-minute thresholds and the shift colour rule. Pure: used by
// the module (API and screen alike) and by the browser for display. At the end, the display rule of a consumed
// authorisation's coseguro ('Consulta de Consumos de Prestadores', docs/decisions/014).
import { formatPesos } from "~/lib/money";
import { formatCount, formatDecimal } from "~/lib/numbers";
import type { AuditoriaItem } from "~reporting/index";

/** The report rows the screens show, as the reporting store's queries give them (types only: browser-safe). */
export type { AutorizacionConsumida, AutorizacionDetalle, ConsumoPractica, RankingConsumo } from "~reporting/index";

/** A 'fast' audit: carga → auditoría under 2 minutes (spec §4). */
export const FAST_AUDIT_SECONDS = 2 * 60;
/** A long interruption: a gap between two consecutive audits of one auditor on one day over 15 minutes (§4). */
export const LONG_GAP_SECONDS = 15 * 60;
/** Shift colours: within 15 minutes of the shift edge → ok; within 30 → warning; beyond → late (§4). */
const SHIFT_OK_MINUTES = 15;
const SHIFT_WARNING_MINUTES = 30;

export type ShiftState = "ok" | "warning" | "late";

export const SHIFT_STATE_TEXT: Record<ShiftState, string> = {
  ok: "En horario",
  warning: "Demora moderada",
  late: "Demora excesiva",
};

/** 'HH:MM[:SS]' → seconds since midnight. */
function timeToSeconds(time: string): number {
  const [h, m, s] = time.split(":").map(Number);
  return h * 3600 + m * 60 + (s || 0);
}

/** Minutes from `from` to `to` (both 'HH:MM[:SS]' of the same day); negative when `to` is earlier. */
export function minutesBetween(from: string, to: string): number {
  return (timeToSeconds(to) - timeToSeconds(from)) / 60;
}

/** Colour of a delay in minutes (≤ 15 ok, ≤ 30 warning, > 30 late; early/negative is ok). */
export function delayState(minutes: number): ShiftState {
  if (minutes <= SHIFT_OK_MINUTES) return "ok";
  if (minutes <= SHIFT_WARNING_MINUTES) return "warning";
  return "late";
}

/** Start of the working day: first audit compared with the shift start (audits before the start are ok). */
export function shiftStartState(inicioTurno: string, primeraAuditoria: string): ShiftState {
  return delayState(minutesBetween(inicioTurno, primeraAuditoria));
}

/** End of the working day: shift end compared with the last audit (audits after the end are ok). */
export function shiftEndState(finTurno: string, ultimaAuditoria: string): ShiftState {
  return delayState(minutesBetween(ultimaAuditoria, finTurno));
}

/** Seconds → minutes with two decimals (what the API answers for every time metric). */
export function secondsToMinutes(seconds: number | null | undefined): number | null {
  if (seconds == null) return null;
  return Math.round((seconds / 60) * 100) / 100;
}

/**
 * Minutes on screen: under an hour '12,5 min'; from an hour on '2 h 05 min' (rounded to the minute); '' for null.
 */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes == null) return "";
  if (minutes < 60) return `${formatDecimal(minutes, 1)} min`;
  const total = Math.round(minutes);
  return `${Math.floor(total / 60)} h ${String(total % 60).padStart(2, "0")} min`;
}

/** What a table cell shows for a metric that does not exist for its row (e.g. no gap with a single audit). */
export const NO_METRIC = "-";

/** A time metric in a table cell: formatMinutes, or '-' when the metric does not exist (null). */
export function formatMetricMinutes(minutes: number | null | undefined): string {
  return minutes == null ? NO_METRIC : formatMinutes(minutes);
}

/** A count in a table cell (es-AR thousands), or '-' when missing. */
export function formatMetricCount(n: number | null | undefined): string {
  return n == null ? NO_METRIC : formatCount(n);
}

/** A snapshot wall-clock timestamp 'YYYY-MM-DD HH:MM:SS' as 'dd/mm/yyyy HH:MM:SS' ('' for null). */
export function formatWallClock(ts: string | null | undefined): string {
  if (!ts) return "";
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)/.exec(ts);
  if (!m) return ts;
  return `${m[3]}/${m[2]}/${m[1]} ${m[4].length === 5 ? `${m[4]}:00` : m[4]}`;
}

/** 'HH:MM:SS' → 'HH:MM' for shift times. */
export function formatShiftTime(time: string | null | undefined): string {
  return time ? time.slice(0, 5) : "";
}

/**
 * A consumed authorisation's co-payment on screen, in Argentine pesos. An authorisation without coseguro (null:
 * the member paid none, e.g. tipopago 'SIN') shows '$ 0,00' like an explicit 0: the cell is never blank.
 */
export function formatCoseguro(coseguro: string | number | null | undefined): string {
  return formatPesos(coseguro == null || (typeof coseguro === "string" && coseguro.trim() === "") ? 0 : coseguro);
}

/** An audited authorisation as the API answers it: the snapshot's item with the time in minutes. */
export type AutorizacionAuditada = Omit<AuditoriaItem, "segundos_auditoria"> & {
  /** carga → auditoría in minutes; null for previous-day loads and rows without a usable load time. */
  tiempo_auditoria: number | null;
};

export type EstadisticaAuditor = {
  /** The auditor code, or 'equipo' for the whole team. */
  auditor: string;
  datos: {
    cantidad_autorizaciones: number;
    cantidad_con_tiempo: number;
    tiempo_promedio: number | null;
    tiempo_minimo: number | null;
    tiempo_maximo: number | null;
    tiempo_total: number | null;
    autorizacion_con_tiempo_min: number | null;
    autorizacion_con_tiempo_max: number | null;
  };
  inicio_autorizaciones:
    | (MarcaJornada & {
        inicio_turno: string | null;
        minutos_desde_inicio_turno: number | null;
        estado: ShiftState | null;
      })
    | null;
  cierre_autorizaciones:
    | (MarcaJornada & { fin_turno: string | null; minutos_antes_fin_turno: number | null; estado: ShiftState | null })
    | null;
  auditoria_dia_anterior: number;
  ls_auditorias_dia_anterior: AutorizacionAuditada[];
  cant_autorizaciones_menor_2_minutos: number;
  interrupcion_maxima: number | null;
  interrupciones_mayor_15_min: number;
  tiempo_muerto_max: number | null;
  total_tiempo_interrupciones: number;
  dias_con_auditorias: number;
};

type MarcaJornada = {
  fecha_hora_auditoria: string;
  aucanumint: number;
  usuarioauditoria: string;
};

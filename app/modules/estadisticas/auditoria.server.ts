// Audit-time statistics (docs/decisions/013-audit-time-metrics.md): the reporting queries on the current snapshot,
// shaped with the spec's field names (part 2 §3, §7) and the rules of ./rules. Used by the screen
// /osep-tiempos-auditoria and by the /api/statistics/* routes alike. Times are minutes with two decimals.
import {
  auditoriaResumen,
  auditoriasDiaAnterior,
  auditoriasListado,
  autorizacionByNumero,
  turnosAuditores,
  type AuditoriaItem,
  type AuditoriaJornadaRow,
  type AuditoriaMetricasRow,
  type AuditoriaPeriodo,
  type AutorizacionDetalle,
  type TurnoAuditorRow,
} from "~reporting/index";
import { memoPerSnapshot } from "~/modules/reporting/snapshot-memo.server";
import { fromSnapshot, type ReportResult } from "~/modules/reporting/snapshot.server";
import type { AutorizacionesQuery, EstadisticasQuery } from "./auditoria.schema";
import { EQUIPO } from "./auditoria.schema";
import {
  FAST_AUDIT_SECONDS,
  LONG_GAP_SECONDS,
  minutesBetween,
  secondsToMinutes,
  shiftEndState,
  shiftStartState,
  type ShiftState,
} from "./rules";
import type { AutorizacionAuditada, EstadisticaAuditor } from "./rules";

/** Most audited authorisations one list answer carries (GET /api/statistics/autorizaciones and the dialog). */
const MAX_AUTORIZACIONES_LISTADO = 5000;
/** Most previous-day audits listed inside each statistics row (the count is always complete). */
const MAX_DIA_ANTERIOR_POR_FILA = 200;

type HorarioAuditor = TurnoAuditorRow;

type FilaHorarioAuditor = {
  auditor: string;
  inicio_turno: string | null;
  fin_turno: string | null;
  primera_auditoria: string;
  minutos_desde_inicio_turno: number | null;
  estado_inicio: ShiftState | null;
  ultima_auditoria: string;
  minutos_antes_fin_turno: number | null;
  estado_fin: ShiftState | null;
};

export type EstadisticasGenerales = {
  estadisticas: EstadisticaAuditor[];
  horario_auditores: HorarioAuditor[];
  tabla_horario_auditores: FilaHorarioAuditor[];
};

const periodo = (q: EstadisticasQuery): AuditoriaPeriodo => ({
  desde: q.fecha_desde,
  hasta: q.fecha_hasta,
  auditor: q.auditor,
});
const round2 = (n: number) => Math.round(n * 100) / 100;
const timeOf = (ts: string) => ts.slice(11, 19);

function toAutorizacionAuditada(i: AuditoriaItem): AutorizacionAuditada {
  return {
    aucanumint: i.aucanumint,
    fecha_hora_carga: i.fecha_hora_carga,
    fecha_hora_carga_original: i.fecha_hora_carga_original,
    fecha_hora_auditoria: i.fecha_hora_auditoria,
    usuarioauditoria: i.usuarioauditoria,
    tiempo_auditoria: secondsToMinutes(i.segundos_auditoria),
    dia_anterior: i.dia_anterior,
  };
}

function jornada(
  j: AuditoriaJornadaRow | undefined,
): Pick<EstadisticaAuditor, "inicio_autorizaciones" | "cierre_autorizaciones"> {
  if (!j) return { inicio_autorizaciones: null, cierre_autorizaciones: null };
  const hasShift = j.inicio_turno != null && j.fin_turno != null;
  const startMin = hasShift ? round2(minutesBetween(j.inicio_turno!, timeOf(j.inicio_fecha_hora))) : null;
  const endMin = hasShift ? round2(minutesBetween(timeOf(j.cierre_fecha_hora), j.fin_turno!)) : null;
  return {
    inicio_autorizaciones: {
      fecha_hora_auditoria: j.inicio_fecha_hora,
      aucanumint: j.inicio_nro,
      usuarioauditoria: j.inicio_auditor,
      inicio_turno: j.inicio_turno,
      minutos_desde_inicio_turno: startMin,
      estado: hasShift ? shiftStartState(j.inicio_turno!, timeOf(j.inicio_fecha_hora)) : null,
    },
    cierre_autorizaciones: {
      fecha_hora_auditoria: j.cierre_fecha_hora,
      aucanumint: j.cierre_nro,
      usuarioauditoria: j.cierre_auditor,
      fin_turno: j.fin_turno,
      minutos_antes_fin_turno: endMin,
      estado: hasShift ? shiftEndState(j.fin_turno!, timeOf(j.cierre_fecha_hora)) : null,
    },
  };
}

function estadistica(
  m: AuditoriaMetricasRow,
  j: AuditoriaJornadaRow | undefined,
  anteriores: AuditoriaItem[],
): EstadisticaAuditor {
  return {
    auditor: m.auditor ?? EQUIPO,
    datos: {
      cantidad_autorizaciones: m.cantidad_autorizaciones,
      cantidad_con_tiempo: m.cantidad_con_tiempo,
      tiempo_promedio:
        m.cantidad_con_tiempo > 0 && m.segundos_total != null
          ? secondsToMinutes(m.segundos_total / m.cantidad_con_tiempo)
          : null,
      tiempo_minimo: secondsToMinutes(m.segundos_minimo),
      tiempo_maximo: secondsToMinutes(m.segundos_maximo),
      tiempo_total: secondsToMinutes(m.segundos_total),
      autorizacion_con_tiempo_min: m.autorizacion_con_tiempo_min,
      autorizacion_con_tiempo_max: m.autorizacion_con_tiempo_max,
    },
    ...jornada(j),
    auditoria_dia_anterior: m.auditoria_dia_anterior,
    ls_auditorias_dia_anterior: anteriores.map(toAutorizacionAuditada),
    cant_autorizaciones_menor_2_minutos: m.cant_autorizaciones_rapidas,
    interrupcion_maxima: secondsToMinutes(m.interrupcion_maxima_seg),
    interrupciones_mayor_15_min: m.interrupciones_largas,
    tiempo_muerto_max: secondsToMinutes(j?.tiempo_muerto_max_seg),
    total_tiempo_interrupciones: secondsToMinutes(m.total_interrupciones_largas_seg) ?? 0,
    dias_con_auditorias: m.dias,
  };
}

function filaHorario(e: EstadisticaAuditor): FilaHorarioAuditor {
  const i = e.inicio_autorizaciones!;
  const c = e.cierre_autorizaciones!;
  return {
    auditor: e.auditor,
    inicio_turno: i.inicio_turno,
    fin_turno: c.fin_turno,
    primera_auditoria: i.fecha_hora_auditoria,
    minutos_desde_inicio_turno: i.minutos_desde_inicio_turno,
    estado_inicio: i.estado,
    ultima_auditoria: c.fecha_hora_auditoria,
    minutos_antes_fin_turno: c.minutos_antes_fin_turno,
    estado_fin: c.estado,
  };
}

function leerEstadisticasGenerales(q: EstadisticasQuery): Promise<ReportResult<EstadisticasGenerales>> {
  return fromSnapshot(async (reader) => {
    const p = periodo(q);
    const umbrales = { rapidaSegundos: FAST_AUDIT_SECONDS, interrupcionSegundos: LONG_GAP_SECONDS };
    // One after another on purpose: the three queries are independent, but `reader` is the request's one DuckDB
    // connection to the snapshot (reporting/store.ts), which runs one statement at a time, so Promise.all would only
    // queue them behind each other; one connection keeps the three reads on the same snapshot.
    const { metricas, jornadas } = await auditoriaResumen(reader, p, umbrales);
    const anteriores = await auditoriasDiaAnterior(reader, p, MAX_DIA_ANTERIOR_POR_FILA);
    const turnos = await turnosAuditores(reader);
    const key = (a: string | null) => a ?? "\u0000";
    const jornadaDe = new Map(jornadas.map((j) => [key(j.auditor), j]));
    const anterioresDe = new Map(anteriores.map((a) => [key(a.auditor), a.items]));
    const estadisticas = metricas
      .filter((m) => m.auditor !== null || q.auditor === null)
      .map((m) => estadistica(m, jornadaDe.get(key(m.auditor)), anterioresDe.get(key(m.auditor)) ?? []));
    const horario_auditores = q.auditor ? turnos.filter((t) => t.auditor === q.auditor) : turnos;
    return {
      estadisticas,
      horario_auditores,
      tabla_horario_auditores: estadisticas.filter((e) => e.auditor !== EQUIPO).map(filaHorario),
    };
  });
}

/**
 * Statistics of the period: the 'equipo' row first (only when no auditor is asked for), then one row per auditor
 * with audits in the period; every shift; and per auditor the shift against the first/last audit with colours.
 * Memoised per snapshot (ADR 074): the screen's read serves the PDF, the API and the scheduled run of the same
 * period until another snapshot is in service. The answer is shared: never mutate it.
 */
export const estadisticasGenerales = memoPerSnapshot(leerEstadisticasGenerales, (q: EstadisticasQuery) =>
  JSON.stringify([q.fecha_desde, q.fecha_hasta, q.auditor ?? null]),
);

export type ListadoAuditadas = { resultado: AutorizacionAuditada[]; total: number; truncado: boolean };

/** Audited authorisations of one auditor (or the team) in the period, oldest first, at most 5 000. */
export function autorizacionesAuditadas(q: AutorizacionesQuery): Promise<ReportResult<ListadoAuditadas>> {
  return fromSnapshot(async (reader) => {
    const { items, total } = await auditoriasListado(
      reader,
      { ...periodo(q), soloDiaAnterior: q.solo_dia_anterior },
      MAX_AUTORIZACIONES_LISTADO,
    );
    return { resultado: items.map(toAutorizacionAuditada), total, truncado: total > items.length };
  });
}

export type { AutorizacionDetalle };

/** An authorisation by number: its rows (one per practice); empty when the snapshot does not hold it. */
export function autorizacionDetalle(nro: number): Promise<ReportResult<AutorizacionDetalle[]>> {
  return fromSnapshot((reader) => autorizacionByNumero(reader, nro));
}

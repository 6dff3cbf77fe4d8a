// Audit-time statistics ('OSEP / Tiempos de Auditoria Médica', docs/decisions/013-audit-time-metrics.md) on a
// snapshot. Aggregates over `auditorias` (one row per audited authorisation with its per-row facts already computed at
// refresh time, ordered by dia so the period filter prunes by zone maps). The period's figures are rolled up from one
// pass per auditor and day (auditoriaResumen; ADR 074). Thresholds come in as parameters: the app holds them
// (app/modules/estadisticas/rules.ts).
import type { SnapshotReader } from "~reporting/store";

export type AuditoriaPeriodo = {
  /** Audit dates, 'YYYY-MM-DD', inclusive. */
  desde: string;
  hasta: string;
  /** One auditor (usuarioauditoria) or null for all of them. */
  auditor: string | null;
};

export type AuditoriaUmbrales = {
  /** Audits faster than this (carga → auditoría) are counted as fast. */
  rapidaSegundos: number;
  /** Gaps longer than this are long interruptions. */
  interrupcionSegundos: number;
};

/** Raw figures per auditor, and one row with auditor = null for the whole team ('equipo'). Seconds throughout. */
export type AuditoriaMetricasRow = {
  auditor: string | null;
  cantidad_autorizaciones: number;
  cantidad_con_tiempo: number;
  segundos_total: number | null;
  segundos_minimo: number | null;
  segundos_maximo: number | null;
  autorizacion_con_tiempo_min: number | null;
  autorizacion_con_tiempo_max: number | null;
  auditoria_dia_anterior: number;
  cant_autorizaciones_rapidas: number;
  interrupcion_maxima_seg: number | null;
  interrupciones_largas: number;
  total_interrupciones_largas_seg: number;
  dias: number;
};

/** The days that count against the shift thresholds, and the longest dead time at a shift edge. */
export type AuditoriaJornadaRow = {
  auditor: string | null;
  /** Latest first-audit-of-a-day of the period (time of day), with its authorisation and auditor; the team: the period's first audit. */
  inicio_fecha_hora: string;
  inicio_nro: number;
  inicio_auditor: string;
  /** Earliest last-audit-of-a-day of the period; the team: the period's last audit. */
  cierre_fecha_hora: string;
  cierre_nro: number;
  cierre_auditor: string;
  inicio_turno: string | null;
  fin_turno: string | null;
  /** max over days of (first audit − shift start) and (shift end − last audit), ≥ 0; null without a shift. */
  tiempo_muerto_max_seg: number | null;
};

export type TurnoAuditorRow = { auditor: string; inicio_turno: string; fin_turno: string };

export type AuditoriaItem = {
  aucanumint: number;
  fecha_hora_carga: string | null;
  fecha_hora_carga_original: string | null;
  fecha_hora_auditoria: string;
  usuarioauditoria: string;
  segundos_auditoria: number | null;
  dia_anterior: boolean;
};

export type DiaAnteriorRow = { auditor: string | null; items: AuditoriaItem[] };

export type AutorizacionDetalle = {
  aucanumint: number;
  fecha: string;
  hora: string | null;
  nroafiliado: string | null;
  nombreafiliado: string | null;
  practica: string;
  subitem: string | null;
  descpractica: string | null;
  autorizo: string;
  modalidad: string;
  usuarioautorizacion: string | null;
  usuarioauditoria: string | null;
  fecha_hora_carga: string | null;
  fecha_hora_carga_original: string | null;
  fecha_hora_auditoria: string | null;
  nommedefector: string | null;
  anulado: boolean | null;
};

type Params = Record<string, string | number | boolean | null>;

function where(p: AuditoriaPeriodo, params: Params, alias = ""): string {
  params.desde = p.desde;
  params.hasta = p.hasta;
  let sql = `${alias}dia BETWEEN $desde::DATE AND $hasta::DATE`;
  if (p.auditor) {
    params.auditor = p.auditor;
    sql += ` AND ${alias}auditor = $auditor`;
  }
  return sql;
}

/** Per auditor and day, in one pass over the period's audits: what the figures of the period add up from. */
const DIAS = (where: string) => `
    d AS MATERIALIZED (
      SELECT auditor, dia,
             count(*) AS n, count(segundos_auditoria) AS n_tiempo, sum(segundos_auditoria) AS seg_total,
             min(segundos_auditoria) AS seg_min, max(segundos_auditoria) AS seg_max,
             count_if(dia_anterior) AS n_dia_anterior, count_if(segundos_auditoria < $rapida) AS n_rapidas,
             max(segundos_desde_anterior) AS gap_max, count_if(segundos_desde_anterior > $larga) AS n_largas,
             sum(segundos_desde_anterior) FILTER (WHERE segundos_desde_anterior > $larga) AS seg_largas,
             min(fecha_hora_auditoria) AS primera, arg_min(nroautorizacion, (fecha_hora_auditoria, id)) AS nro_primera,
             max(fecha_hora_auditoria) AS ultima, arg_max(nroautorizacion, (fecha_hora_auditoria, id)) AS nro_ultima
      FROM auditorias WHERE ${where}
      GROUP BY auditor, dia)`;

/**
 * The authorisation of the shortest and of the longest time (ties: the earlier audit, then the lower id; for the
 * longest the earlier too). Only the audits whose time is their auditor's minimum or maximum can be either (the team's
 * extremes are some auditor's), so a second, filtered pass over those few rows replaces a per-row tuple comparison.
 */
const EXTREMOS = (where: string) => `
    x AS (SELECT auditor, min(seg_min) AS seg_min, max(seg_max) AS seg_max FROM d GROUP BY auditor),
    c AS (
      SELECT a.auditor, a.nroautorizacion, a.segundos_auditoria, a.fecha_hora_auditoria, a.id
      FROM auditorias a JOIN x ON a.auditor = x.auditor
      WHERE ${where} AND (a.segundos_auditoria = x.seg_min OR a.segundos_auditoria = x.seg_max)),
    e AS (
      SELECT auditor, grouping(auditor) AS g,
             arg_min(nroautorizacion, (segundos_auditoria, fecha_hora_auditoria, id)) AS autorizacion_con_tiempo_min,
             arg_max(nroautorizacion, (segundos_auditoria, -epoch(fecha_hora_auditoria), -id)) AS autorizacion_con_tiempo_max
      FROM c GROUP BY GROUPING SETS ((auditor), ()))`;

const METRICAS = `
    m AS (
      SELECT auditor, grouping(auditor) AS g,
             coalesce(sum(n), 0) AS cantidad_autorizaciones,
             coalesce(sum(n_tiempo), 0) AS cantidad_con_tiempo,
             sum(seg_total) AS segundos_total,
             min(seg_min) AS segundos_minimo,
             max(seg_max) AS segundos_maximo,
             coalesce(sum(n_dia_anterior), 0) AS auditoria_dia_anterior,
             coalesce(sum(n_rapidas), 0) AS cant_autorizaciones_rapidas,
             max(gap_max) AS interrupcion_maxima_seg,
             coalesce(sum(n_largas), 0) AS interrupciones_largas,
             coalesce(sum(seg_largas), 0) AS total_interrupciones_largas_seg,
             count(DISTINCT dia) AS dias
      FROM d GROUP BY GROUPING SETS ((auditor), ()))`;

/**
 * Per auditor: the latest first audit of a day and the earliest last audit of a day (ties between days: the most
 * recent day wins, for both), the shift (several rows: the earliest start, the latest end), the longest dead time at
 * a shift edge. The team (q): the period's first and last audit (ties between auditors: the lowest code for Inicio,
 * the highest for Cierre), so Inicio never comes after Cierre.
 */
const JORNADAS = `
    t AS (SELECT auditor, min(inicio_turno) AS inicio_turno, max(fin_turno) AS fin_turno FROM turnos_auditores GROUP BY auditor),
    j AS (
      SELECT d.auditor,
             arg_max(primera, (primera::TIME, epoch(primera))) AS inicio_fecha_hora,
             arg_max(nro_primera, (primera::TIME, epoch(primera))) AS inicio_nro,
             any_value(d.auditor) AS inicio_auditor,
             arg_min(ultima, (ultima::TIME, -epoch(ultima))) AS cierre_fecha_hora,
             arg_min(nro_ultima, (ultima::TIME, -epoch(ultima))) AS cierre_nro,
             any_value(d.auditor) AS cierre_auditor,
             any_value(t.inicio_turno) AS inicio_turno, any_value(t.fin_turno) AS fin_turno,
             max(CASE WHEN t.auditor IS NOT NULL THEN
                   greatest(date_diff('second', t.inicio_turno, primera::TIME), date_diff('second', ultima::TIME, t.fin_turno), 0) END)
               AS tiempo_muerto_max_seg
      FROM d LEFT JOIN t ON t.auditor = d.auditor
      GROUP BY d.auditor),
    q AS (
      SELECT min(primera) AS inicio_fecha_hora,
             arg_min(nro_primera, (primera, auditor)) AS inicio_nro,
             arg_min(auditor, (primera, auditor)) AS inicio_auditor,
             max(ultima) AS cierre_fecha_hora,
             arg_max(nro_ultima, (ultima, auditor)) AS cierre_nro,
             arg_max(auditor, (ultima, auditor)) AS cierre_auditor
      FROM d)`;

const JORNADA_COLUMNS = [
  "inicio_fecha_hora",
  "inicio_nro",
  "inicio_auditor",
  "cierre_fecha_hora",
  "cierre_nro",
  "cierre_auditor",
] as const;

type ResumenRow = AuditoriaMetricasRow & Omit<AuditoriaJornadaRow, "auditor">;

/**
 * The period's metrics (auditoriaMetricas) and day picks (auditoriaJornadas) in one statement: the audits are read
 * once, per auditor and day (d), and every figure is rolled up from those rows (docs/decisions/074-tiempos-read-cost.md).
 */
export async function auditoriaResumen(
  reader: SnapshotReader,
  p: AuditoriaPeriodo,
  u: AuditoriaUmbrales,
): Promise<{ metricas: AuditoriaMetricasRow[]; jornadas: AuditoriaJornadaRow[] }> {
  const params: Params = { rapida: u.rapidaSegundos, larga: u.interrupcionSegundos };
  const w = where(p, params);
  const either = (c: string) => `CASE WHEN m.g = 1 THEN q.${c} ELSE j.${c} END AS ${c}`;
  const rows = await reader.all<ResumenRow>(
    `WITH ${DIAS(w)}, ${EXTREMOS(where(p, params, "a."))}, ${METRICAS}, ${JORNADAS}
     SELECT m.* EXCLUDE (g), e.autorizacion_con_tiempo_min, e.autorizacion_con_tiempo_max,
            ${JORNADA_COLUMNS.map(either).join(", ")},
            j.inicio_turno, j.fin_turno, j.tiempo_muerto_max_seg
     FROM m
     LEFT JOIN e ON e.g = m.g AND e.auditor IS NOT DISTINCT FROM m.auditor
     LEFT JOIN j ON m.g = 0 AND j.auditor = m.auditor
     LEFT JOIN q ON m.g = 1
     ORDER BY m.auditor NULLS FIRST`,
    params,
  );
  // An empty period still yields the grand-total row (count 0): leave it out.
  const found = rows.filter((r) => r.cantidad_autorizaciones > 0);
  const metricas = found.map(metricasOf);
  const porAuditor = found.filter((r) => r.auditor !== null).map(jornadaOf);
  if (porAuditor.length === 0) return { metricas, jornadas: [] };
  // The team has no shift; its dead time is the longest of its auditors'.
  const muertos = porAuditor.map((r) => r.tiempo_muerto_max_seg).filter((v): v is number => v != null);
  const equipo = jornadaOf(found.find((r) => r.auditor === null)!);
  const team = {
    ...equipo,
    inicio_turno: null,
    fin_turno: null,
    tiempo_muerto_max_seg: muertos.length ? Math.max(...muertos) : null,
  };
  return { metricas, jornadas: [team, ...porAuditor] };
}

function metricasOf(r: ResumenRow): AuditoriaMetricasRow {
  return {
    auditor: r.auditor,
    cantidad_autorizaciones: r.cantidad_autorizaciones,
    cantidad_con_tiempo: r.cantidad_con_tiempo,
    segundos_total: r.segundos_total == null ? null : Number(r.segundos_total),
    segundos_minimo: r.segundos_minimo,
    segundos_maximo: r.segundos_maximo,
    autorizacion_con_tiempo_min: r.autorizacion_con_tiempo_min,
    autorizacion_con_tiempo_max: r.autorizacion_con_tiempo_max,
    auditoria_dia_anterior: r.auditoria_dia_anterior,
    cant_autorizaciones_rapidas: r.cant_autorizaciones_rapidas,
    interrupcion_maxima_seg: r.interrupcion_maxima_seg,
    interrupciones_largas: r.interrupciones_largas,
    total_interrupciones_largas_seg: r.total_interrupciones_largas_seg,
    dias: r.dias,
  };
}

function jornadaOf(r: ResumenRow): AuditoriaJornadaRow {
  return {
    auditor: r.auditor,
    inicio_fecha_hora: r.inicio_fecha_hora,
    inicio_nro: r.inicio_nro,
    inicio_auditor: r.inicio_auditor,
    cierre_fecha_hora: r.cierre_fecha_hora,
    cierre_nro: r.cierre_nro,
    cierre_auditor: r.cierre_auditor,
    inicio_turno: r.inicio_turno,
    fin_turno: r.fin_turno,
    tiempo_muerto_max_seg: r.tiempo_muerto_max_seg,
  };
}

/** Counts, carga → auditoría times and gaps, per auditor plus the team (auditor null, first row). */
export async function auditoriaMetricas(
  reader: SnapshotReader,
  p: AuditoriaPeriodo,
  u: AuditoriaUmbrales,
): Promise<AuditoriaMetricasRow[]> {
  return (await auditoriaResumen(reader, p, u)).metricas;
}

/** The shift thresholds do not change the day picks: any will do for auditoriaJornadas alone. */
const SIN_UMBRALES: AuditoriaUmbrales = { rapidaSegundos: 0, interrupcionSegundos: 0 };

/**
 * Per auditor: the latest first audit of a day and the earliest last audit of a day in the period (the days judged
 * against the shift), the shift, and the longest dead time at a shift edge. The team (auditor null, first row): the
 * first and the last audit of the period. Shifts are same-day (start < end); an
 * auditor with several shift rows gets the earliest start and the latest end.
 */
export async function auditoriaJornadas(reader: SnapshotReader, p: AuditoriaPeriodo): Promise<AuditoriaJornadaRow[]> {
  return (await auditoriaResumen(reader, p, SIN_UMBRALES)).jornadas;
}

/** The shifts table (horario_auditores). */
export function turnosAuditores(reader: SnapshotReader): Promise<TurnoAuditorRow[]> {
  return reader.all<TurnoAuditorRow>(
    `SELECT auditor, min(inicio_turno) AS inicio_turno, max(fin_turno) AS fin_turno FROM turnos_auditores GROUP BY auditor ORDER BY auditor`,
  );
}

const ITEM_COLUMNS = `nroautorizacion AS aucanumint, fecha_hora_carga, fecha_hora_carga_original, fecha_hora_auditoria,
  auditor AS usuarioauditoria, segundos_auditoria, dia_anterior`;

function toItem(r: Record<string, unknown>): AuditoriaItem {
  return { ...(r as AuditoriaItem), aucanumint: Number(r.aucanumint) };
}

/**
 * The previous-day audits (loaded before 07:00 of the audit date), at most `cap` per auditor and for the team, oldest
 * first (ties: the lower id). The team's first `cap` are among its auditors' first `cap`: numbered among those.
 */
export async function auditoriasDiaAnterior(
  reader: SnapshotReader,
  p: AuditoriaPeriodo,
  cap: number,
): Promise<DiaAnteriorRow[]> {
  const params: Params = { cap };
  const rows = await reader.all<Record<string, unknown> & { auditor: string; n_equipo: number }>(
    `WITH r AS (
       SELECT auditor, id, ${ITEM_COLUMNS}
       FROM auditorias
       WHERE ${where(p, params)} AND dia_anterior
       QUALIFY row_number() OVER (PARTITION BY auditor ORDER BY fecha_hora_auditoria, id) <= $cap)
     SELECT *, row_number() OVER (ORDER BY fecha_hora_auditoria, id) AS n_equipo
     FROM r ORDER BY auditor, fecha_hora_auditoria, id`,
    params,
  );
  if (rows.length === 0) return [];
  const item = ({ auditor: _a, id: _i, n_equipo: _n, ...r }: Record<string, unknown>) => toItem(r);
  const equipo = rows
    .filter((r) => r.n_equipo <= cap)
    .sort((a, b) => a.n_equipo - b.n_equipo)
    .map(item);
  const porAuditor = new Map<string, AuditoriaItem[]>();
  for (const r of rows) {
    const items = porAuditor.get(r.auditor) ?? [];
    if (items.length === 0) porAuditor.set(r.auditor, items);
    items.push(item(r));
  }
  return [{ auditor: null, items: equipo }, ...[...porAuditor].map(([auditor, items]) => ({ auditor, items }))];
}

/** Audited authorisations of one auditor (or all: auditor null) in the period, oldest first, at most `cap`. */
export async function auditoriasListado(
  reader: SnapshotReader,
  p: AuditoriaPeriodo & { soloDiaAnterior?: boolean },
  cap: number,
): Promise<{ items: AuditoriaItem[]; total: number }> {
  const params: Params = {};
  const filter = where(p, params) + (p.soloDiaAnterior ? " AND dia_anterior" : "");
  const [{ total }] = await reader.all<{ total: number }>(
    `SELECT count(*) AS total FROM auditorias WHERE ${filter}`,
    params,
  );
  if (total === 0) return { items: [], total };
  params.cap = cap;
  const items = await reader.all<Record<string, unknown>>(
    `SELECT ${ITEM_COLUMNS} FROM auditorias WHERE ${filter} ORDER BY fecha_hora_auditoria, id LIMIT $cap`,
    params,
  );
  return { items: items.map(toItem), total };
}

/** An authorisation by number (all its rows: one per practice), for the dialog. */
export function autorizacionByNumero(reader: SnapshotReader, nro: number): Promise<AutorizacionDetalle[]> {
  return reader.all<AutorizacionDetalle>(
    `SELECT nroautorizacion AS aucanumint, fecha, hora, nroafiliado, nombreafiliado, practica, subitem, descpractica, autorizo,
            modalidad, usuarioautorizacion, usuarioauditoria, fecha_hora_carga, fecha_hora_carga_original, fecha_hora_auditoria,
            nommedefector, anulado
     FROM autorizaciones WHERE nroautorizacion = $nro ORDER BY id LIMIT 100`,
    { nro },
  );
}

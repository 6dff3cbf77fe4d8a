// Audit-time statistics ('OSEP / Tiempos de Auditoria Médica', docs/decisions/013-audit-time-metrics.md) on a
// snapshot. Plain aggregates over `auditorias` (one row per audited authorisation with its per-row facts already
// computed at refresh time, ordered by dia so the period filter prunes by zone maps): no window functions here.
// Thresholds come in as parameters: the app holds them (app/modules/estadisticas/rules.ts).
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

/** Counts, carga → auditoría times and gaps, per auditor plus the team (auditor null, first row). */
export async function auditoriaMetricas(
  reader: SnapshotReader,
  p: AuditoriaPeriodo,
  u: AuditoriaUmbrales,
): Promise<AuditoriaMetricasRow[]> {
  const params: Params = { rapida: u.rapidaSegundos, larga: u.interrupcionSegundos };
  const rows = await reader.all<AuditoriaMetricasRow>(
    `SELECT auditor,
            count(*) AS cantidad_autorizaciones,
            count(segundos_auditoria) AS cantidad_con_tiempo,
            sum(segundos_auditoria) AS segundos_total,
            min(segundos_auditoria) AS segundos_minimo,
            max(segundos_auditoria) AS segundos_maximo,
            arg_min(nroautorizacion, (segundos_auditoria, fecha_hora_auditoria, id)) FILTER (WHERE segundos_auditoria IS NOT NULL)
              AS autorizacion_con_tiempo_min,
            arg_max(nroautorizacion, (segundos_auditoria, -epoch(fecha_hora_auditoria), -id)) FILTER (WHERE segundos_auditoria IS NOT NULL)
              AS autorizacion_con_tiempo_max,
            coalesce(count_if(dia_anterior), 0) AS auditoria_dia_anterior,
            coalesce(count_if(segundos_auditoria < $rapida), 0) AS cant_autorizaciones_rapidas,
            max(segundos_desde_anterior) AS interrupcion_maxima_seg,
            coalesce(count_if(segundos_desde_anterior > $larga), 0) AS interrupciones_largas,
            coalesce(sum(segundos_desde_anterior) FILTER (WHERE segundos_desde_anterior > $larga), 0) AS total_interrupciones_largas_seg,
            count(DISTINCT dia) AS dias
     FROM auditorias
     WHERE ${where(p, params)}
     GROUP BY GROUPING SETS ((auditor), ())
     ORDER BY auditor NULLS FIRST`,
    params,
  );
  // count_if() is NULL, not 0, when every input is NULL (one audit: no gap; only previous-day loads: no time), hence
  // the coalesce above: counts are never null. An empty period still yields the grand-total row (count 0): leave it out.
  return rows
    .filter((r) => r.cantidad_autorizaciones > 0)
    .map((r) => ({ ...r, segundos_total: r.segundos_total == null ? null : Number(r.segundos_total) }));
}

/**
 * Per auditor: the latest first audit of a day and the earliest last audit of a day in the period (the days judged
 * against the shift), the shift, and the longest dead time at a shift edge. The team (auditor null, first row): the
 * first and the last audit of the period. Shifts are same-day (start < end); an
 * auditor with several shift rows gets the earliest start and the latest end.
 */
export async function auditoriaJornadas(reader: SnapshotReader, p: AuditoriaPeriodo): Promise<AuditoriaJornadaRow[]> {
  const params: Params = {};
  const dias = `
    d AS (
      SELECT auditor, dia,
             min(fecha_hora_auditoria) AS primera, arg_min(nroautorizacion, (fecha_hora_auditoria, id)) AS nro_primera,
             max(fecha_hora_auditoria) AS ultima, arg_max(nroautorizacion, (fecha_hora_auditoria, id)) AS nro_ultima
      FROM auditorias WHERE ${where(p, params)}
      GROUP BY auditor, dia),
    t AS (SELECT auditor, min(inicio_turno) AS inicio_turno, max(fin_turno) AS fin_turno FROM turnos_auditores GROUP BY auditor)`;
  // Ties between days: the most recent day wins, for both the start and the end.
  const pick = `
      arg_max(primera, (primera::TIME, epoch(primera))) AS inicio_fecha_hora,
      arg_max(nro_primera, (primera::TIME, epoch(primera))) AS inicio_nro,
      arg_max(aud_primera, (primera::TIME, epoch(primera))) AS inicio_auditor,
      arg_min(ultima, (ultima::TIME, -epoch(ultima))) AS cierre_fecha_hora,
      arg_min(nro_ultima, (ultima::TIME, -epoch(ultima))) AS cierre_nro,
      arg_min(aud_ultima, (ultima::TIME, -epoch(ultima))) AS cierre_auditor`;
  const porAuditor = await reader.all<AuditoriaJornadaRow>(
    `WITH ${dias}
     SELECT d.auditor, ${pick},
            any_value(t.inicio_turno) AS inicio_turno, any_value(t.fin_turno) AS fin_turno,
            max(CASE WHEN t.auditor IS NOT NULL THEN
                  greatest(date_diff('second', t.inicio_turno, primera::TIME), date_diff('second', ultima::TIME, t.fin_turno), 0) END)
              AS tiempo_muerto_max_seg
     FROM (SELECT *, auditor AS aud_primera, auditor AS aud_ultima FROM d) d LEFT JOIN t ON t.auditor = d.auditor
     GROUP BY d.auditor
     ORDER BY d.auditor`,
    params,
  );
  if (porAuditor.length === 0) return [];
  // The team has no shift: its Inicio and Cierre are simply the first and the last audit of the whole period (ties
  // between auditors: the lowest code for Inicio, the highest for Cierre), so Inicio never comes after Cierre.
  const equipo = await reader.all<AuditoriaJornadaRow>(
    `WITH ${dias}
     SELECT NULL AS auditor,
            min(primera) AS inicio_fecha_hora,
            arg_min(nro_primera, (primera, auditor)) AS inicio_nro,
            arg_min(auditor, (primera, auditor)) AS inicio_auditor,
            max(ultima) AS cierre_fecha_hora,
            arg_max(nro_ultima, (ultima, auditor)) AS cierre_nro,
            arg_max(auditor, (ultima, auditor)) AS cierre_auditor,
            NULL AS inicio_turno, NULL AS fin_turno
     FROM d`,
    params,
  );
  const muertos = porAuditor.map((r) => r.tiempo_muerto_max_seg).filter((v): v is number => v != null);
  const team = { ...equipo[0], tiempo_muerto_max_seg: muertos.length ? Math.max(...muertos) : null };
  return [team, ...porAuditor];
}

/** The shifts table (horario_auditores). */
export function turnosAuditores(reader: SnapshotReader): Promise<TurnoAuditorRow[]> {
  return reader.all<TurnoAuditorRow>(
    `SELECT auditor, min(inicio_turno) AS inicio_turno, max(fin_turno) AS fin_turno FROM turnos_auditores GROUP BY auditor ORDER BY auditor`,
  );
}

const ITEM_COLUMNS = `nroautorizacion AS aucanumint, fecha_hora_carga, fecha_hora_carga_original, fecha_hora_auditoria,
  auditor AS usuarioauditoria, segundos_auditoria, dia_anterior`;

const ITEM_STRUCT = `aucanumint := nroautorizacion, fecha_hora_carga := fecha_hora_carga,
  fecha_hora_carga_original := fecha_hora_carga_original, fecha_hora_auditoria := fecha_hora_auditoria,
  usuarioauditoria := auditor, segundos_auditoria := segundos_auditoria, dia_anterior := dia_anterior`;

function toItem(r: Record<string, unknown>): AuditoriaItem {
  return { ...(r as AuditoriaItem), aucanumint: Number(r.aucanumint) };
}

/** The previous-day audits (loaded before 07:00 of the audit date), at most `cap` per auditor and for the team. */
export async function auditoriasDiaAnterior(
  reader: SnapshotReader,
  p: AuditoriaPeriodo,
  cap: number,
): Promise<DiaAnteriorRow[]> {
  const params: Params = { cap };
  const rows = await reader.all<{ auditor: string | null; items: Record<string, unknown>[] }>(
    `SELECT auditor, list(struct_pack(${ITEM_STRUCT})
                          ORDER BY fecha_hora_auditoria, id)[1:$cap] AS items
     FROM auditorias
     WHERE ${where(p, params)} AND dia_anterior
     GROUP BY GROUPING SETS ((auditor), ())
     ORDER BY auditor NULLS FIRST`,
    params,
  );
  return rows
    .filter((r) => r.items != null && r.items.length > 0)
    .map((r) => ({ auditor: r.auditor, items: r.items.map(toItem) }));
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

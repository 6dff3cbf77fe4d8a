// The two tables of 'OSEP / Tiempos de Auditoria Médica', defined once (ADR 072): 'Tabla General' (key figures,
// 'Equipo' first) and 'Info por Auditor' (every metric of docs/decisions/013). The screen's grids, the PDF, the
// scheduled workbook and their tests all read these lists. A metric that does not exist for a row shows '-'.
// A plain .ts file, so the server modules that read the tables (the scheduled workbook, the screen's adapter) import
// no .tsx (ADR 083): a richer cell names its element or component with createElement.
import { createElement, Fragment } from "react";
import { EQUIPO } from "~/modules/estadisticas/auditoria.schema";
import {
  formatMetricMinutes,
  formatShiftTime,
  formatWallClock,
  NO_METRIC,
  type EstadisticaAuditor,
} from "~/modules/estadisticas/rules";
import { TiemposEstado } from "~/modules/estadisticas/components/TiemposEstado";
import type { ReportColumn, ReportTable } from "~/modules/reporting/report-columns";

/** One row of both tables: an auditor's (or the team's) statistics and their shift. */
export type AuditoriaFila = Omit<EstadisticaAuditor, "ls_auditorias_dia_anterior"> & {
  turno: { inicio_turno: string; fin_turno: string } | null;
};

type Estadisticas = {
  estadisticas: EstadisticaAuditor[];
  horario_auditores: { auditor: string; inicio_turno: string; fin_turno: string }[];
};

/** The rows of both tables from the period's statistics: each auditor with their shift. */
export function auditoriaFilas(g: Estadisticas): AuditoriaFila[] {
  const turnos = new Map(g.horario_auditores.map((h) => [h.auditor, h]));
  return g.estadisticas.map(({ ls_auditorias_dia_anterior: _omit, ...e }) => {
    const t = turnos.get(e.auditor);
    return { ...e, turno: t ? { inicio_turno: t.inicio_turno, fin_turno: t.fin_turno } : null };
  });
}

/** 'Equipo' for the team's row, else the auditor's user. */
export const nombreAuditor = (a: string) => (a === EQUIPO ? "Equipo" : a);
export const esEquipo = (r: AuditoriaFila) => r.auditor === EQUIPO;

/** A minimum/maximum time and the authorisation that took it: '12,5 min · aut. 30028'. */
function tiempoConAutorizacion(tiempo: number | null, nro: number | null): string {
  if (nro == null) return formatMetricMinutes(tiempo);
  return `${formatMetricMinutes(tiempo)} · aut. ${nro}`;
}

const auditor: ReportColumn<AuditoriaFila> = {
  key: "auditor",
  header: "Auditor",
  value: (r) => nombreAuditor(r.auditor),
  cell: (r) => createElement("strong", null, nombreAuditor(r.auditor)),
  width: 16,
};
const cantidad: ReportColumn<AuditoriaFila> = {
  key: "cantidad",
  header: "Autorizaciones",
  kind: "count",
  value: (r) => r.datos.cantidad_autorizaciones,
};
const promedio: ReportColumn<AuditoriaFila> = {
  key: "promedio",
  header: "Tiempo promedio",
  kind: "minutes",
  value: (r) => r.datos.tiempo_promedio,
};

function tiempoCon(which: "minimo" | "maximo", header: string): ReportColumn<AuditoriaFila> {
  const tiempo = (r: AuditoriaFila) => (which === "minimo" ? r.datos.tiempo_minimo : r.datos.tiempo_maximo);
  const nro = (r: AuditoriaFila) =>
    which === "minimo" ? r.datos.autorizacion_con_tiempo_min : r.datos.autorizacion_con_tiempo_max;
  return {
    key: which,
    header,
    kind: "minutes",
    value: tiempo,
    text: (r) => tiempoConAutorizacion(tiempo(r), nro(r)),
    cell: (r) =>
      createElement(
        Fragment,
        null,
        formatMetricMinutes(tiempo(r)),
        nro(r) != null && createElement("small", { className: "aud-cell-sub" }, "aut. ", nro(r)),
      ),
    width: 14,
  };
}

const count = (key: string, header: string, get: (r: AuditoriaFila) => number | null): ReportColumn<AuditoriaFila> => ({
  key,
  header,
  kind: "count",
  value: get,
});
const minutes = (
  key: string,
  header: string,
  get: (r: AuditoriaFila) => number | null,
): ReportColumn<AuditoriaFila> => ({
  key,
  header,
  kind: "minutes",
  value: get,
});

export const TABLA_GENERAL: ReportTable<AuditoriaFila> = {
  title: "Tabla General",
  sheet: "Tabla General",
  rowKey: (r) => r.auditor,
  pinnedFirst: esEquipo,
  columns: [
    auditor,
    cantidad,
    promedio,
    tiempoCon("minimo", "Tiempo mínimo"),
    tiempoCon("maximo", "Tiempo máximo"),
    count("anterior", "Del día anterior", (r) => r.auditoria_dia_anterior),
    count("rapidas", "Menos de 2 min", (r) => r.cant_autorizaciones_menor_2_minutos),
    count("interrupciones", "Interrupciones > 15 min", (r) => r.interrupciones_mayor_15_min),
  ],
};

function estado(borde: "inicio" | "fin", header: string): ReportColumn<AuditoriaFila> {
  const of = (r: AuditoriaFila) => (borde === "inicio" ? r.inicio_autorizaciones : r.cierre_autorizaciones);
  return {
    key: borde === "inicio" ? "inicio" : "cierre",
    header,
    kind: "datetime",
    value: (r) => of(r)?.fecha_hora_auditoria ?? null,
    text: (r) => formatWallClock(of(r)?.fecha_hora_auditoria) || NO_METRIC,
    cell: (r) => {
      const e = of(r);
      const m =
        borde === "inicio"
          ? r.inicio_autorizaciones?.minutos_desde_inicio_turno
          : r.cierre_autorizaciones?.minutos_antes_fin_turno;
      return createElement(TiemposEstado, { fechaHora: e?.fecha_hora_auditoria, estado: e?.estado, minutos: m, borde });
    },
    width: 26,
  };
}

function turno(borde: "inicio" | "fin", header: string): ReportColumn<AuditoriaFila> {
  const of = (r: AuditoriaFila) => (borde === "inicio" ? r.turno?.inicio_turno : r.turno?.fin_turno) ?? null;
  return {
    key: borde === "inicio" ? "turno_inicio" : "turno_fin",
    header,
    kind: "time",
    value: of,
    text: (r) => (r.turno ? formatShiftTime(of(r)) : "Sin turno"),
    width: 9,
  };
}

function autorizacion(which: "min" | "max", header: string): ReportColumn<AuditoriaFila> {
  return {
    key: `aut_${which}`,
    header,
    kind: "number",
    value: (r) => (which === "min" ? r.datos.autorizacion_con_tiempo_min : r.datos.autorizacion_con_tiempo_max),
    text: (r) =>
      String(
        (which === "min" ? r.datos.autorizacion_con_tiempo_min : r.datos.autorizacion_con_tiempo_max) ?? NO_METRIC,
      ),
    width: 12,
  };
}

export const INFO_POR_AUDITOR: ReportTable<AuditoriaFila> = {
  title: "Info por Auditor",
  sheet: "Info por Auditor",
  paramPrefix: "info_",
  rowKey: (r) => r.auditor,
  pinnedFirst: esEquipo,
  columns: [
    auditor,
    turno("inicio", "Inicio de turno"),
    turno("fin", "Fin de turno"),
    cantidad,
    promedio,
    minutes("minimo", "Tiempo mínimo", (r) => r.datos.tiempo_minimo),
    autorizacion("min", "Autorización con tiempo mínimo"),
    minutes("maximo", "Tiempo máximo", (r) => r.datos.tiempo_maximo),
    autorizacion("max", "Autorización con tiempo máximo"),
    minutes("total", "Tiempo total", (r) => r.datos.tiempo_total),
    estado("inicio", "Inicio de autorizaciones"),
    estado("fin", "Cierre de autorizaciones"),
    count("anterior", "Auditorías del día anterior", (r) => r.auditoria_dia_anterior),
    count("rapidas", "Autorizaciones en menos de 2 min", (r) => r.cant_autorizaciones_menor_2_minutos),
    minutes("int_max", "Interrupción máxima", (r) => r.interrupcion_maxima),
    count("int_15", "Interrupciones mayores a 15 min", (r) => r.interrupciones_mayor_15_min),
    {
      key: "muerto",
      header: "Tiempo muerto máximo",
      kind: "minutes",
      value: (r) => r.tiempo_muerto_max,
      text: (r) => (r.tiempo_muerto_max == null ? "Sin turno" : formatMetricMinutes(r.tiempo_muerto_max)),
    },
    minutes("int_total", "Tiempo total de interrupciones", (r) => r.total_tiempo_interrupciones),
  ],
};

/** Both tables, in the order the PDF prints them. */
export const TIEMPOS_TABLES = [TABLA_GENERAL, INFO_POR_AUDITOR] as const;

// The two tables of 'OSEP / Tiempos de Auditoria Médica': the general one (key figures, 'equipo' first) and the
// per-auditor one ('Info por Auditor') with every metric of docs/decisions/013. Both are the one DataGrid (ADR 059):
// sorted and filtered alike with JavaScript (AG Grid) and without (the URL), the 'Equipo' row always first. Links
// open the dialogs; a link's accessible name starts from its visible text (WCAG 2.5.3). A metric that does not
// exist for a row shows '-'.
import { Link } from "@remix-run/react";
import { DataGrid, type Column } from "~/components/ui";
import {
  formatMetricCount,
  formatMinutes,
  formatShiftTime,
  formatWallClock,
  NO_METRIC,
} from "~/modules/estadisticas/rules";
import { countColumn, minutesColumn } from "./columns";
import { TiemposEstado } from "./TiemposEstado";
import type { EstadisticaAuditor } from "~/modules/estadisticas/rules";

export type AuditoriaHrefs = {
  listado: (auditor: string) => string;
  anteriores: (auditor: string) => string;
  autorizacion: (nro: number) => string;
};

export type AuditoriaFila = Omit<EstadisticaAuditor, "ls_auditorias_dia_anterior"> & {
  turno: { inicio_turno: string; fin_turno: string } | null;
};

const nombre = (a: string) => (a === "equipo" ? "Equipo" : a);
const num = formatMetricCount;

function linkTo(href: string, text: string, label: string) {
  return (
    <Link to={href} preventScrollReset aria-label={label} className="aud-link">
      {text}
    </Link>
  );
}

/** 'Ver las 12 autorizaciones …' / 'Ver la 1 autorización …': the visible count, as shown, inside the name. */
function verAutorizaciones(n: number, plural: string, singular: string, auditor: string): string {
  return n === 1
    ? `Ver la ${num(n)} ${singular} de ${nombre(auditor)}`
    : `Ver las ${num(n)} ${plural} de ${nombre(auditor)}`;
}

function cantidad(h: AuditoriaHrefs) {
  return (r: AuditoriaFila) =>
    linkTo(
      h.listado(r.auditor),
      num(r.datos.cantidad_autorizaciones),
      verAutorizaciones(
        r.datos.cantidad_autorizaciones,
        "autorizaciones auditadas",
        "autorización auditada",
        r.auditor,
      ),
    );
}

function anteriores(h: AuditoriaHrefs) {
  return (r: AuditoriaFila) =>
    r.auditoria_dia_anterior > 0
      ? linkTo(
          h.anteriores(r.auditor),
          num(r.auditoria_dia_anterior),
          verAutorizaciones(
            r.auditoria_dia_anterior,
            "autorizaciones del día anterior",
            "autorización del día anterior",
            r.auditor,
          ),
        )
      : num(r.auditoria_dia_anterior);
}

const auditorColumn: Column<AuditoriaFila> = {
  key: "auditor",
  header: "Auditor",
  render: (r) => <strong>{nombre(r.auditor)}</strong>,
  minWidth: 140,
};
const esEquipo = (r: AuditoriaFila) => r.auditor === "equipo";
const claseFila = (r: AuditoriaFila) => (esEquipo(r) ? "aud-fila-equipo" : undefined);
const promedioColumn = minutesColumn<AuditoriaFila>("promedio", "Tiempo promedio", (r) => r.datos.tiempo_promedio);
const anterioresColumn = (h: AuditoriaHrefs, header: string): Column<AuditoriaFila> => ({
  key: "anterior",
  header,
  align: "right",
  render: anteriores(h),
  value: (r) => r.auditoria_dia_anterior,
});
const rapidasColumn = (header: string) =>
  countColumn<AuditoriaFila>("rapidas", header, (r) => r.cant_autorizaciones_menor_2_minutos);

const inicioColumn: Column<AuditoriaFila> = {
  key: "inicio",
  header: "Inicio de autorizaciones",
  render: (r) => (
    <TiemposEstado
      fechaHora={r.inicio_autorizaciones?.fecha_hora_auditoria}
      estado={r.inicio_autorizaciones?.estado}
      minutos={r.inicio_autorizaciones?.minutos_desde_inicio_turno}
      borde="inicio"
    />
  ),
  value: (r) => r.inicio_autorizaciones?.fecha_hora_auditoria ?? null,
  text: (r) => formatWallClock(r.inicio_autorizaciones?.fecha_hora_auditoria),
};
const cierreColumn: Column<AuditoriaFila> = {
  key: "cierre",
  header: "Cierre de autorizaciones",
  render: (r) => (
    <TiemposEstado
      fechaHora={r.cierre_autorizaciones?.fecha_hora_auditoria}
      estado={r.cierre_autorizaciones?.estado}
      minutos={r.cierre_autorizaciones?.minutos_antes_fin_turno}
      borde="fin"
    />
  ),
  value: (r) => r.cierre_autorizaciones?.fecha_hora_auditoria ?? null,
  text: (r) => formatWallClock(r.cierre_autorizaciones?.fecha_hora_auditoria),
};

function autorizacion(h: AuditoriaHrefs, nro: number | null, tiempo: number | null, which: string) {
  if (nro == null) return NO_METRIC;
  return (
    <>
      {linkTo(h.autorizacion(nro), String(nro), `Ver la autorización ${nro} (${which})`)}
      {tiempo != null && <small className="aud-cell-sub">{formatMinutes(tiempo)}</small>}
    </>
  );
}

export function AuditoriaTablaGeneral({ filas, hrefs }: { filas: AuditoriaFila[]; hrefs: AuditoriaHrefs }) {
  const columns: Column<AuditoriaFila>[] = [
    auditorColumn,
    {
      key: "cantidad",
      header: "Autorizaciones",
      align: "right",
      render: cantidad(hrefs),
      value: (r) => r.datos.cantidad_autorizaciones,
    },
    promedioColumn,
    {
      key: "minimo",
      header: "Tiempo mínimo",
      align: "right",
      render: (r) => autorizacion(hrefs, r.datos.autorizacion_con_tiempo_min, r.datos.tiempo_minimo, "tiempo mínimo"),
      value: (r) => r.datos.tiempo_minimo,
    },
    {
      key: "maximo",
      header: "Tiempo máximo",
      align: "right",
      render: (r) => autorizacion(hrefs, r.datos.autorizacion_con_tiempo_max, r.datos.tiempo_maximo, "tiempo máximo"),
      value: (r) => r.datos.tiempo_maximo,
    },
    anterioresColumn(hrefs, "Del día anterior"),
    rapidasColumn("Menos de 2 min"),
    countColumn("interrupciones", "Interrupciones > 15 min", (r) => r.interrupciones_mayor_15_min),
  ];
  return (
    <DataGrid
      caption="Tabla General"
      columns={columns}
      rows={filas}
      rowKey="auditor"
      pinnedFirst={esEquipo}
      rowClassName={claseFila}
      height="auto"
      className="aud-tabla"
    />
  );
}

export function AuditoriaTablaPorAuditor({ filas, hrefs }: { filas: AuditoriaFila[]; hrefs: AuditoriaHrefs }) {
  const columns: Column<AuditoriaFila>[] = [
    auditorColumn,
    {
      key: "turno",
      header: "Turno",
      render: (r) =>
        r.turno ? `${formatShiftTime(r.turno.inicio_turno)} a ${formatShiftTime(r.turno.fin_turno)}` : "Sin turno",
      value: (r) => r.turno?.inicio_turno ?? null,
    },
    {
      key: "cantidad",
      header: "Autorizaciones",
      align: "right",
      render: cantidad(hrefs),
      value: (r) => r.datos.cantidad_autorizaciones,
    },
    promedioColumn,
    minutesColumn("minimo", "Tiempo mínimo", (r) => r.datos.tiempo_minimo),
    {
      key: "aut_min",
      header: "Autorización con tiempo mínimo",
      align: "right",
      render: (r) => autorizacion(hrefs, r.datos.autorizacion_con_tiempo_min, null, "tiempo mínimo"),
      value: (r) => r.datos.autorizacion_con_tiempo_min,
    },
    minutesColumn("maximo", "Tiempo máximo", (r) => r.datos.tiempo_maximo),
    {
      key: "aut_max",
      header: "Autorización con tiempo máximo",
      align: "right",
      render: (r) => autorizacion(hrefs, r.datos.autorizacion_con_tiempo_max, null, "tiempo máximo"),
      value: (r) => r.datos.autorizacion_con_tiempo_max,
    },
    minutesColumn("total", "Tiempo total", (r) => r.datos.tiempo_total),
    inicioColumn,
    cierreColumn,
    anterioresColumn(hrefs, "Auditorías del día anterior"),
    rapidasColumn("Autorizaciones en menos de 2 min"),
    minutesColumn("int_max", "Interrupción máxima", (r) => r.interrupcion_maxima),
    countColumn("int_15", "Interrupciones mayores a 15 min", (r) => r.interrupciones_mayor_15_min),
    {
      key: "muerto",
      header: "Tiempo muerto máximo",
      align: "right",
      render: (r) => (r.tiempo_muerto_max == null ? "Sin turno" : formatMinutes(r.tiempo_muerto_max)),
      value: (r) => r.tiempo_muerto_max,
    },
    minutesColumn("int_total", "Tiempo total de interrupciones", (r) => r.total_tiempo_interrupciones),
  ];
  // The wide table scrolls sideways in its own named region (DataTable's, AG Grid's viewport with JavaScript).
  return (
    <DataGrid
      caption="Info por Auditor"
      columns={columns}
      rows={filas}
      rowKey="auditor"
      pinnedFirst={esEquipo}
      rowClassName={claseFila}
      height="auto"
      className="aud-tabla aud-tabla--detalle"
    />
  );
}

// The two tables of 'OSEP / Tiempos de Auditoria Médica': the general one (key figures, 'equipo' first) and the
// per-auditor one ('Info por Auditor') with every metric of docs/decisions/013. Links open the dialogs; a link's
// accessible name starts from its visible text (WCAG 2.5.3). A metric that does not exist for a row shows '-'.
import { Link } from "@remix-run/react";
import { DataTable, scrollRegionProps, type Column } from "~/components/ui";
import type { EstadisticaAuditor } from "~/modules/estadisticas/auditoria.server";
import {
  formatMetricCount,
  formatMetricMinutes,
  formatMinutes,
  formatShiftTime,
  NO_METRIC,
} from "~/modules/estadisticas/rules";
import { TiemposEstado } from "./TiemposEstado";

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
    { key: "auditor", header: "Auditor", render: (r) => <strong>{nombre(r.auditor)}</strong> },
    {
      key: "cantidad",
      header: "Autorizaciones",
      align: "right",
      render: cantidad(hrefs),
      value: (r) => r.datos.cantidad_autorizaciones,
    },
    {
      key: "promedio",
      header: "Tiempo promedio",
      align: "right",
      render: (r) => formatMetricMinutes(r.datos.tiempo_promedio),
    },
    {
      key: "minimo",
      header: "Tiempo mínimo",
      align: "right",
      render: (r) => autorizacion(hrefs, r.datos.autorizacion_con_tiempo_min, r.datos.tiempo_minimo, "tiempo mínimo"),
    },
    {
      key: "maximo",
      header: "Tiempo máximo",
      align: "right",
      render: (r) => autorizacion(hrefs, r.datos.autorizacion_con_tiempo_max, r.datos.tiempo_maximo, "tiempo máximo"),
    },
    { key: "anterior", header: "Del día anterior", align: "right", render: anteriores(hrefs) },
    {
      key: "rapidas",
      header: "Menos de 2 min",
      align: "right",
      render: (r) => num(r.cant_autorizaciones_menor_2_minutos),
    },
    {
      key: "interrupciones",
      header: "Interrupciones > 15 min",
      align: "right",
      render: (r) => num(r.interrupciones_mayor_15_min),
    },
  ];
  return (
    <DataTable
      caption="Tabla General"
      columns={columns}
      rows={filas}
      rowKey="auditor"
      rowClassName={(r) => (r.auditor === "equipo" ? "aud-fila-equipo" : undefined)}
      className="aud-tabla"
    />
  );
}

export function AuditoriaTablaPorAuditor({ filas, hrefs }: { filas: AuditoriaFila[]; hrefs: AuditoriaHrefs }) {
  const columns: Column<AuditoriaFila>[] = [
    { key: "auditor", header: "Auditor", render: (r) => <strong>{nombre(r.auditor)}</strong> },
    {
      key: "turno",
      header: "Turno",
      render: (r) =>
        r.turno ? `${formatShiftTime(r.turno.inicio_turno)} a ${formatShiftTime(r.turno.fin_turno)}` : "Sin turno",
    },
    { key: "cantidad", header: "Autorizaciones", align: "right", render: cantidad(hrefs) },
    {
      key: "promedio",
      header: "Tiempo promedio",
      align: "right",
      render: (r) => formatMetricMinutes(r.datos.tiempo_promedio),
    },
    {
      key: "minimo",
      header: "Tiempo mínimo",
      align: "right",
      render: (r) => formatMetricMinutes(r.datos.tiempo_minimo),
    },
    {
      key: "aut_min",
      header: "Autorización con tiempo mínimo",
      align: "right",
      render: (r) => autorizacion(hrefs, r.datos.autorizacion_con_tiempo_min, null, "tiempo mínimo"),
    },
    {
      key: "maximo",
      header: "Tiempo máximo",
      align: "right",
      render: (r) => formatMetricMinutes(r.datos.tiempo_maximo),
    },
    {
      key: "aut_max",
      header: "Autorización con tiempo máximo",
      align: "right",
      render: (r) => autorizacion(hrefs, r.datos.autorizacion_con_tiempo_max, null, "tiempo máximo"),
    },
    { key: "total", header: "Tiempo total", align: "right", render: (r) => formatMetricMinutes(r.datos.tiempo_total) },
    {
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
    },
    {
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
    },
    { key: "anterior", header: "Auditorías del día anterior", align: "right", render: anteriores(hrefs) },
    {
      key: "rapidas",
      header: "Autorizaciones en menos de 2 min",
      align: "right",
      render: (r) => num(r.cant_autorizaciones_menor_2_minutos),
    },
    {
      key: "int_max",
      header: "Interrupción máxima",
      align: "right",
      render: (r) => formatMetricMinutes(r.interrupcion_maxima),
    },
    {
      key: "int_15",
      header: "Interrupciones mayores a 15 min",
      align: "right",
      render: (r) => num(r.interrupciones_mayor_15_min),
    },
    {
      key: "muerto",
      header: "Tiempo muerto máximo",
      align: "right",
      render: (r) => (r.tiempo_muerto_max == null ? "Sin turno" : formatMetricMinutes(r.tiempo_muerto_max)),
    },
    {
      key: "int_total",
      header: "Tiempo total de interrupciones",
      align: "right",
      render: (r) => formatMetricMinutes(r.total_tiempo_interrupciones),
    },
  ];
  return (
    // The wide table scrolls sideways in this box (the table's own wrapper does not scroll here): a focusable,
    // named region, so a keyboard can scroll it (axe scrollable-region-focusable; the shared scrollRegionProps).
    <div className="aud-scroll" {...scrollRegionProps(true, { "aria-label": "Info por Auditor (desplazable)" })}>
      <DataTable
        caption="Info por Auditor"
        columns={columns}
        rows={filas}
        rowKey="auditor"
        rowClassName={(r) => (r.auditor === "equipo" ? "aud-fila-equipo" : undefined)}
        className="aud-tabla aud-tabla--detalle"
      />
    </div>
  );
}

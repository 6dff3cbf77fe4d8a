// The two tables of 'OSEP / Tiempos de Auditoria Médica' on screen: the columns of ../reports/
// tiempos-auditoria.columns.ts (the same the PDF and the workbook print, ADR 072) in the one DataGrid (ADR 059),
// sorted and filtered alike with JavaScript (AG Grid) and without (the URL), the 'Equipo' row always first. On
// screen some cells are links that open the dialogs; a link's accessible name starts from its visible text
// (WCAG 2.5.3).
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { DataGrid } from "~/components/ui";
import { useMemo } from "react";
import { formatMetricCount, formatMetricMinutes } from "~/modules/estadisticas/rules";
import {
  esEquipo,
  INFO_POR_AUDITOR,
  nombreAuditor,
  TABLA_GENERAL,
  type AuditoriaFila,
} from "~/modules/estadisticas/reports/tiempos-auditoria.columns";
import { gridColumns, type ReportTable } from "~/modules/reporting/report-columns";

export type { AuditoriaFila };

export type AuditoriaHrefs = {
  listado: (auditor: string) => string;
  anteriores: (auditor: string) => string;
  autorizacion: (nro: number) => string;
};

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
    ? `Ver la ${num(n)} ${singular} de ${nombreAuditor(auditor)}`
    : `Ver las ${num(n)} ${plural} de ${nombreAuditor(auditor)}`;
}

function autorizacionLink(h: AuditoriaHrefs, nro: number | null, which: string): ReactNode {
  if (nro == null) return "-";
  return linkTo(h.autorizacion(nro), String(nro), `Ver la autorización ${nro} (${which})`);
}

function tiempoConLink(h: AuditoriaHrefs, tiempo: number | null, nro: number | null, which: string): ReactNode {
  return (
    <>
      {formatMetricMinutes(tiempo)}
      {nro != null && <small className="aud-cell-sub">aut. {autorizacionLink(h, nro, which)}</small>}
    </>
  );
}

/** The cells that are links on screen (the dialogs), by column key. */
function links(h: AuditoriaHrefs): Record<string, (r: AuditoriaFila) => ReactNode> {
  return {
    cantidad: (r) =>
      linkTo(
        h.listado(r.auditor),
        num(r.datos.cantidad_autorizaciones),
        verAutorizaciones(
          r.datos.cantidad_autorizaciones,
          "autorizaciones auditadas",
          "autorización auditada",
          r.auditor,
        ),
      ),
    anterior: (r) =>
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
        : num(r.auditoria_dia_anterior),
    aut_min: (r) => autorizacionLink(h, r.datos.autorizacion_con_tiempo_min, "tiempo mínimo"),
    aut_max: (r) => autorizacionLink(h, r.datos.autorizacion_con_tiempo_max, "tiempo máximo"),
  };
}

/** Tabla General's links: the counts, and the authorisation under each minimum/maximum time. */
function generalLinks(h: AuditoriaHrefs): Record<string, (r: AuditoriaFila) => ReactNode> {
  return {
    ...links(h),
    minimo: (r) => tiempoConLink(h, r.datos.tiempo_minimo, r.datos.autorizacion_con_tiempo_min, "tiempo mínimo"),
    maximo: (r) => tiempoConLink(h, r.datos.tiempo_maximo, r.datos.autorizacion_con_tiempo_max, "tiempo máximo"),
  };
}

const claseFila = (r: AuditoriaFila) => (esEquipo(r) ? "aud-fila-equipo" : undefined);

function Tabla(props: {
  table: ReportTable<AuditoriaFila>;
  filas: AuditoriaFila[];
  cells: Record<string, (r: AuditoriaFila) => ReactNode>;
  className: string;
}) {
  const { table, cells } = props;
  // the same columns while the links are the same: new ones would make AG Grid rebuild and measure the grid again
  const columns = useMemo(() => gridColumns(table.columns, cells), [table, cells]);
  return (
    <DataGrid
      caption={table.title}
      columns={columns}
      rows={props.filas}
      rowKey="auditor"
      pinnedFirst={table.pinnedFirst}
      rowClassName={claseFila}
      paramPrefix={table.paramPrefix}
      height="auto"
      className={props.className}
    />
  );
}

export function AuditoriaTablaGeneral({ filas, hrefs }: { filas: AuditoriaFila[]; hrefs: AuditoriaHrefs }) {
  const cells = useMemo(() => generalLinks(hrefs), [hrefs]);
  return <Tabla table={TABLA_GENERAL} filas={filas} cells={cells} className="aud-tabla" />;
}

export function AuditoriaTablaPorAuditor({ filas, hrefs }: { filas: AuditoriaFila[]; hrefs: AuditoriaHrefs }) {
  // The wide table scrolls sideways in its own named region (DataTable's, AG Grid's viewport with JavaScript).
  const cells = useMemo(() => links(hrefs), [hrefs]);
  return <Tabla table={INFO_POR_AUDITOR} filas={filas} cells={cells} className="aud-tabla aud-tabla--detalle" />;
}

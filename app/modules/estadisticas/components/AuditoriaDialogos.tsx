// The dialogs' content of 'OSEP / Tiempos de Auditoria Médica': the audited authorisations of an auditor (all, or
// those loaded the day before) and one authorisation with its audit data. The screen shows them in a UrlDialog (a
// Dialog when JavaScript runs, without it the same content in the page with a 'Cerrar' link).
import { useState, type ReactNode } from "react";
import { Link, useLocation } from "@remix-run/react";
import { DataTable, Pager, RefusedView, useHydrated, type Column } from "~/components/ui";
import { readViewState, withoutTableParams, withParams } from "~/lib/table-state";
import { formatDateAR } from "~/lib/dates";
import { MSG_AUTORIZACION_NO_ENCONTRADA } from "~/lib/messages";
import type { AutorizacionDetalle } from "~/modules/estadisticas/rules";
import { formatMetricMinutes, formatMinutes, formatWallClock, NO_METRIC } from "~/modules/estadisticas/rules";
import type { AutorizacionAuditada } from "~/modules/estadisticas/rules";
import { formatCount } from "~/lib/numbers";

/** Rows of the audited authorisations per page: a month of the team is ~900 rows, 8 000 elements unpaged. */
const LISTADO_PAGE_SIZE = 100;
/** The page's parameter ('aut_page'): read by ~/lib/table-state's one rule. */
const PREFIX = "aut_";

/** The listado's page: the URL's (links, without JavaScript), then buttons that page in the browser. */
function useListadoPage() {
  const { search } = useLocation();
  const hydrated = useHydrated();
  const view = readViewState(search, [], PREFIX);
  const [clicked, setClicked] = useState<number | null>(null);
  const page = clicked ?? view.page;
  const hrefFor = (p: number) => withParams(search, { [`${PREFIX}page`]: p > 0 ? String(p) : null }) || "?";
  return {
    page,
    problem: view.problem && { msg: view.problem.msg, href: withoutTableParams(search, PREFIX) || "?" },
    pager: hydrated ? { onPage: setClicked } : { hrefFor },
  };
}

export function AuditoriaListado({
  rows,
  total,
  truncado,
  autorizacionHref,
}: {
  rows: AutorizacionAuditada[];
  total: number;
  truncado: boolean;
  autorizacionHref: (nro: number) => string;
}) {
  const columns: Column<AutorizacionAuditada>[] = [
    {
      key: "aucanumint",
      header: "N° Autorización",
      align: "right",
      render: (r) => (
        <Link to={autorizacionHref(r.aucanumint)} preventScrollReset>
          {r.aucanumint}
        </Link>
      ),
    },
    { key: "usuarioauditoria", header: "Auditor" },
    { key: "fecha_hora_carga", header: "Fecha y hora de carga", render: (r) => formatWallClock(r.fecha_hora_carga) },
    {
      key: "fecha_hora_carga_original",
      header: "Carga original",
      render: (r) => formatWallClock(r.fecha_hora_carga_original),
    },
    {
      key: "fecha_hora_auditoria",
      header: "Fecha y hora de auditoría",
      render: (r) => formatWallClock(r.fecha_hora_auditoria),
    },
    {
      key: "tiempo_auditoria",
      header: "Tiempo de auditoría",
      align: "right",
      render: (r) => (r.dia_anterior ? "Día anterior" : formatMetricMinutes(r.tiempo_auditoria)),
    },
  ];
  const { page: asked, problem, pager } = useListadoPage();
  if (problem) return <RefusedView msg={problem.msg} href={problem.href} />;
  const pages = Math.max(1, Math.ceil(rows.length / LISTADO_PAGE_SIZE));
  const page = Math.min(asked, pages - 1); // past the last: the last
  return (
    <>
      <p className="aud-sub" role="status">
        {truncado
          ? `Se muestran las primeras ${formatCount(rows.length)} de ${formatCount(total)} autorizaciones; acote el período para ver el resto.`
          : `${formatCount(total)} autorizaciones`}
      </p>
      <DataTable
        caption="Autorizaciones auditadas"
        captionHidden
        columns={columns}
        rows={rows.slice(page * LISTADO_PAGE_SIZE, (page + 1) * LISTADO_PAGE_SIZE)}
        rowKey="aucanumint"
        maxHeight="60vh"
        stickyHeader
      />
      {rows.length > LISTADO_PAGE_SIZE && (
        <Pager
          page={page}
          size={LISTADO_PAGE_SIZE}
          total={rows.length}
          label="Páginas de autorizaciones auditadas"
          {...pager}
        />
      )}
    </>
  );
}

export function AuditoriaAutorizacion({ rows }: { rows: AutorizacionDetalle[] }) {
  if (rows.length === 0) return <p>{MSG_AUTORIZACION_NO_ENCONTRADA}</p>;
  const a = rows[0];
  const segundos =
    a.fecha_hora_carga && a.fecha_hora_auditoria
      ? (Date.parse(a.fecha_hora_auditoria.replace(" ", "T")) - Date.parse(a.fecha_hora_carga.replace(" ", "T"))) / 1000
      : null;
  const datos: [string, ReactNode][] = [
    ["N° Autorización", a.aucanumint],
    ["Fecha", `${formatDateAR(a.fecha)}${a.hora ? ` ${a.hora.slice(0, 5)}` : ""}`],
    ["Afiliado", [a.nroafiliado, a.nombreafiliado].filter(Boolean).join(" - ")],
    ["Estado", `${a.autorizo}${a.anulado ? " (ANULADA)" : ""}`],
    ["Modalidad", a.modalidad],
    ["Efector", a.nommedefector ?? ""],
    ["Usuario de autorización", a.usuarioautorizacion ?? ""],
    ["Auditor", a.usuarioauditoria ?? ""],
    ["Fecha y hora de carga", formatWallClock(a.fecha_hora_carga)],
    ["Carga original", formatWallClock(a.fecha_hora_carga_original)],
    ["Fecha y hora de auditoría", formatWallClock(a.fecha_hora_auditoria)],
    [
      "Carga → auditoría",
      segundos != null && segundos >= 0 ? formatMinutes(Math.round((segundos / 60) * 100) / 100) : NO_METRIC,
    ],
  ];
  return (
    <>
      <dl className="aud-detalle">
        {datos.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <h4 className="aud-detalle__practicas">Prácticas</h4>
      <ul>
        {rows.map((r, i) => (
          <li key={i}>
            {r.practica}
            {r.subitem ? `/${r.subitem}` : ""} - {r.descpractica}
          </li>
        ))}
      </ul>
    </>
  );
}

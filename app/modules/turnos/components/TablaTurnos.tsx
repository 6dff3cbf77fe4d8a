// The results of 'Consulta de Turnos' (spec part 2 §2): every turno found, no paging. For operation 21 a row is a
// link (its first cell; a click anywhere on the row follows it) to the screen's URL with the turno's detail/status
// dialog open, so it works without JavaScript; other users get a plain table.
import { Link } from "@remix-run/react";
import { Chip, DataTable, type Column } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { chipDelTurno, nroTurnoTexto, type Turno } from "~/modules/turnos/rules";

const CAPTION_TURNOS = "Turnos encontrados";

const EPOCH = new Date(0);

const columns: Column<Turno>[] = [
  { key: "nro_turno", header: "Turno", render: (t) => nroTurnoTexto(t.nro_turno) },
  { key: "fecha_turno", header: "Fecha", render: (t) => formatDateAR(t.fecha_turno), value: (t) => t.fecha_turno },
  { key: "hora_turno", header: "Hora", render: (t) => t.hora_turno.slice(0, 5) },
  { key: "puesto", header: "Puesto", align: "right" },
  { key: "tipo_tramite", header: "Tipo de trámite" },
  { key: "dni_afiliado", header: "DNI" },
  { key: "apeynom_afiliado", header: "Apellido y Nombre" },
  {
    key: "estado_turno",
    header: "Estado",
    // The chip's colour only (the tone does not depend on the clock or the user).
    render: (t) => <Chip label={t.estado_turno} tone={chipDelTurno(t, EPOCH, []).tone} />,
    value: (t) => t.estado_turno,
  },
  // A long observation wraps inside its column (issue 28): every column stays visible at 1366 px.
  {
    key: "observacion",
    header: "Observación",
    render: (t) => <span className="listado-turnos-observacion">{t.observacion ?? ""}</span>,
  },
  // One line; a user name longer than the column ends in an ellipsis, whole in the title (issue 39).
  {
    key: "operador",
    header: "Operador",
    render: (t) => (
      <span className="listado-turnos-operador" title={t.operador ?? undefined}>
        {t.operador ?? ""}
      </span>
    ),
  },
];

export function TablaTurnos({ turnos, hrefFor }: { turnos: Turno[]; hrefFor: ((t: Turno) => string) | null }) {
  return (
    <DataTable
      columns={columns}
      rows={turnos}
      rowKey={(t) => t.id ?? `${t.tipo_tramite}|${t.fecha_turno}|${t.hora_turno}|${t.puesto}`}
      caption={CAPTION_TURNOS}
      captionHidden
      rowHref={hrefFor ? (t) => hrefFor(t) : undefined}
      renderLink={({ href, className, children }) => (
        <Link to={href} className={className} preventScrollReset>
          {children}
        </Link>
      )}
    />
  );
}

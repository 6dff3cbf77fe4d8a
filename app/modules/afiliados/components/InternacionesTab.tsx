// Internaciones tab of the member detail (operation 38): the member's stays; the stay number is a link
// (?internacion=N) that opens 'Listado de autorizaciones - Internación N° {n}' as a dialog with JavaScript,
// or inline below the table without it. 'Exportar a Excel' and 'Cerrar'.
import { Link, useNavigate } from "@remix-run/react";
import { DataTable, Dialog, useHydrated, type Column } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { formatPesos } from "~/lib/money";
import { paymentLabel } from "~/modules/afiliados/rules";
import { authRowClass, coverageText } from "./autorizacion-format";
import { hrefWith } from "~/modules/afiliados/detalle-query";
import type { AutorizacionRow, InternacionRow, InternacionesData } from "~/modules/afiliados/autorizaciones.schema";

const AUTH_COLUMNS: Column<AutorizacionRow>[] = [
  { key: "nroautorizacion", header: "N° Autorización" },
  { key: "cobertura", header: "Cobertura", render: (r) => coverageText(r) },
  { key: "cantidad", header: "Cantidad", align: "right" },
  { key: "coseguro", header: "Coseguro", align: "right", render: (r) => formatPesos(r.coseguro) },
  { key: "practica", header: "Práctica", render: (r) => `${r.practica} - ${r.descpractica ?? ""}` },
  { key: "autorizo", header: "Estado autorización" },
  { key: "modalidad", header: "Modalidad" },
  { key: "fechasolicitud", header: "Fecha solicitud", render: (r) => formatDateAR(r.fechasolicitud) },
  { key: "fechavto", header: "Fecha vencimiento", render: (r) => formatDateAR(r.fechavto) },
  { key: "tipopago", header: "Estado coseguro", render: (r) => paymentLabel(r.tipopago) },
  { key: "entidad", header: "Entidad" },
  { key: "delegacion", header: "Delegación" },
];

function StayAuthorisations({ rows, today }: { rows: AutorizacionRow[]; today: string }) {
  return (
    <DataTable
      columns={AUTH_COLUMNS}
      rows={rows}
      rowKey="id"
      caption="Autorizaciones de la internación"
      captionHidden
      rowClassName={(r) => authRowClass(r, today)}
      maxHeight={480}
    />
  );
}

export function InternacionesTab({ data }: { data: InternacionesData }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const day = data.today;
  const closeHref = hrefWith(data.keep, {});
  const columns: Column<InternacionRow>[] = [
    {
      key: "numero_orden",
      header: "N° Internación",
      render: (r) => (
        <Link
          to={hrefWith(data.keep, { internacion: r.numero_orden })}
          preventScrollReset
          aria-label={`Internación N° ${r.numero_orden}: ver autorizaciones`}
        >
          {r.numero_orden}
        </Link>
      ),
    },
    { key: "fecha_interna", header: "Fecha internación", render: (r) => formatDateAR(r.fecha_interna) },
    { key: "dias_solic", header: "Días solicitados", align: "right" },
    { key: "dias_autorizados", header: "Días autorizados", align: "right" },
    { key: "fecha_salida", header: "Fecha egreso", render: (r) => formatDateAR(r.fecha_salida) },
    { key: "oi_cobertura", header: "Cobertura" },
    { key: "tipo_interna", header: "Tipo internación" },
    { key: "entidad_nombre", header: "Entidad" },
  ];
  const sel = data.selected;
  const title = sel ? `Listado de autorizaciones - Internación N° ${sel.numero}` : "";
  const actions = sel && (
    <>
      <a className="ui-button ui-button--secondary" href={sel.excelHref} download>
        Exportar a Excel
      </a>
      <Link className="ui-button ui-button--primary" to={closeHref} preventScrollReset>
        Cerrar
      </Link>
    </>
  );
  return (
    <section aria-label="Internaciones">
      {data.error && (
        <p className="fc-error" role="alert">
          {data.error}
        </p>
      )}
      <DataTable
        columns={columns}
        rows={data.rows}
        rowKey="numero_orden"
        caption="Internaciones del afiliado"
        captionHidden
      />
      {sel && hydrated && (
        <Dialog
          open
          onOpenChange={(o) => !o && navigate(closeHref, { preventScrollReset: true, replace: true })}
          size="large"
          title={title}
          footer={actions}
        >
          <StayAuthorisations rows={sel.autorizaciones} today={day} />
        </Dialog>
      )}
      {sel && !hydrated && (
        <section className="fc-inline" aria-label={title}>
          <h3>{title}</h3>
          <StayAuthorisations rows={sel.autorizaciones} today={day} />
          <div className="fc-toolbar">{actions}</div>
        </section>
      )}
    </section>
  );
}

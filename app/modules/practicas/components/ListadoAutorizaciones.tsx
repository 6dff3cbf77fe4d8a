// The authorisations of one practice ('Ver Listado'): a dialog when JavaScript runs, a plain section otherwise.
import { Link, useNavigate } from "@remix-run/react";
import { DataTable, Dialog, Pager, useHydrated, type Column } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import type { AutorizacionListado } from "~/modules/practicas/informe.schema";

const columns: Column<AutorizacionListado>[] = [
  { key: "nroautorizacion", header: "N° Autorización", align: "right" },
  { key: "fecha", header: "Fecha", render: (r) => formatDateAR(r.fecha) },
  { key: "nombreafiliado", header: "Afiliado" },
  { key: "dni", header: "DNI" },
  {
    key: "cobertura",
    header: "Cobertura",
    render: (r) => (r.cobertura == null ? "" : `${r.cobertura} - ${r.gravdesgra ?? ""}`),
  },
  { key: "autorizo", header: "Estado" },
  { key: "modalidad", header: "Modalidad" },
];

export type ListadoProps = {
  title: string;
  rows: AutorizacionListado[];
  total: number;
  page: number;
  size: number;
  hrefFor: (page: number) => string;
  closeHref: string;
};

function Body({ rows, total, page, size, hrefFor }: ListadoProps) {
  return (
    <>
      <DataTable
        caption="Autorizaciones de la práctica"
        captionHidden
        columns={columns}
        rows={rows}
        rowKey="nroautorizacion"
        rowClassName={(r) => (r.autorizo.trim() === "AUTORIZADA" ? undefined : "ui-row--danger")}
        maxHeight="60vh"
      />
      <Pager page={page} size={size} total={total} hrefFor={hrefFor} label="Paginación del listado" />
    </>
  );
}

export function ListadoAutorizaciones(props: ListadoProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (!hydrated) {
    return (
      <section className="prac-listado" aria-labelledby="prac-listado-title">
        <h3 id="prac-listado-title">{props.title}</h3>
        <Body {...props} />
        <Link to={props.closeHref} className="ui-button ui-button--secondary">
          Cerrar
        </Link>
      </section>
    );
  }
  return (
    <Dialog
      open
      size="large"
      title={props.title}
      onOpenChange={(open) => !open && navigate(props.closeHref, { preventScrollReset: true })}
    >
      <Body {...props} />
    </Dialog>
  );
}

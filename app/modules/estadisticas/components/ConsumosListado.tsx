// The consumed authorisations of one practice (drill-down): a dialog when JavaScript runs (paged grid), a plain
// section with a 'Cerrar' link otherwise. The URL holds the open practice (practica, subitem).
import { DataGrid, type Column, UrlDialog } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { formatCoseguro } from "~/modules/estadisticas/rules";
import type { AutorizacionConsumida } from "~/modules/estadisticas/rules";
import { formatCount } from "~/lib/numbers";

export type ConsumosListadoData = {
  practica: string;
  subitem: string | null;
  descpractica: string;
  rows: AutorizacionConsumida[];
  truncado: boolean;
};

/** 'YYYY-MM-DD HH:MM:SS' (wall clock) → 'dd/mm/yyyy HH:MM'; a date alone → 'dd/mm/yyyy'. */
function fechaHoraAR(fechahora: string): string {
  const [fecha, hora] = fechahora.split(" ");
  return hora ? `${formatDateAR(fecha)} ${hora.slice(0, 5)}` : formatDateAR(fecha);
}

const columns: Column<AutorizacionConsumida>[] = [
  { key: "nroautorizacion", header: "N° Autorización", align: "right" },
  { key: "nroafiliado", header: "N° Afiliado" },
  { key: "nombreafiliado", header: "Afiliado" },
  {
    key: "fechahora",
    header: "Fecha y Hora",
    render: (r) => fechaHoraAR(r.fechahora),
    value: (r) => r.fechahora,
    sortAs: "date",
  },
  { key: "cantidad", header: "Cantidad", align: "right" },
  {
    key: "coseguro",
    header: "Coseguro",
    align: "right",
    render: (r) => formatCoseguro(r.coseguro),
    value: (r) => Number(r.coseguro ?? 0),
  },
  { key: "modalidad", header: "Modalidad" },
  { key: "entidad", header: "Entidad" },
];

function Body({ data }: { data: ConsumosListadoData }) {
  return (
    <>
      <p className="consumos-summary" role="status">
        {data.truncado
          ? `Se muestran las primeras ${formatCount(data.rows.length)} autorizaciones; acote el período.`
          : `${formatCount(data.rows.length)} autorizaciones`}
      </p>
      <DataGrid
        caption="Autorizaciones consumidas"
        columns={columns}
        rows={data.rows}
        rowKey="nroautorizacion"
        pageSize={50}
        pagerLabel="Páginas de autorizaciones consumidas"
        paramPrefix="listado_"
        height={440}
      />
    </>
  );
}

export function ConsumosListado({ data, closeHref }: { data: ConsumosListadoData; closeHref: string }) {
  const title = `Autorizaciones - ${data.practica}${data.subitem ? ` / ${data.subitem}` : ""} ${data.descpractica}`;
  return (
    <UrlDialog id="consumos-listado-title" title={title} closeHref={closeHref} className="consumos-listado">
      <Body data={data} />
    </UrlDialog>
  );
}

// The consumed authorisations of one practice (drill-down): a dialog when JavaScript runs (paged grid), a plain
// section with a 'Cerrar' link otherwise. The URL holds the open practice (practica, subitem).
import { DataGrid, UrlDialog } from "~/components/ui";
import { formatCount } from "~/lib/numbers";
import type { AutorizacionConsumida } from "~/modules/estadisticas/rules";
import { AUTORIZACIONES } from "~/modules/estadisticas/reports/consumos.columns";
import { gridColumns } from "~/modules/reporting/report-columns";
import { ExportarPdf } from "./ConsumosResultado";

export type ConsumosListadoData = {
  practica: string;
  subitem: string | null;
  descpractica: string;
  rows: AutorizacionConsumida[];
  truncado: boolean;
};

const columns = gridColumns(AUTORIZACIONES.columns);

function Body({ data, pdfHref }: { data: ConsumosListadoData; pdfHref: string | null }) {
  return (
    <>
      {pdfHref && <ExportarPdf href={pdfHref} filename="consumos-efector.pdf" />}
      <p className="consumos-summary" role="status">
        {data.truncado
          ? `Se muestran las primeras ${formatCount(data.rows.length)} autorizaciones; acote el período.`
          : `${formatCount(data.rows.length)} autorizaciones`}
      </p>
      <DataGrid
        caption={AUTORIZACIONES.title}
        columns={columns}
        rows={data.rows}
        rowKey="nroautorizacion"
        pageSize={50}
        pagerLabel="Páginas de autorizaciones consumidas"
        paramPrefix={AUTORIZACIONES.paramPrefix}
        height={440}
      />
    </>
  );
}

/**
 * The dialog of one practice's authorisations. `pdfHref`: 'Exportar a PDF' of the efector's practices with this
 * practice's authorisations, inside the dialog (the page's link is behind it); null without operation 35.
 */
export function ConsumosListado(props: { data: ConsumosListadoData; closeHref: string; pdfHref: string | null }) {
  const { data, closeHref, pdfHref } = props;
  const title = `Autorizaciones - ${data.practica}${data.subitem ? ` / ${data.subitem}` : ""} ${data.descpractica}`;
  return (
    <UrlDialog id="consumos-listado-title" title={title} closeHref={closeHref} className="consumos-listado">
      <Body data={data} pdfHref={pdfHref} />
    </UrlDialog>
  );
}

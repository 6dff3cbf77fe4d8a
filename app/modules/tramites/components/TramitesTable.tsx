// The documents found: id, type, number (nro/año - letra), extract, initiator, start date (dd/mm/aaaa), area;
// with the total and Atrás / Siguiente links.
import { DataTable, Pager, type Column } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { numeroCompleto, type TramiteRow } from "~/modules/tramites/rules";

type Props = { rows: TramiteRow[]; total: number; page: number; size: number; hrefForPage: (page: number) => string };

const columns: Column<TramiteRow>[] = [
  { key: "id", header: "ID", align: "right" },
  { key: "tipo_documento", header: "TIPO DE DOCUMENTO" },
  { key: "nrotramite", header: "NÚMERO", render: numeroCompleto, value: numeroCompleto },
  { key: "extracto", header: "EXTRACTO" },
  { key: "iniciador", header: "INICIADOR" },
  {
    key: "fecini",
    header: "FECHA INICIO",
    render: (r) => (r.fecini ? formatDateAR(r.fecini) : ""),
    value: (r) => r.fecini,
  },
  { key: "area", header: "ÁREA" },
];

export function TramitesTable({ rows, total, page, size, hrefForPage }: Props) {
  return (
    <div className="catalogo-results">
      <DataTable columns={columns} rows={rows} rowKey="id" caption="Expedientes encontrados" captionHidden />
      <Pager page={page} size={size} total={total} hrefFor={hrefForPage} label="Paginación de expedientes" />
    </div>
  );
}

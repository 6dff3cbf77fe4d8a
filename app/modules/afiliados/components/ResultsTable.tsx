// Results of the registry search: full name, DNI, group, number, family member number, relationship, id.
// A row opens the member detail (a link: works without JavaScript, bookmarkable).
import { Link } from "@remix-run/react";
import { DataTable, type Column } from "~/components/ui";
import { detailHref } from "~/modules/afiliados/padron.schema";
import type { PadronRow } from "~/modules/afiliados/padron.schema";

type Row = Pick<PadronRow, "idafi" | "apeynom" | "numdoc" | "grupo" | "nromedio" | "nroparentesco" | "descparentesco">;

const COLUMNS: Column<Row>[] = [
  { key: "apeynom", header: "Apellido y Nombre" },
  { key: "numdoc", header: "DNI" },
  { key: "grupo", header: "Grupo" },
  { key: "nromedio", header: "Número" },
  { key: "nroparentesco", header: "Nro. Familiar" },
  { key: "descparentesco", header: "Parentesco" },
  { key: "idafi", header: "Id" },
];

export function ResultsTable({ rows, qs, selected }: { rows: Row[]; qs: string; selected?: number | null }) {
  return (
    <DataTable
      columns={COLUMNS}
      rows={rows}
      rowKey="idafi"
      caption="Resultados de la búsqueda"
      captionHidden
      rowHref={(r) => detailHref(r.idafi, qs)}
      renderLink={({ href, className, children }) => (
        <Link to={href} className={className} preventScrollReset>
          {children}
        </Link>
      )}
      rowClassName={(r) => (r.idafi === selected ? "padron-row--selected" : undefined)}
      maxHeight="60vh"
    />
  );
}

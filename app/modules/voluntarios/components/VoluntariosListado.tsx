// The list of /padron_voluntarios (spec part 2 §2): name, DNI, affiliate number, state, classification. With
// JavaScript an AG Grid of every row of the estado (loaded once after hydration), filtered live in the browser by the
// local filter; without it (and until the grid's rows arrive) the server's page of the search with a Pager. A row
// opens the member's detail (/consultar-padron/<idafi>): a click or Enter on the grid's row, a link in the table.
import { Link } from "@remix-run/react";
import { DataGrid, DataTable, Pager, type Column, type RowLinkProps } from "~/components/ui";
import type { VoluntarioListRow } from "~/modules/voluntarios/voluntarios.schema";

const memberHref = (r: VoluntarioListRow) => `/consultar-padron/${r.idafifam}`;

const COLUMNS: Column<VoluntarioListRow>[] = [
  // Readable on a phone (issue 28): the grid scrolls sideways rather than squeeze the name to a few letters.
  { key: "apeynomfam", header: "Apellido y Nombre", minWidth: 240 },
  { key: "dnifam", header: "DNI", width: 120 },
  { key: "nroafifam", header: "Nro. Afiliado", width: 150 },
  { key: "estado", header: "Estado", width: 110 },
  { key: "clasificacion", header: "Clasificación", width: 140 },
];

const renderLink = ({ href, className, children }: RowLinkProps) => (
  <Link to={href} className={className}>
    {children}
  </Link>
);

const CAPTION = "Afiliados voluntarios";

/** The grid of every row (JavaScript), already filtered by the local filter. */
export function VoluntariosGrid({ rows }: { rows: VoluntarioListRow[] }) {
  return (
    <DataGrid
      caption={CAPTION}
      columns={COLUMNS}
      rows={rows}
      rowKey="idafifam"
      rowHref={memberHref}
      renderLink={renderLink}
      height={520}
      className="vol-grid"
    />
  );
}

/** One server page with its pager (no JavaScript). */
export function VoluntariosPagina({
  rows,
  page,
  size,
  total,
  hrefFor,
}: {
  rows: VoluntarioListRow[];
  page: number;
  size: number;
  total: number;
  hrefFor: (page: number) => string;
}) {
  return (
    <div className="ui-paged-table vol-pagina">
      <DataTable
        caption={CAPTION}
        captionHidden
        columns={COLUMNS}
        rows={rows}
        rowKey="idafifam"
        rowHref={memberHref}
        renderLink={renderLink}
      />
      <Pager page={page} size={size} total={total} hrefFor={hrefFor} label="Páginas del listado" showTotal={false} />
    </div>
  );
}

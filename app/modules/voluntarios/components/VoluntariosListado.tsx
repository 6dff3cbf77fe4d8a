// The list of /padron_voluntarios (spec part 2 §2): name, DNI, affiliate number, state, classification. With
// JavaScript an AG Grid of every row of the estado (loaded once after hydration), filtered live in the browser by the
// local filter; without it (and until the grid's rows arrive) the server's page of the search with a Pager. A row
// opens the member's detail (/consultar-padron/<idafi>): a click or Enter on the grid's row, a link in the table.
// Both are the one DataGrid (ADR 059): sorted alike by a column (AG Grid; ?sort=&dir= on the server, over every row
// of the search); the local filter is the screen's own ('search'), so the grid shows no 'Filtrar' box.
import { Link, useLocation } from "@remix-run/react";
import { DataGrid, inactiveRow, Pager, type RowLinkProps } from "~/components/ui";
import { keepViewParams } from "~/lib/table-state";
import { GridView } from "~/components/ui/GridView";
import { VOLUNTARIOS_COLUMNS as COLUMNS } from "~/modules/voluntarios/columns";
import type { VoluntarioListRow } from "~/modules/voluntarios/voluntarios.schema";

const memberHref = (r: VoluntarioListRow) => `/consultar-padron/${r.idafifam}`;
/** An inactive voluntary affiliate's row: the one look of ADR 078. */
const rowClass = (r: VoluntarioListRow) => inactiveRow(r.estado === "INACTIVO");

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
      rowClassName={rowClass}
      height={520}
      className="vol-grid"
      filter={false}
    />
  );
}

/** One server page (sorted by the server) with its pager, which keeps the order (no JavaScript). */
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
  const { search } = useLocation();
  return (
    <div className="ui-paged-table vol-pagina">
      <GridView
        caption={CAPTION}
        columns={COLUMNS}
        rows={rows}
        rowKey="idafifam"
        rowHref={memberHref}
        renderLink={renderLink}
        rowClassName={rowClass}
        filter={false}
        height="auto"
        search={search}
        hydrated={false}
      />
      <Pager
        page={page}
        size={size}
        total={total}
        hrefFor={(p) => keepViewParams(hrefFor(p), search)}
        label="Páginas del listado"
        showTotal={false}
      />
    </div>
  );
}

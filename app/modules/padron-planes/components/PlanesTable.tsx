// The enrolment results: full name, DNI, member number, status, start, end, options (view member); rows of
// inactive members or ended enrolments red. Paged (Atrás / 'n de m' / Siguiente links, 20 a page) unless paging is
// hidden (inactive-only or expired-only): then the whole list up to UNPAGED_MAX_ROWS with its total and a note.
// The one DataGrid (ADR 059): the rows on screen sorted and filtered alike with JavaScript and without (the URL's
// sort/dir/filtro, which the pager keeps).
import { useLocation } from "@remix-run/react";
import { ActionIcon, DataGrid, inactiveRow, Pager, pageHref, type Column } from "~/components/ui";
import { keepViewParams } from "~/lib/table-state";
import { PLANES_SCREEN_COLUMNS, type PlanesRow } from "~/modules/padron-planes/planes.columns";
import { gridColumns } from "~/modules/reporting/report-columns";
import { enrolmentRowIsRed, fullName, msgSinPaginar, SCREEN_PATH } from "~/modules/padron-planes/rules";

/** The screen's columns of the one list (ADR 072), and the option to view the member. */
const COLUMNS: Column<PlanesRow>[] = [
  ...gridColumns(PLANES_SCREEN_COLUMNS),
  {
    key: "opciones",
    header: "OPCIONES",
    render: (r) => (
      <ActionIcon action="ver" subject={`afiliado ${fullName(r)}`} href={`/consultar-padron/${r.id}`} plain />
    ),
    sortable: false,
    text: () => "",
  },
];

type Props = {
  rows: PlanesRow[];
  total: number;
  page: number;
  size: number;
  /** Paging shown (false when inactive-only or expired-only is on). */
  paged: boolean;
  /** The search as a query string, without page. */
  query: string;
};

export function PlanesTable({ rows, total, page, size, paged, query }: Props) {
  const { search } = useLocation();
  return (
    <div className="planes-results">
      {!paged && total > rows.length ? (
        <p className="planes-note" role="note">
          {msgSinPaginar(rows.length, total)}
        </p>
      ) : null}
      <DataGrid
        columns={COLUMNS}
        rows={rows}
        rowKey="idenrolamiento"
        caption="Afiliados enrolados"
        height={paged ? "auto" : 600}
        rowClassName={(r) => inactiveRow(enrolmentRowIsRed(r))}
      />
      {paged ? (
        <Pager
          page={page}
          size={size}
          total={total}
          hrefFor={(p) => keepViewParams(pageHref(SCREEN_PATH, query, p), search)}
          label="Paginación de enrolados"
        />
      ) : (
        <p className="planes-total">Total: {total}</p>
      )}
    </div>
  );
}

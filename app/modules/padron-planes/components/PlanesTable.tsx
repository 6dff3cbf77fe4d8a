// The enrolment results: full name, DNI, member number, status, start, end, options (view member); rows of
// inactive members or ended enrolments red. Paged (Atrás / 'n de m' / Siguiente links, 20 a page) unless paging is
// hidden (inactive-only or expired-only): then the whole list up to UNPAGED_MAX_ROWS with its total and a note.
import { ActionIcon, DataTable, Pager, pageHref, type Column } from "~/components/ui";
import { dateOrSinFecha } from "~/modules/afiliados/rules";
import { enrolmentRowIsRed, fullName, msgSinPaginar, SCREEN_PATH } from "~/modules/padron-planes/rules";

export type PlanesRow = {
  id: number;
  idenrolamiento: number;
  baperapell: string | null;
  bapernombr: string | null;
  dni: string;
  bagfmnroaf: string;
  enprfecvig: string;
  enprfecbaj: string;
  estado: "ACTIVO" | "INACTIVO";
  vencido: boolean;
};

const COLUMNS: Column<PlanesRow>[] = [
  { key: "nombre", header: "APELLIDO Y NOMBRE", render: fullName, value: fullName },
  { key: "dni", header: "DNI" },
  { key: "bagfmnroaf", header: "NRO. AFILIADO" },
  { key: "estado", header: "ESTADO" },
  {
    key: "enprfecvig",
    header: "INICIO",
    render: (r) => dateOrSinFecha(r.enprfecvig),
    value: (r) => dateOrSinFecha(r.enprfecvig),
  },
  {
    key: "enprfecbaj",
    header: "FIN",
    render: (r) => dateOrSinFecha(r.enprfecbaj),
    value: (r) => dateOrSinFecha(r.enprfecbaj),
  },
  {
    key: "opciones",
    header: "OPCIONES",
    render: (r) => (
      <ActionIcon action="ver" subject={`afiliado ${fullName(r)}`} href={`/consultar-padron/${r.id}`} plain />
    ),
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
  return (
    <div className="planes-results">
      {!paged && total > rows.length ? (
        <p className="planes-note" role="note">
          {msgSinPaginar(rows.length, total)}
        </p>
      ) : null}
      <DataTable
        columns={COLUMNS}
        rows={rows}
        rowKey="idenrolamiento"
        caption="Afiliados enrolados"
        captionHidden
        rowClassName={(r) => (enrolmentRowIsRed(r) ? "ui-row--danger" : undefined)}
      />
      {paged ? (
        <Pager
          page={page}
          size={size}
          total={total}
          hrefFor={(p) => pageHref(SCREEN_PATH, query, p)}
          label="Paginación de enrolados"
        />
      ) : (
        <p className="planes-total">Total: {total}</p>
      )}
    </div>
  );
}

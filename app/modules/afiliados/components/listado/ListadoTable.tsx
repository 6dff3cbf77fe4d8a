// The paged member table: full name, DNI, member number, status (ACTIVO/INACTIVO), options; inactive or expired
// rows red. Options: view the member, and the reciprocity agreement when the member has an agreement type.
import type { MouseEvent } from "react";
import { ActionIcon, ActionIcons, DataTable, inactiveRow, Pager, type Column } from "~/components/ui";
import { listRowIsRed, listRowStatus } from "~/modules/afiliados/rules";

type ListadoRow = {
  id: number;
  apeynom: string;
  numdoc: string;
  nroafi: string;
  fechbaja: string;
  fechvto: string | null;
  tipoconvenio: string | null;
};

type Props = {
  rows: ListadoRow[];
  total: number;
  page: number;
  size: number;
  today: string;
  hrefForPage: (page: number) => string;
  hrefForConvenio: (idafi: number) => string;
  /** With JavaScript: opens the dialog instead of following the link. */
  onConvenio?: (idafi: number, e: MouseEvent<HTMLAnchorElement>) => void;
};

export function ListadoTable({ rows, total, page, size, today, hrefForPage, hrefForConvenio, onConvenio }: Props) {
  const columns: Column<ListadoRow>[] = [
    { key: "apeynom", header: "APELLIDO Y NOMBRE" },
    { key: "numdoc", header: "DNI" },
    { key: "nroafi", header: "NRO. AFILIADO" },
    {
      key: "estado",
      header: "ESTADO",
      render: (r) => listRowStatus(r.fechbaja),
      value: (r) => listRowStatus(r.fechbaja),
    },
    {
      key: "opciones",
      header: "OPCIONES",
      render: (r) => (
        <ActionIcons>
          <ActionIcon action="ver" subject={`afiliado ${r.apeynom}`} href={`/consultar-padron/${r.id}`} plain />
          {r.tipoconvenio?.trim() ? (
            <ActionIcon
              action="convenio"
              subject={`de ${r.apeynom}`}
              href={hrefForConvenio(r.id)}
              plain
              onClick={onConvenio ? (e) => onConvenio(r.id, e) : undefined}
            />
          ) : null}
        </ActionIcons>
      ),
    },
  ];
  return (
    <div className="listado-results">
      <DataTable
        columns={columns}
        rows={rows}
        rowKey="id"
        caption="Listado de afiliados"
        captionHidden
        rowClassName={(r) => inactiveRow(listRowIsRed(r, today))}
      />
      <Pager page={page} size={size} total={total} hrefFor={hrefForPage} label="Paginación del listado" />
    </div>
  );
}

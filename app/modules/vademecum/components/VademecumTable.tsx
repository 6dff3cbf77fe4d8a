// The vademecum rows found (producto, presentacion, laboratorio, droga, familia, cobertura, plan), 5 a page, with
// the total and Atrás / Siguiente links (previous disabled on page 0, next when total <= (page+1)*size).
import { DataTable, Pager, type Column } from "~/components/ui";
import type { VademecumRow } from "~/modules/vademecum/rules";

/** A row of the page with its position, the table's key (a product may repeat across laboratories). */
export type VademecumTableRow = VademecumRow & { n: number };

type Props = {
  rows: VademecumTableRow[];
  total: number;
  page: number;
  size: number;
  hrefForPage: (page: number) => string;
};

const columns: Column<VademecumTableRow>[] = [
  { key: "producto", header: "PRODUCTO" },
  { key: "presentacion", header: "PRESENTACIÓN" },
  { key: "laboratorio", header: "LABORATORIO" },
  { key: "droga", header: "DROGA" },
  { key: "familia", header: "FAMILIA" },
  { key: "cobertura", header: "COBERTURA" },
  { key: "plan", header: "PLAN" },
];

export function VademecumTable({ rows, total, page, size, hrefForPage }: Props) {
  return (
    <div className="catalogo-results">
      <DataTable columns={columns} rows={rows} rowKey="n" caption="Resultados del vademecum" captionHidden />
      <Pager page={page} size={size} total={total} hrefFor={hrefForPage} label="Paginación del vademecum" />
    </div>
  );
}

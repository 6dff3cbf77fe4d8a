// The columns of the vademecum rows found (shown by PagedTable, 5 a page): producto, presentacion, laboratorio,
// droga, familia, cobertura, plan.
import type { Column } from "~/components/ui";
import type { VademecumRow } from "~/modules/vademecum/rules";

/** A row of the page with its position, the table's key (a product may repeat across laboratories). */
export type VademecumTableRow = VademecumRow & { n: number };

export const VADEMECUM_COLUMNS: Column<VademecumTableRow>[] = [
  { key: "producto", header: "PRODUCTO" },
  { key: "presentacion", header: "PRESENTACIÓN" },
  { key: "laboratorio", header: "LABORATORIO" },
  { key: "droga", header: "DROGA" },
  { key: "familia", header: "FAMILIA" },
  { key: "cobertura", header: "COBERTURA" },
  { key: "plan", header: "PLAN" },
];

// What the 'Consulta de Vademecum' screen reads from its loader (the adapter is ../screen.server.ts).
import type { FieldError } from "~/lib/input";
import type { VademecumFiltro, VademecumRow } from "~/modules/vademecum/rules";

export type VademecumScreenData = {
  values: Record<VademecumFiltro, string>;
  errors: FieldError[];
  /** The 3-character rule failed on the server (no query ran). */
  filtrosVacios: boolean;
  /** null before a search. */
  resultado: VademecumRow[] | null;
  total: number;
  page: number;
  size: number;
  /** The search as a query string, for the pager's links. */
  query: string;
};

// The columns of the voluntary affiliates' list, once for the grid (JavaScript), the server table and the server's
// sort of a page (?sort=&dir=, the rules of the one DataGrid: docs/decisions/059).
import type { Column } from "~/components/ui";
import type { VoluntarioListRow } from "./voluntarios.schema";

export const VOLUNTARIOS_COLUMNS: Column<VoluntarioListRow>[] = [
  // Readable on a phone (issue 28): the grid scrolls sideways rather than squeeze the name to a few letters.
  { key: "apeynomfam", header: "Apellido y Nombre", minWidth: 240 },
  { key: "dnifam", header: "DNI", width: 120 },
  { key: "nroafifam", header: "Nro. Afiliado", width: 150 },
  { key: "estado", header: "Estado", width: 110 },
  { key: "clasificacion", header: "Clasificación", width: 140 },
];

// The columns of the documents found (shown by PagedTable): id, type, number (nro/año - letra), extract, initiator,
// start date (dd/mm/aaaa), area.
import type { Column } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { numeroCompleto, type TramiteRow } from "~/modules/tramites/rules";

export const TRAMITE_COLUMNS: Column<TramiteRow>[] = [
  { key: "id", header: "ID", align: "right" },
  { key: "tipo_documento", header: "TIPO DE DOCUMENTO" },
  {
    key: "nrotramite",
    header: "NÚMERO",
    // on one line (issue 28): '105/2026 - S' never breaks at its spaces
    render: (r) => <span className="tramite-numero">{numeroCompleto(r)}</span>,
    value: numeroCompleto,
  },
  { key: "extracto", header: "EXTRACTO" },
  { key: "iniciador", header: "INICIADOR" },
  {
    key: "fecini",
    header: "FECHA INICIO",
    render: (r) => (r.fecini ? formatDateAR(r.fecini) : ""),
    value: (r) => r.fecini,
  },
  { key: "area", header: "ÁREA" },
];

// Buscar Ficha results (spec part 1 §2): APELLIDO Y NOMBRE, DNI, ORGANO, FECHA, FICHA, ESTADO (coloured chip) and
// OPCIONES: view, and — only when the case is editable and the user holds the code (§6) — Modificar (6),
// Eliminar (7), Cambio de Medicamento (8), Reingreso (9). Every option is a link, so it works without JavaScript.
import type { MouseEvent } from "react";
import { Chip, DataTable, type Column } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { caseActions, estadoTone } from "~/modules/oncologia/rules";

export type FichaRow = {
  id: number;
  nro_ficha: number;
  fecha: string;
  estado_ficha: string;
  afi_nombre: string;
  afi_dni: string;
  organo: string | null;
  editable: boolean;
};

type Props = {
  rows: FichaRow[];
  /** The user's operation codes (caseActions decides the buttons). */
  operations: string[];
  /** Links of the view and delete options (no-JavaScript pages: ?ver=N, ?eliminar=N). */
  viewHref: (id: number) => string;
  deleteHref: (id: number) => string;
  /** JavaScript: the detail dialog / the delete confirmation instead of following the link. */
  onView?: (row: FichaRow) => void;
  onDelete?: (row: FichaRow) => void;
};

const nuevaFicha = (op: string, id: number) => `/nueva-ficha?op=${op}&id=${id}`;

function intercept(handler: ((row: FichaRow) => void) | undefined, row: FichaRow) {
  if (!handler) return undefined;
  return (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    handler(row);
  };
}

export function FichasTable({ rows, operations, viewHref, deleteHref, onView, onDelete }: Props) {
  const perms = { allowed_operation: operations };
  const columns: Column<FichaRow>[] = [
    { key: "afi_nombre", header: "APELLIDO Y NOMBRE" },
    { key: "afi_dni", header: "DNI" },
    { key: "organo", header: "ORGANO", value: (r) => r.organo ?? "" },
    { key: "fecha", header: "FECHA", render: (r) => formatDateAR(r.fecha), value: (r) => r.fecha },
    { key: "nro_ficha", header: "FICHA", align: "right" },
    {
      key: "estado_ficha",
      header: "ESTADO",
      render: (r) => <Chip label={r.estado_ficha} tone={estadoTone(r.estado_ficha)} />,
    },
    {
      key: "opciones",
      header: "OPCIONES",
      render: (r) => {
        const can = caseActions(r, perms);
        return (
          <span className="buscar-ficha-options">
            <a
              href={viewHref(r.id)}
              onClick={intercept(onView, r)}
              aria-label={`Ver ficha ${r.nro_ficha}`}
              title="Ver ficha"
            >
              Ver
            </a>
            {can.modificar && (
              <a href={nuevaFicha("update", r.id)} aria-label={`Modificar ficha ${r.nro_ficha}`}>
                Modificar
              </a>
            )}
            {can.eliminar && (
              <a
                href={deleteHref(r.id)}
                onClick={intercept(onDelete, r)}
                className="buscar-ficha-danger"
                aria-label={`Eliminar ficha ${r.nro_ficha}`}
              >
                Eliminar
              </a>
            )}
            {can.cambioMedicamento && (
              <a
                href={nuevaFicha("change_of_drogs", r.id)}
                aria-label={`Cambio de Medicamento de la ficha ${r.nro_ficha}`}
              >
                Cambio de Medicamento
              </a>
            )}
            {can.reingreso && (
              <a href={nuevaFicha("reingreso", r.id)} aria-label={`Reingreso de la ficha ${r.nro_ficha}`}>
                Reingreso
              </a>
            )}
          </span>
        );
      },
    },
  ];
  return (
    <section className="buscar-ficha-results" aria-label="Resultados">
      <p className="buscar-ficha-total">Total: {rows.length}</p>
      <DataTable columns={columns} rows={rows} rowKey="id" caption="Listado de Fichas" captionHidden />
    </section>
  );
}

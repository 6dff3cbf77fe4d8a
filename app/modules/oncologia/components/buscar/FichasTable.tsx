// Buscar Ficha results (spec part 1 §2): APELLIDO Y NOMBRE, DNI, ORGANO, FECHA, FICHA, ESTADO (coloured chip) and
// OPCIONES: view, and — only when the case is editable and the user holds the code (§6) — Modificar (6),
// Eliminar (7), Cambio de Medicamento (8), Reingreso (9), each the list's action icon (ActionIcon, ADR 056). Every
// option is a link, so it works without JavaScript.
import type { MouseEvent } from "react";
import { ActionIcon, ActionIcons, Chip, DataTable, type Column } from "~/components/ui";
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
        const de = `de la ficha ${r.nro_ficha}`;
        return (
          <ActionIcons>
            <ActionIcon
              action="ver"
              subject={`ficha ${r.nro_ficha}`}
              href={viewHref(r.id)}
              plain
              onClick={intercept(onView, r)}
            />
            {can.modificar && (
              <ActionIcon action="modificar" subject={`ficha ${r.nro_ficha}`} href={nuevaFicha("update", r.id)} plain />
            )}
            {can.eliminar && (
              <ActionIcon
                action="eliminar"
                subject={`ficha ${r.nro_ficha}`}
                href={deleteHref(r.id)}
                plain
                onClick={intercept(onDelete, r)}
                tone="danger"
              />
            )}
            {can.cambioMedicamento && (
              <ActionIcon action="cambioMedicamento" subject={de} href={nuevaFicha("change_of_drogs", r.id)} plain />
            )}
            {can.reingreso && <ActionIcon action="reingreso" subject={de} href={nuevaFicha("reingreso", r.id)} plain />}
          </ActionIcons>
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

// The /users table's pieces: the search form (keeping the table's other parameters) and the columns (sortable by
// URL, with the edit and reset-password links for the holders of those operations).
import { Form } from "@remix-run/react";
import { ActionIcon, ActionIcons, Chip, sortableColumn, type Column, type SortState } from "~/components/ui";
import { SCREEN, tablaHref } from "~/modules/usuarios/rules";

/** A row of the table (as the loader sends it). */
export type UsuarioFila = {
  id: number;
  apeynom: string;
  usuario: string;
  activo: boolean;
  us_perfil: { descripcion: string };
};

/** The search box: a GET form that keeps the table's sort and size (a new search starts at the first page). */
export function UsuariosBuscar({ tabla, q }: { tabla: string; q: string }) {
  const hidden = [...new URLSearchParams(tabla)].filter(([k]) => k !== "q" && k !== "page");
  return (
    <Form method="get" action={SCREEN} className="usuarios-buscar" role="search" preventScrollReset>
      {hidden.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor="usuarios-q" className="ui-sr-only">
        Buscar usuario
      </label>
      <input
        id="usuarios-q"
        className="ui-input"
        type="search"
        name="q"
        defaultValue={q}
        key={q}
        maxLength={100}
        placeholder="Buscar por nombre, usuario o perfil"
      />
      <button type="submit" className="ui-button ui-button--secondary">
        Buscar
      </button>
    </Form>
  );
}

/** A row's actions: 'Modificar usuario' and 'Resetear contraseña', each for the holders of its operation. */
function Acciones({
  u,
  search,
  puede,
}: {
  u: UsuarioFila;
  search: string;
  puede: { modificar: boolean; resetear: boolean };
}) {
  return (
    <ActionIcons>
      {puede.modificar ? (
        <ActionIcon
          action="modificar"
          subject={`usuario ${u.usuario}`}
          href={tablaHref(search, { editar: String(u.id) })}
          preventScrollReset
        />
      ) : null}
      {puede.resetear ? (
        <ActionIcon
          action="resetear"
          subject={`de ${u.usuario}`}
          href={tablaHref(search, { resetear: String(u.id) })}
          preventScrollReset
        />
      ) : null}
    </ActionIcons>
  );
}

/**
 * A user name or a profile on one line (issue 39): a CUIT does not break at its hyphens; a value longer than its
 * column ends in an ellipsis, whole in the title (and in the text a screen reader reads).
 */
function Valor({ text }: { text: string }) {
  return (
    <span className="usuarios-valor" title={text}>
      {text}
    </span>
  );
}

/** The table's columns; `search` is the page's query string, `tabla` the table's part of it. */
export function usuariosColumns(
  search: string,
  tabla: string,
  current: SortState,
  puede: { modificar: boolean; resetear: boolean },
): Column<UsuarioFila>[] {
  const sortable = (c: Column<UsuarioFila>, key?: string) => sortableColumn(c, current, tabla, key);
  const columns: Column<UsuarioFila>[] = [
    sortable({ key: "apeynom", header: "Apellido y Nombre" }),
    sortable({ key: "usuario", header: "Usuario", render: (u) => <Valor text={u.usuario} /> }),
    sortable({ key: "perfil", header: "Perfil", render: (u) => <Valor text={u.us_perfil.descripcion} /> }, "perfil"),
    sortable({
      key: "activo",
      header: "Estado",
      render: (u) => <Chip label={u.activo ? "ACTIVO" : "INACTIVO"} tone={u.activo ? "success" : "danger"} />,
    }),
  ];
  if (puede.modificar || puede.resetear) {
    columns.push({
      key: "acciones",
      header: "Acciones",
      render: (u) => <Acciones u={u} search={search} puede={puede} />,
    });
  }
  return columns;
}

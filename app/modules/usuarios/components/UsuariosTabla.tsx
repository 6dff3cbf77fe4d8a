// The /users table's pieces: the search form (keeping the table's other parameters) and the columns (sortable by
// URL, with the edit and reset-password links for the holders of those operations).
import { Form, Link } from "@remix-run/react";
import { Chip, sortableColumn, type Column, type SortState } from "~/components/ui";
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
    <span className="usuarios-acciones">
      {puede.modificar ? (
        <Link
          className="ui-icon-button"
          to={tablaHref(search, { editar: String(u.id) })}
          preventScrollReset
          aria-label={`Modificar usuario ${u.usuario}`}
          title="Modificar usuario"
        >
          <span aria-hidden="true">✎</span>
        </Link>
      ) : null}
      {puede.resetear ? (
        <Link
          className="ui-icon-button"
          to={tablaHref(search, { resetear: String(u.id) })}
          preventScrollReset
          aria-label={`Resetear contraseña de ${u.usuario}`}
          title="Resetear contraseña"
        >
          <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 24 24">
            <circle cx="7" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M11 12h10M17 12v4M20 12v3" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </Link>
      ) : null}
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
    sortable({ key: "usuario", header: "Usuario" }),
    sortable({ key: "perfil", header: "Perfil", render: (u) => u.us_perfil.descripcion }, "perfil"),
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

// The /perfiles table (spec part 2 §2; docs/decisions/035): the search box and 'Nuevo perfil' above it, the profiles
// (id, descripcion, estado, and the links that open the edit, operations and screens dialogs) with sortable headers,
// and the page size and pager below. Everything is a link or a GET form (works without JavaScript); a control is
// shown only to holders of its operation (30 create, 31 modify, 32 assign).
import { Form, Link } from "@remix-run/react";
import {
  ActionIcon,
  ActionIcons,
  Chip,
  DataTable,
  Field,
  inactiveRow,
  PageSizeSelect,
  Pager,
  sortableColumn,
  type Column,
} from "~/components/ui";
import { withParams, type TableQuery } from "~/lib/table-state";
import type { Permisos } from "~/modules/perfiles/components/types";
import { dialogoHref, estadoTexto, type Dialogo, type Perfil, type SortKey } from "~/modules/perfiles/rules";

type TablaProps = {
  perfiles: Perfil[];
  total: number;
  tq: TableQuery<SortKey>;
  permisos: Permisos;
  /** The URL's query: kept by every link. */
  search: string;
};

/** The search form (keeps the sort and the page size) and 'Nuevo perfil'. */
export function PerfilesBarra({
  tq,
  puedeCrear,
  search,
}: {
  tq: TableQuery<SortKey>;
  puedeCrear: boolean;
  search: string;
}) {
  return (
    <div className="perfiles-toolbar">
      <Form method="get" className="perfiles-buscar" role="search" aria-label="Buscar perfiles">
        {tq.sort !== "id" && <input type="hidden" name="sort" value={tq.sort} />}
        {tq.dir !== "asc" && <input type="hidden" name="dir" value={tq.dir} />}
        <input type="hidden" name="size" value={tq.size} />
        <Field label="Buscar" name="q">
          <input className="ui-input" type="search" defaultValue={tq.q} maxLength={100} key={tq.q} />
        </Field>
        <button type="submit" className="ui-button ui-button--secondary">
          Buscar
        </button>
      </Form>
      {puedeCrear && (
        <Link className="ui-button ui-button--primary" to={dialogoHref(search, "crear")}>
          Nuevo perfil
        </Link>
      )}
    </div>
  );
}

/** The action icons of a profile's row (ADR 056): one per dialog the user may open. */
function Acciones({ perfil, permisos, search }: { perfil: Perfil; permisos: Permisos; search: string }) {
  const href = (dialogo: Dialogo) => dialogoHref(search, dialogo, perfil.id);
  const del = `del perfil ${perfil.descripcion}`;
  return (
    <ActionIcons>
      {permisos.modificar && (
        <ActionIcon action="modificar" subject={`perfil ${perfil.descripcion}`} href={href("editar")} />
      )}
      {permisos.asignar && <ActionIcon action="operaciones" subject={del} href={href("operaciones")} />}
      {permisos.asignar && <ActionIcon action="pantallas" subject={del} href={href("pantallas")} />}
    </ActionIcons>
  );
}

/** The table, its page size and its pager. */
export function PerfilesTabla({ perfiles, total, tq, permisos, search }: TablaProps) {
  const base: Column<Perfil>[] = [
    { key: "id", header: "Id", width: 64 },
    { key: "descripcion", header: "Descripción" },
    {
      key: "activo",
      header: "Estado",
      render: (p) => <Chip tone={p.activo ? "success" : "danger"} label={estadoTexto(p.activo)} />,
    },
  ];
  const columns: Column<Perfil>[] = base.map((c) => sortableColumn(c, tq, search));
  if (permisos.modificar || permisos.asignar) {
    columns.push({
      key: "acciones",
      header: "Acciones",
      render: (p) => <Acciones perfil={p} permisos={permisos} search={search} />,
    });
  }
  return (
    <>
      <DataTable
        caption="Perfiles"
        captionHidden
        columns={columns}
        rows={perfiles}
        rowKey="id"
        rowClassName={(p) => inactiveRow(!p.activo)}
        emptyText="No hay perfiles"
      />
      <div className="perfiles-pie">
        <PageSizeSelect size={tq.size} search={search} />
        <Pager
          page={tq.page}
          size={tq.size}
          total={total}
          hrefFor={(page) => `/perfiles${withParams(search, { page: page > 0 ? String(page) : null })}`}
          label="Paginación de perfiles"
        />
      </div>
    </>
  );
}

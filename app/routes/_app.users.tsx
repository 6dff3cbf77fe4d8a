// 'Administracion de usuario' (spec part 2 §2, §5, §8, §9): the users with a search box, sortable columns and page
// sizes 5/10/25 (all in the URL, on the server), and the dialogs 'Nuevo usuario' (operation 27), 'Modificar usuario'
// (28) and 'Resetear contraseña' (29), each opened by a link (?nuevo=1, ?editar=<id>, ?resetear=<id>) and posting to
// that URL; the URL names the operation the action requires. Controls are hidden from users without the operation.
// Everything works without JavaScript. The work is in app/modules/usuarios (screen.server.ts).
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { requireOperation, requireScreen } from "~/auth/guards.server";
import {
  Alert,
  Chip,
  DataTable,
  PageSizeSelect,
  Pager,
  sortableColumn,
  useAutoHide,
  type Column,
} from "~/components/ui";
import { ResetContrasenaDialog, UsuarioDialog } from "~/modules/usuarios/components/UsuarioDialogs";
import { MENSAJE_MS, SCREEN, TITULO, tablaHref, tablaSearch } from "~/modules/usuarios/rules";
import {
  accionUsuarios,
  operacionDeUrl,
  pantallaUsuarios,
  type RespuestaUsuarios,
} from "~/modules/usuarios/screen.server";
import type { Usuario } from "~/modules/usuarios/usuarios.server";
import styles from "~/styles/usuarios.css";

export const handle = { title: TITULO };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, SCREEN);
  return json(await pantallaUsuarios(new URL(request.url), user));
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireOperation(request, operacionDeUrl(request), SCREEN);
  const out = await accionUsuarios(request, user);
  if (out instanceof Response) return out;
  return json<RespuestaUsuarios>(out.body, { status: out.status });
}

export default function Usuarios() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as RespuestaUsuarios | undefined;
  const { search, pathname } = useLocation();
  const mensaje = useAutoHide(data.mensaje?.text ?? null, MENSAJE_MS, data.mensaje?.at);
  const aviso = useAutoHide(data.aviso, MENSAJE_MS, search);
  const tabla = tablaSearch(search);
  const closeHref = tablaHref(search);
  const here = `${pathname}${search}`;
  const { query, puede, dialogo } = data;
  const current = { sort: query.sort, dir: query.dir };
  const sortable = (c: Column<Usuario>, key?: string) => sortableColumn(c, current, tabla, key);

  const columns: Column<Usuario>[] = [
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
      render: (u) => (
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
      ),
    });
  }

  const answerFor = (kind: RespuestaUsuarios["kind"]) => (answer?.kind === kind ? answer : undefined);
  const hidden = [...new URLSearchParams(tabla)].filter(([k]) => k !== "q" && k !== "page");

  return (
    <section className="screen usuarios-screen">
      <h2 className="screen-title">{TITULO}</h2>
      <div className="usuarios-barra">
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
            defaultValue={query.q}
            key={query.q}
            maxLength={100}
            placeholder="Buscar por nombre, usuario o perfil"
          />
          <button type="submit" className="ui-button ui-button--secondary">
            Buscar
          </button>
        </Form>
        {puede.crear ? (
          <Link className="ui-button ui-button--primary" to={tablaHref(search, { nuevo: "1" })} preventScrollReset>
            Nuevo usuario
          </Link>
        ) : null}
      </div>
      {mensaje ? <Alert severity="success">{mensaje}</Alert> : null}
      {aviso ? <Alert severity="error">{aviso}</Alert> : null}
      <DataTable columns={columns} rows={data.rows} rowKey="id" caption="Usuarios" captionHidden />
      <div className="usuarios-pie">
        <PageSizeSelect size={query.size} search={tabla} />
        <Pager
          page={query.page}
          size={query.size}
          total={data.total}
          hrefFor={(p) => tablaHref(search, { page: p > 0 ? String(p) : null })}
        />
      </div>
      {dialogo?.kind === "nuevo" || dialogo?.kind === "editar" ? (
        <UsuarioDialog
          usuario={dialogo.kind === "editar" ? dialogo.usuario : undefined}
          perfiles={data.perfiles}
          closeHref={closeHref}
          formAction={here}
          lastResult={answerFor(dialogo.kind)?.result}
          msg={answerFor(dialogo.kind)?.msg ?? null}
          answerKey={answer}
        />
      ) : null}
      {dialogo?.kind === "resetear" ? (
        <ResetContrasenaDialog
          usuario={dialogo.usuario}
          closeHref={closeHref}
          formAction={here}
          lastResult={answerFor("resetear")?.result}
          msg={answerFor("resetear")?.msg ?? null}
          answerKey={answer}
        />
      ) : null}
    </section>
  );
}

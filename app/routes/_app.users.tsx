// 'Administracion de usuario' (spec part 2 §2, §5, §8, §9): the users with a search box, sortable columns and page
// sizes 5/10/25 (all in the URL, on the server), and the dialogs 'Nuevo usuario' (operation 27), 'Modificar usuario'
// (28) and 'Resetear contraseña' (29), each opened by a link (?nuevo=1, ?editar=<id>, ?resetear=<id>) and posting to
// that URL; the URL names the operation the action requires. Controls are hidden from users without the operation.
// Everything works without JavaScript. The work is in app/modules/usuarios (screen.server.ts).
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { requireOperation, requireScreen } from "~/auth/guards.server";
import { Alert, DataTable, inactiveRow, PageSizeSelect, Pager, RefusedView, useAutoHide } from "~/components/ui";
import { ResetContrasenaDialog, UsuarioDialog } from "~/modules/usuarios/components/UsuarioDialogs";
import { UsuariosBuscar, usuariosColumns } from "~/modules/usuarios/components/UsuariosTabla";
import { MENSAJE_MS, SCREEN, TITULO, tablaHref, tablaSearch } from "~/modules/usuarios/rules";
import {
  accionUsuarios,
  operacionDeUrl,
  pantallaUsuarios,
  type RespuestaUsuarios,
} from "~/modules/usuarios/screen.server";
import styles from "~/styles/usuarios.css";

export const handle = { title: TITULO };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, SCREEN);
  const pantalla = await pantallaUsuarios(new URL(request.url), user);
  return json(pantalla, { status: pantalla.rechazo ? 400 : 200 });
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
  const columns = usuariosColumns(search, tabla, current, puede);

  const answerFor = (kind: RespuestaUsuarios["kind"]) => (answer?.kind === kind ? answer : undefined);

  return (
    <section className="screen usuarios-screen">
      <h2 className="screen-title">{TITULO}</h2>
      <div className="usuarios-barra">
        <UsuariosBuscar tabla={tabla} q={query.q} />
        {puede.crear ? (
          <Link className="ui-button ui-button--primary" to={tablaHref(search, { nuevo: "1" })} preventScrollReset>
            Nuevo usuario
          </Link>
        ) : null}
      </div>
      {mensaje ? <Alert severity="success">{mensaje}</Alert> : null}
      {aviso ? <Alert severity="error">{aviso}</Alert> : null}
      {data.rechazo ? <RefusedView msg={data.rechazo.msg} href={data.rechazo.href} /> : null}
      <DataTable
        columns={columns}
        rows={data.rows}
        rowKey="id"
        caption="Usuarios"
        captionHidden
        className="usuarios-tabla"
        rowClassName={(u) => inactiveRow(!u.activo)}
      />
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
          usuarioFijo={dialogo.kind === "editar" ? dialogo.usuarioFijo : null}
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

// Perfiles (spec part 2 §2, §3, §5, §8, §9; issue 14; docs/decisions/035): the profiles table (id, descripcion,
// estado, actions) with search, sortable headers and page sizes 5/10/25 (default 5); the create and edit dialogs
// ('La descripcion es obligatoria'), and the operations and screens dialogs, each with the transfer lists
// 'Disponibles' and 'Agregadas'. Every dialog is in the URL (?dialogo=…&id=) and every form works without JavaScript;
// a move posts the button and the selection, the module applies it in one transaction. Messages go after 2 s.
// Controls are shown only to holders of their operation (30 create, 31 modify, 32 assign); the action checks them too.
// The work is in app/modules/perfiles (screen.server.ts; the table and dialogs in components/).
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { Alert, RefusedView, useAutoHide } from "~/components/ui";
import { PerfilDialogo } from "~/modules/perfiles/components/PerfilDialogs";
import { PerfilesBarra, PerfilesTabla } from "~/modules/perfiles/components/PerfilesTabla";
import { accionPerfiles, pantallaPerfiles } from "~/modules/perfiles/screen.server";
import type { RespuestaPerfiles } from "~/modules/perfiles/components/types";
import { listaHref, MENSAJE_PERFIL_MS } from "~/modules/perfiles/rules";
import styles from "~/styles/perfiles.css";

const TITLE = "Perfiles";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, "/perfiles");
  const pantalla = await pantallaPerfiles(new URL(request.url), user);
  return json(pantalla, { status: pantalla.rechazo ? 400 : 200, headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireScreen(request, "/perfiles");
  const r = await accionPerfiles(await request.formData(), new URL(request.url), user);
  if ("redirect" in r) throw redirect(r.redirect);
  return json<RespuestaPerfiles>(r.answer, { status: r.status });
}

export default function Perfiles() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as RespuestaPerfiles | undefined;
  const { search, key } = useLocation();
  const ok = useAutoHide(data.ok, MENSAJE_PERFIL_MS, key);
  return (
    <section className="screen perfiles-screen">
      <h2 className="screen-title">{TITLE}</h2>
      <PerfilesBarra tq={data.tq} puedeCrear={data.permisos.crear} search={search} />
      {ok && !data.dialogo && <Alert severity="success">{ok}</Alert>}
      {data.rechazo && <RefusedView msg={data.rechazo.msg} href={data.rechazo.href} />}
      <PerfilesTabla
        perfiles={data.perfiles}
        total={data.total}
        tq={data.tq}
        permisos={data.permisos}
        search={search}
      />
      {data.dialogo && (
        <PerfilDialogo
          dialogo={data.dialogo}
          closeHref={listaHref(search)}
          ok={ok ?? null}
          answer={answer ?? null}
          answerKey={answer}
        />
      )}
    </section>
  );
}

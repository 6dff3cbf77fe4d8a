// Perfiles (spec part 2 §2, §3, §5, §8, §9; issue 14; docs/decisions/035): the profiles table (id, descripcion,
// estado, actions) with search, sortable headers and page sizes 5/10/25 (default 5); the create and edit dialogs
// ('La descripcion es obligatoria'), and the operations and screens dialogs, each with the transfer lists
// 'Disponibles' and 'Agregadas'. Every dialog is in the URL (?dialogo=…&id=) and every form works without JavaScript;
// a move posts the button and the selection, the module applies it in one transaction. Messages go after 2 s.
// Controls are shown only to holders of their operation (30 create, 31 modify, 32 assign); the action checks them too.
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { Alert, Chip, DataTable, Field, Pager, UrlDialog, useAutoHide, type Column } from "~/components/ui";
import { PageSizeSelect } from "~/components/ui/PageSizeSelect";
import { sortableColumn } from "~/components/ui/SortableHeader";
import { TransferList } from "~/components/ui/TransferList";
import { withParams } from "~/lib/table-query";
import { accionPerfiles, pantallaPerfiles, type DialogoVista } from "~/modules/perfiles/perfiles-screen.server";
import { CrearPerfilSchema, ModificarPerfilSchema } from "~/modules/perfiles/perfiles.schema";
import {
  dialogoHref,
  estadoTexto,
  listaHref,
  MAX_DESCRIPCION,
  MENSAJE_PERFIL_MS,
  type Perfil,
} from "~/modules/perfiles/rules";
import styles from "~/styles/perfiles.css";

const TITLE = "Perfiles";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, "/perfiles");
  return json(await pantallaPerfiles(new URL(request.url), user), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireScreen(request, "/perfiles");
  const r = await accionPerfiles(await request.formData(), new URL(request.url), user);
  if ("redirect" in r) throw redirect(r.redirect);
  return json(r.answer, { status: r.status });
}

export default function Perfiles() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const search = location.search;
  const ok = useAutoHide(data.ok, MENSAJE_PERFIL_MS, location.key);
  const { permisos, tq } = data;

  const base: Column<Perfil>[] = [
    { key: "id", header: "Id", width: 64 },
    { key: "descripcion", header: "Descripción" },
    {
      key: "activo",
      header: "Estado",
      render: (p) => <Chip tone={p.activo ? "success" : "neutral"} label={estadoTexto(p.activo)} />,
    },
  ];
  const columns: Column<Perfil>[] = base.map((c) => sortableColumn(c, tq, search));
  if (permisos.modificar || permisos.asignar) {
    columns.push({
      key: "acciones",
      header: "Acciones",
      render: (p) => (
        <span className="perfiles-acciones">
          {permisos.modificar && (
            <Link to={dialogoHref(search, "editar", p.id)} aria-label={`Editar perfil ${p.descripcion}`}>
              Editar
            </Link>
          )}
          {permisos.asignar && (
            <Link to={dialogoHref(search, "operaciones", p.id)} aria-label={`Operaciones del perfil ${p.descripcion}`}>
              Operaciones
            </Link>
          )}
          {permisos.asignar && (
            <Link to={dialogoHref(search, "pantallas", p.id)} aria-label={`Pantallas del perfil ${p.descripcion}`}>
              Pantallas
            </Link>
          )}
        </span>
      ),
    });
  }

  return (
    <section className="screen perfiles-screen">
      <h2 className="screen-title">{TITLE}</h2>
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
        {permisos.crear && (
          <Link className="ui-button ui-button--primary" to={dialogoHref(search, "crear")}>
            Nuevo perfil
          </Link>
        )}
      </div>
      {ok && !data.dialogo && <Alert severity="success">{ok}</Alert>}
      <DataTable
        caption="Perfiles"
        captionHidden
        columns={columns}
        rows={data.perfiles}
        rowKey="id"
        emptyText="No hay perfiles"
      />
      <div className="perfiles-pie">
        <PageSizeSelect size={tq.size} search={search} />
        <Pager
          page={tq.page}
          size={tq.size}
          total={data.total}
          hrefFor={(page) => `/perfiles${withParams(search, { page: page > 0 ? String(page) : null })}`}
          label="Paginación de perfiles"
        />
      </div>
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

type Answer = ReturnType<typeof useActionData<typeof action>>;

function PerfilDialogo({
  dialogo,
  closeHref,
  ok,
  answer,
  answerKey,
}: {
  dialogo: DialogoVista;
  closeHref: string;
  ok: string | null;
  answer: NonNullable<Answer> | null;
  answerKey: unknown;
}) {
  const error = useAutoHide(answer && !answer.result ? answer.msg : null, MENSAJE_PERFIL_MS, answerKey);
  if (dialogo.tipo === "no-existe") {
    return (
      <UrlDialog id="perfil-dialogo-titulo" title="Perfil" closeHref={closeHref} size="small">
        <Alert severity="error">{dialogo.msg}</Alert>
      </UrlDialog>
    );
  }
  if (dialogo.tipo === "crear" || dialogo.tipo === "editar") {
    const perfil = dialogo.tipo === "editar" ? dialogo.perfil : null;
    return (
      <UrlDialog
        id="perfil-dialogo-titulo"
        title={perfil ? `Modificar perfil ${perfil.descripcion}` : "Crear perfil"}
        closeHref={closeHref}
        size="small"
      >
        <PerfilForm
          key={perfil?.id ?? "nuevo"}
          perfil={perfil}
          answer={answer?.intent === dialogo.tipo ? answer : null}
          answerKey={answerKey}
          closeHref={closeHref}
        />
      </UrlDialog>
    );
  }
  const { perfil, tipo } = dialogo;
  const titulo = tipo === "operaciones" ? "Operaciones" : "Pantallas";
  return (
    <UrlDialog id="perfil-dialogo-titulo" title={`${titulo} del perfil ${perfil.descripcion}`} closeHref={closeHref}>
      {ok && <Alert severity="success">{ok}</Alert>}
      {error && <Alert severity="error">{error}</Alert>}
      {dialogo.fijo ? (
        <>
          <p className="perfiles-nota">{dialogo.fijo}</p>
          <TransferList title={titulo} disponibles={dialogo.disponibles} agregadas={dialogo.agregadas} readOnly />
        </>
      ) : (
        <TransferForm
          tipo={tipo}
          perfilId={perfil.id}
          titulo={titulo}
          disponibles={dialogo.disponibles}
          agregadas={dialogo.agregadas}
        />
      )}
      <p className="perfiles-botones">
        <Link className="ui-button ui-button--secondary" to={closeHref}>
          Cerrar
        </Link>
      </p>
    </UrlDialog>
  );
}

function TransferForm({
  tipo,
  perfilId,
  titulo,
  disponibles,
  agregadas,
}: {
  tipo: "operaciones" | "pantallas";
  perfilId: number;
  titulo: string;
  disponibles: { value: string; label: string }[];
  agregadas: { value: string; label: string }[];
}) {
  const navigation = useNavigation();
  return (
    <Form method="post" preventScrollReset className="perfiles-form">
      <input type="hidden" name="intent" value={tipo} />
      <input type="hidden" name="usPerfilId" value={perfilId} />
      <TransferList
        title={titulo}
        disponibles={disponibles}
        agregadas={agregadas}
        busy={navigation.state === "submitting"}
      />
    </Form>
  );
}

function PerfilForm({
  perfil,
  answer,
  answerKey,
  closeHref,
}: {
  perfil: Perfil | null;
  answer: NonNullable<Answer> | null;
  answerKey: unknown;
  closeHref: string;
}) {
  const navigation = useNavigation();
  const schema = perfil ? ModificarPerfilSchema : CrearPerfilSchema;
  const [form, fields] = useForm({
    id: perfil ? `perfil-editar-${perfil.id}` : "perfil-crear",
    lastResult: answer?.result,
    defaultValue: perfil
      ? { id: String(perfil.id), descripcion: perfil.descripcion, activo: estadoTexto(perfil.activo) }
      : { activo: "ACTIVO" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const shown = useAutoHide(answer?.msg ?? null, MENSAJE_PERFIL_MS, answerKey);
  const formError = form.errors?.[0];
  return (
    <Form method="post" {...getFormProps(form)} className="perfiles-form" noValidate>
      <input type="hidden" name="intent" value={perfil ? "editar" : "crear"} />
      {perfil && <input {...getInputProps(fields.id, { type: "hidden" })} key={fields.id.key} />}
      {shown && <Alert severity="error">{shown}</Alert>}
      {formError && !shown && <Alert severity="error">{formError}</Alert>}
      <Field
        label="Descripción"
        name={fields.descripcion.name}
        id={fields.descripcion.id}
        errorId={fields.descripcion.errorId}
        error={fields.descripcion.errors?.[0]}
        required
      >
        <input
          className="ui-input"
          {...getInputProps(fields.descripcion, { type: "text", ariaAttributes: false })}
          key={fields.descripcion.key}
          maxLength={MAX_DESCRIPCION}
          autoComplete="off"
        />
      </Field>
      <Field
        label="Estado"
        name={fields.activo.name}
        id={fields.activo.id}
        errorId={fields.activo.errorId}
        error={fields.activo.errors?.[0]}
      >
        <select
          className="ui-input"
          {...getSelectProps(fields.activo, { ariaAttributes: false })}
          key={fields.activo.key}
        >
          <option value="ACTIVO">ACTIVO</option>
          <option value="INACTIVO">INACTIVO</option>
        </select>
      </Field>
      <div className="perfiles-botones">
        <button type="submit" className="ui-button ui-button--primary" disabled={navigation.state === "submitting"}>
          Guardar
        </button>
        <Link className="ui-button ui-button--secondary" to={closeHref}>
          Cancelar
        </Link>
      </div>
    </Form>
  );
}

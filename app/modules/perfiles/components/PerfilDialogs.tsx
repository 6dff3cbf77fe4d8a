// The /perfiles dialogs (spec part 2 §2, §5, §8; docs/decisions/035), each a UrlDialog addressed by the URL
// (?dialogo=…&id=; works without JavaScript): 'Crear perfil' and 'Modificar perfil' (one conform form over the API's
// schemas: descripcion, ACTIVO/INACTIVO; the server's field errors under their fields), and 'Operaciones' / 'Pantallas'
// of a profile (the transfer lists: every move posts at once; profile 1 read-only with its note). Messages go after 2 s.
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Alert, Field, FormActions, TransferList, UrlDialog, useAutoHide, type TransferItem } from "~/components/ui";
import type { DialogoVista, RespuestaPerfiles } from "~/modules/perfiles/components/types";
import { CrearPerfilSchema, ModificarPerfilSchema } from "~/modules/perfiles/perfiles.schema";
import { ESTADOS, estadoTexto, MAX_DESCRIPCION, MENSAJE_PERFIL_MS, type Perfil } from "~/modules/perfiles/rules";

const TITULO_ID = "perfil-dialogo-titulo";

type Respuesta = {
  /** The action's answer (a refusal or the form's errors), or null. */
  answer: RespuestaPerfiles | null;
  /** The answer object itself: a new one shows its message again. */
  answerKey: unknown;
};

export type PerfilDialogoProps = Respuesta & {
  dialogo: DialogoVista;
  /** The table's URL: 'Cancelar', 'Cerrar' and Escape go back to it. */
  closeHref: string;
  /** A success message (after a move). */
  ok: string | null;
};

/** The open dialog of the screen. */
export function PerfilDialogo({ dialogo, closeHref, ok, answer, answerKey }: PerfilDialogoProps) {
  const error = useAutoHide(answer && !answer.result ? answer.msg : null, MENSAJE_PERFIL_MS, answerKey);
  if (dialogo.tipo === "no-existe") {
    return (
      <UrlDialog id={TITULO_ID} title="Perfil" closeHref={closeHref} size="small">
        <Alert severity="error">{dialogo.msg}</Alert>
      </UrlDialog>
    );
  }
  if (dialogo.tipo === "crear" || dialogo.tipo === "editar") {
    const perfil = dialogo.tipo === "editar" ? dialogo.perfil : null;
    return (
      <UrlDialog
        id={TITULO_ID}
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
    <UrlDialog id={TITULO_ID} title={`${titulo} del perfil ${perfil.descripcion}`} closeHref={closeHref}>
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
      <div className="ui-form-actions">
        <Link className="ui-button ui-button--secondary" to={closeHref}>
          Cerrar
        </Link>
      </div>
    </UrlDialog>
  );
}

/** The transfer lists of one kind: each button posts the move and the selections (the action applies it). */
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
  disponibles: TransferItem[];
  agregadas: TransferItem[];
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

/** A Field's props from a conform field: its name, ids and first error. */
const campo = (f: { name: string; id: string; errorId: string; errors?: string[] }) => ({
  name: f.name,
  id: f.id,
  errorId: f.errorId,
  error: f.errors?.[0],
});

/** 'Crear perfil' (perfil null) or 'Modificar perfil'. */
function PerfilForm({
  perfil,
  answer,
  answerKey,
  closeHref,
}: Respuesta & { perfil: Perfil | null; closeHref: string }) {
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
      <Field label="Descripción" {...campo(fields.descripcion)} required>
        <input
          className="ui-input"
          {...getInputProps(fields.descripcion, { type: "text", ariaAttributes: false })}
          key={fields.descripcion.key}
          maxLength={MAX_DESCRIPCION}
          autoComplete="off"
        />
      </Field>
      <Field label="Estado" {...campo(fields.activo)}>
        <select
          className="ui-input"
          {...getSelectProps(fields.activo, { ariaAttributes: false })}
          key={fields.activo.key}
        >
          {ESTADOS.map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </select>
      </Field>
      <FormActions cancelHref={closeHref} />
    </Form>
  );
}

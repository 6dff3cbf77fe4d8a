// The dialogs of 'Administracion de usuario' (spec part 2 §2, §5, §8): 'Nuevo usuario' and 'Modificar usuario' (one
// form: name, usuario, password on create only, profile, ACTIVO/INACTIVO) and 'Resetear contraseña' (two password
// fields). Each is a UrlDialog (opened by a link, works without JavaScript) holding a conform form over the module's
// zod schema; the server's field errors show under their fields, any other refusal as the dialog's message.
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Alert, Field, UrlDialog, useAutoHide } from "~/components/ui";
import { PASSWORD_MAX } from "~/auth/password-policy";
import { MENSAJE_MS } from "~/modules/usuarios/rules";
import {
  crearUsuarioSchema,
  ESTADOS,
  MAX_APEYNOM,
  MAX_USUARIO,
  modificarUsuarioSchema,
  resetearContrasenaSchema,
} from "~/modules/usuarios/usuarios.schema";

export type UsuarioVista = { id: number; apeynom: string; usuario: string; usPerfilId: number; activo: boolean };
export type PerfilOpcion = { id: number; descripcion: string; activo: boolean };

type Common = {
  closeHref: string;
  formAction: string;
  lastResult?: SubmissionResult<string[]>;
  /** A refusal's message (no field shows it). */
  msg: string | null;
  /** The action's answer object: a new one shows the message again. */
  answerKey: unknown;
};

function Mensaje({ msg, answerKey }: { msg: string | null; answerKey: unknown }) {
  const shown = useAutoHide(msg, MENSAJE_MS, answerKey);
  return shown ? <Alert severity="error">{shown}</Alert> : null;
}

function Acciones({ closeHref, label }: { closeHref: string; label: string }) {
  const navigation = useNavigation();
  const enviando = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <div className="usuarios-dialog-actions">
      <Link className="ui-button ui-button--secondary" to={closeHref} preventScrollReset replace>
        Cancelar
      </Link>
      <button type="submit" className="ui-button ui-button--primary" disabled={enviando}>
        {enviando ? "Guardando..." : label}
      </button>
    </div>
  );
}

/** The form's fields as sent (the schemas turn them into ids and a boolean). */
type UsuarioCampos = {
  id?: string;
  apeynom: string;
  usuario: string;
  password?: string;
  usPerfilId: string;
  activo: string;
};

type UsuarioValor = {
  id?: number;
  apeynom: string;
  usuario: string;
  password?: string;
  usPerfilId?: number;
  activo?: boolean;
};

export type UsuarioDialogProps = Common & {
  /** Editing this user; absent: 'Nuevo usuario'. */
  usuario?: UsuarioVista;
  perfiles: PerfilOpcion[];
};

export function UsuarioDialog(props: UsuarioDialogProps) {
  const { usuario } = props;
  return (
    <UrlDialog
      id="usuario-dialog-titulo"
      title={usuario ? "Modificar usuario" : "Nuevo usuario"}
      closeHref={props.closeHref}
      size="medium"
      className="usuarios-panel"
    >
      <UsuarioForm key={usuario?.id ?? "nuevo"} {...props} />
    </UrlDialog>
  );
}

function UsuarioForm({ usuario, perfiles, closeHref, formAction, lastResult, msg, answerKey }: UsuarioDialogProps) {
  const schema = usuario ? modificarUsuarioSchema : crearUsuarioSchema;
  const [form, f] = useForm<UsuarioCampos, UsuarioValor>({
    id: usuario ? `usuario-editar-${usuario.id}` : "usuario-nuevo",
    lastResult,
    defaultValue: usuario
      ? {
          id: String(usuario.id),
          apeynom: usuario.apeynom,
          usuario: usuario.usuario,
          usPerfilId: String(usuario.usPerfilId),
          activo: String(usuario.activo),
        }
      : { usPerfilId: "1", activo: "true" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action={formAction} preventScrollReset {...getFormProps(form)} className="usuarios-form">
      <Mensaje msg={msg} answerKey={answerKey} />
      {usuario ? <input {...getInputProps(f.id, { type: "hidden" })} key={f.id.key} /> : null}
      <Field
        label="Apellido y Nombre"
        name={f.apeynom.name}
        id={f.apeynom.id}
        errorId={f.apeynom.errorId}
        error={f.apeynom.errors}
        required
      >
        <input
          {...getInputProps(f.apeynom, { type: "text", ariaAttributes: false })}
          key={f.apeynom.key}
          className="ui-input"
          maxLength={MAX_APEYNOM}
          autoComplete="off"
        />
      </Field>
      <Field
        label="Usuario"
        name={f.usuario.name}
        id={f.usuario.id}
        errorId={f.usuario.errorId}
        error={f.usuario.errors}
        required
      >
        <input
          {...getInputProps(f.usuario, { type: "text", ariaAttributes: false })}
          key={f.usuario.key}
          className="ui-input"
          maxLength={MAX_USUARIO}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
      </Field>
      {usuario ? null : (
        <Field
          label="Contraseña"
          name={f.password.name}
          id={f.password.id}
          errorId={f.password.errorId}
          error={f.password.errors}
          required
        >
          <input
            {...getInputProps(f.password, { type: "password", ariaAttributes: false })}
            key={f.password.key}
            className="ui-input"
            maxLength={PASSWORD_MAX}
            autoComplete="new-password"
          />
        </Field>
      )}
      <Field
        label="Perfil"
        name={f.usPerfilId.name}
        id={f.usPerfilId.id}
        errorId={f.usPerfilId.errorId}
        error={f.usPerfilId.errors}
      >
        <select
          {...getSelectProps(f.usPerfilId, { ariaAttributes: false })}
          key={f.usPerfilId.key}
          className="ui-input"
        >
          {perfiles.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.activo ? p.descripcion : `${p.descripcion} (INACTIVO)`}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Estado" name={f.activo.name} id={f.activo.id} errorId={f.activo.errorId} error={f.activo.errors}>
        <select {...getSelectProps(f.activo, { ariaAttributes: false })} key={f.activo.key} className="ui-input">
          {ESTADOS.map((e) => (
            <option key={e.value} value={e.value}>
              {e.label}
            </option>
          ))}
        </select>
      </Field>
      <Acciones closeHref={closeHref} label="Guardar" />
    </Form>
  );
}

export type ResetDialogProps = Common & { usuario: UsuarioVista };

export function ResetContrasenaDialog(props: ResetDialogProps) {
  return (
    <UrlDialog
      id="usuario-reset-titulo"
      title="Resetear contraseña"
      closeHref={props.closeHref}
      size="medium"
      className="usuarios-panel"
    >
      <ResetForm key={props.usuario.id} {...props} />
    </UrlDialog>
  );
}

function ResetForm({ usuario, closeHref, formAction, lastResult, msg, answerKey }: ResetDialogProps) {
  const [form, fields] = useForm({
    id: `usuario-reset-${usuario.id}`,
    lastResult,
    defaultValue: { id: String(usuario.id) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetearContrasenaSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const password = (label: string, field: typeof fields.password) => (
    <Field label={label} name={field.name} id={field.id} errorId={field.errorId} error={field.errors} required>
      <input
        {...getInputProps(field, { type: "password", ariaAttributes: false })}
        key={field.key}
        className="ui-input"
        maxLength={PASSWORD_MAX}
        autoComplete="new-password"
      />
    </Field>
  );
  return (
    <Form method="post" action={formAction} preventScrollReset {...getFormProps(form)} className="usuarios-form">
      <p className="usuarios-reset-de">
        {usuario.apeynom} ({usuario.usuario})
      </p>
      <Mensaje msg={msg} answerKey={answerKey} />
      <input {...getInputProps(fields.id, { type: "hidden" })} key={fields.id.key} />
      {password("Contraseña", fields.password)}
      {password("Confirmar contraseña", fields.confirmPassword)}
      <Acciones closeHref={closeHref} label="Resetear" />
    </Form>
  );
}

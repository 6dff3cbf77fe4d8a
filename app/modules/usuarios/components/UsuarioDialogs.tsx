// The dialogs of 'Administracion de usuario' (spec part 2 §2, §5, §8): 'Nuevo usuario' and 'Modificar usuario' (one
// form: name, usuario, password on create only, profile, ACTIVO/INACTIVO) and 'Resetear contraseña' (two password
// fields). Each is a UrlDialog (opened by a link, works without JavaScript) holding a conform form over the module's
// zod schema; the server's field errors show under their fields, any other refusal as the dialog's message.
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { Alert, Field, FormActions, UrlDialog, useAutoHide } from "~/components/ui";
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

type UsuarioVista = { id: number; apeynom: string; usuario: string; usPerfilId: number; activo: boolean };
/** A profile of the select; `otorgable`: the signed-in user holds all its grants and may give it (ADR 046). */
type PerfilOpcion = { id: number; descripcion: string; activo: boolean; otorgable: boolean };

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

/** A conform field in the house's Field: label, control, the server's or the schema's error under it. */
function fieldProps<S>(meta: FieldMetadata<S>) {
  return { name: meta.name, id: meta.id, errorId: meta.errorId, error: meta.errors };
}

type TextoProps<S> = {
  label: string;
  meta: FieldMetadata<S>;
  type?: "text" | "password";
  required?: boolean;
  hint?: string;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "maxLength" | "autoComplete" | "autoCapitalize" | "spellCheck" | "readOnly"
>;

function Texto<S>({ label, meta, type = "text", required, hint, ...input }: TextoProps<S>) {
  return (
    <Field label={label} {...fieldProps(meta)} required={required} hint={hint}>
      <input {...getInputProps(meta, { type, ariaAttributes: false })} key={meta.key} className="ui-input" {...input} />
    </Field>
  );
}

type SeleccionProps<S> = { label: string; meta: FieldMetadata<S>; required?: boolean; children: ReactNode };

function Seleccion<S>({ label, meta, required, children }: SeleccionProps<S>) {
  return (
    <Field label={label} {...fieldProps(meta)} required={required}>
      <select {...getSelectProps(meta, { ariaAttributes: false })} key={meta.key} className="ui-input">
        {children}
      </select>
    </Field>
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
  /** Why the usuario may not be changed (editing oneself: ADR 046): the field is read-only with this reason. */
  usuarioFijo?: string | null;
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

const perfilTexto = (p: PerfilOpcion) =>
  `${p.descripcion}${p.activo ? "" : " (INACTIVO)"}${p.otorgable ? "" : " (excede sus permisos)"}`;

function UsuarioForm(props: UsuarioDialogProps) {
  const { usuario, usuarioFijo, perfiles, closeHref, formAction, lastResult, msg, answerKey } = props;
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
      : { usPerfilId: "", activo: "true" }, // the profile is chosen, never preselected (ADR 034)
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action={formAction} preventScrollReset {...getFormProps(form)} className="usuarios-form">
      <Mensaje msg={msg} answerKey={answerKey} />
      {usuario ? <input {...getInputProps(f.id, { type: "hidden" })} key={f.id.key} /> : null}
      <Texto label="Apellido y Nombre" meta={f.apeynom} required maxLength={MAX_APEYNOM} autoComplete="off" />
      <Texto
        label="Usuario"
        meta={f.usuario}
        required
        maxLength={MAX_USUARIO}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        readOnly={Boolean(usuarioFijo)}
        hint={usuarioFijo ?? undefined}
      />
      {usuario ? null : (
        <Texto
          label="Contraseña"
          meta={f.password}
          type="password"
          required
          maxLength={PASSWORD_MAX}
          autoComplete="new-password"
        />
      )}
      <Seleccion label="Perfil" meta={f.usPerfilId} required={!usuario}>
        {usuario ? null : <option value="">-Seleccione-</option>}
        {perfiles.map((p) => (
          <option key={p.id} value={String(p.id)} disabled={!p.otorgable}>
            {perfilTexto(p)}
          </option>
        ))}
      </Seleccion>
      <Seleccion label="Estado" meta={f.activo}>
        {ESTADOS.map((e) => (
          <option key={e.value} value={e.value}>
            {e.label}
          </option>
        ))}
      </Seleccion>
      <FormActions cancelHref={closeHref} />
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
  const password = (label: string, meta: typeof fields.password) => (
    <Texto label={label} meta={meta} type="password" required maxLength={PASSWORD_MAX} autoComplete="new-password" />
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
      <FormActions cancelHref={closeHref} label="Resetear" />
    </Form>
  );
}

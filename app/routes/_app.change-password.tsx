// Cambiar Contraseña: the result shows in a popup ('Contraseña modificada!' / 'Error al cambiar contraseña') that
// goes away by itself after 2 s; the errors also stay under their fields. One zod schema (changePasswordSchema, with
// the password policy for the signed-in user) for the screen and the action; the action answers with conform's reply
// (a wrong current password, or too many of them, is that field's error) plus the popup's outcome and message.
// Without JavaScript the popup is an alert in the page.
import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { parseForm } from "~/lib/form.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { requireUser } from "~/auth/guards.server";
import { changeOwnPassword } from "~/auth/password-change.server";
import { changePasswordSchema } from "~/auth/credentials.schema";
import { Alert, Dialog, Field, useAutoHide, useHydrated } from "~/components/ui";

export const handle = { title: "Cambiar Contraseña" };

const MESSAGE_MS = 2000;

/** No password travels back in the answer (conform's reply would return them as the fields' values). */
const HIDDEN = ["currente_pass", "new_pass", "repeat_new_pass"];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // the policy's user-name rule, checked live in the browser
  return json({ usuario: user.usuario });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseForm(await request.formData(), { schema: changePasswordSchema(user.usuario) });
  if (submission.status !== "success") {
    const result = submission.reply({ hideFields: HIDDEN });
    // the popup shows the first error, as the fields list them
    const msg = Object.values(result.error ?? {}).find((errors) => errors?.length)?.[0] ?? "";
    return json({ result, ok: false, msg }, { status: 400 });
  }
  const changed = await changeOwnPassword(user, submission.value);
  if (!changed.ok) {
    const result = submission.reply({ fieldErrors: { [changed.param]: [changed.msg] }, hideFields: HIDDEN });
    return json({ result, ok: false, msg: changed.msg }, { status: changed.status });
  }
  return json({ result: submission.reply({ resetForm: true }), ok: true, msg: changed.msg });
}

export default function ChangePassword() {
  const { usuario } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: answer?.result, // a success resets the form
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema(usuario) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // Every answer (a new object) shows the popup again; closing it or 2 s hide it.
  const [closed, setClosed] = useState<typeof answer>();
  const shown = useAutoHide(answer === closed ? undefined : answer, MESSAGE_MS);
  const title = answer?.ok ? "Contraseña modificada!" : "Error al cambiar contraseña";

  const password = (label: string, field: FieldMetadata<string>, autoComplete: string) => (
    <Field label={label} name={field.name} id={field.id} errorId={field.errorId} error={field.errors?.[0]}>
      <input
        {...getInputProps(field, { type: "password", ariaAttributes: false })}
        key={field.key}
        autoComplete={autoComplete}
        maxLength={128}
      />
    </Field>
  );

  return (
    <section className="screen narrow">
      <Form method="post" {...getFormProps(form)} className="form-stack" noValidate>
        {password("Contraseña Actual", fields.currente_pass, "current-password")}
        {password("Contraseña Nueva", fields.new_pass, "new-password")}
        {password("Repetir Contraseña Nueva", fields.repeat_new_pass, "new-password")}
        <button type="submit" className="ui-button ui-button--primary" disabled={navigation.state === "submitting"}>
          Cambiar Contraseña
        </button>
      </Form>
      {hydrated ? (
        <Dialog open={Boolean(shown)} onOpenChange={(o) => !o && setClosed(answer)} title={title} size="small">
          <p>{shown?.msg}</p>
        </Dialog>
      ) : answer ? (
        <Alert severity={answer.ok ? "success" : "error"} title={title}>
          {answer.msg}
        </Alert>
      ) : null}
    </section>
  );
}

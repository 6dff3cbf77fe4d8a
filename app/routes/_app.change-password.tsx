// Cambiar Contraseña: the result shows in a popup ('Contraseña modificada!' / 'Error al cambiar contraseña').
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { requireUser } from "~/auth/guards.server";
import { changeOwnPassword } from "~/auth/password-change.server";
import { ChangePasswordSchema } from "~/auth/credentials.schema";
import { Alert, Dialog, Field, useHydrated } from "~/components/ui";
import { fieldErrors } from "~/lib/input";

export const handle = { title: "Cambiar Contraseña" };

const MESSAGE_MS = 2000;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const parsed = ChangePasswordSchema.safeParse(
    Object.fromEntries(["currente_pass", "new_pass", "repeat_new_pass"].map((k) => [k, form.get(k) ?? ""])),
  );
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return json({ ok: false as const, msg: errors[0].msg, errors, at: Date.now() }, { status: 400 });
  }
  const result = await changeOwnPassword(user, parsed.data);
  if (!result.ok)
    return json(
      { ok: false as const, msg: result.msg, errors: [{ param: result.param, msg: result.msg }], at: Date.now() },
      { status: 422 },
    );
  return json({ ok: true as const, msg: result.msg, errors: [], at: Date.now() });
}

export default function ChangePassword() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [shown, setShown] = useState<typeof result | null>(null);
  useEffect(() => {
    if (!result) return;
    setShown(result);
    const t = setTimeout(() => setShown(null), MESSAGE_MS);
    return () => clearTimeout(t);
  }, [result]);
  const [form, fields] = useForm({
    id: `change-password-${result?.ok ? result.at : "form"}`, // a success resets the form
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const serverError = (name: string) =>
    result && !result.ok ? result.errors.find((e) => e.param === name)?.msg : undefined;
  const title = result?.ok ? "Contraseña modificada!" : "Error al cambiar contraseña";

  return (
    <section className="screen narrow">
      <Form method="post" {...getFormProps(form)} className="form-stack" noValidate>
        <Field
          label="Contraseña Actual"
          name="currente_pass"
          id={fields.currente_pass.id}
          errorId={fields.currente_pass.errorId}
          error={fields.currente_pass.errors?.[0] ?? serverError("currente_pass")}
        >
          <input
            {...getInputProps(fields.currente_pass, { type: "password" })}
            autoComplete="current-password"
            maxLength={128}
          />
        </Field>
        <Field
          label="Contraseña Nueva"
          name="new_pass"
          id={fields.new_pass.id}
          errorId={fields.new_pass.errorId}
          error={fields.new_pass.errors?.[0] ?? serverError("new_pass")}
        >
          <input
            {...getInputProps(fields.new_pass, { type: "password" })}
            autoComplete="new-password"
            maxLength={128}
          />
        </Field>
        <Field
          label="Repetir Contraseña Nueva"
          name="repeat_new_pass"
          id={fields.repeat_new_pass.id}
          errorId={fields.repeat_new_pass.errorId}
          error={fields.repeat_new_pass.errors?.[0] ?? serverError("repeat_new_pass")}
        >
          <input
            {...getInputProps(fields.repeat_new_pass, { type: "password" })}
            autoComplete="new-password"
            maxLength={128}
          />
        </Field>
        <button type="submit" className="ui-button ui-button--primary" disabled={navigation.state === "submitting"}>
          Cambiar Contraseña
        </button>
      </Form>
      {hydrated ? (
        <Dialog open={Boolean(shown)} onOpenChange={(o) => !o && setShown(null)} title={title} size="small">
          <p>{shown?.msg}</p>
        </Dialog>
      ) : result ? (
        <Alert severity={result.ok ? "success" : "error"} title={title}>
          {result.msg}
        </Alert>
      ) : null}
    </section>
  );
}

// Login (public). Works as a plain HTML form; with JavaScript, blank fields are caught without a server call.
// One zod schema (LoginSchema) for the screen and the action; every error comes back as conform's reply: the
// schema's as field errors, a refused sign-in (wrong credentials, inactive user, too many attempts) as a form
// error. The screen shows one message for all of them, which describes the form or the fields in error.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { authenticator, LoginRefused } from "~/auth/authenticator.server";
import { setSessionCookie, tokenFromCookie } from "~/auth/cookie.server";
import { getOptionalUser } from "~/auth/guards.server";
import { LoginSchema } from "~/auth/credentials.schema";
import { createSession, revokeToken } from "~/auth/sessions.server";
import { Alert, Field } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: "Sistema Integral de Consultas OSEP" }];

export async function loader({ request }: LoaderFunctionArgs) {
  // Public route. A signed-in user has nothing to do here.
  if (await getOptionalUser(request)) throw redirect("/home");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  // Public route: the credentials are the check. The form strategy reads and checks the form (one parse).
  let user;
  try {
    user = await authenticator.authenticate("form", request);
  } catch (e) {
    if (!(e instanceof LoginRefused)) throw e;
    return json(e.reply, { status: e.status });
  }
  await revokeToken(await tokenFromCookie(request)); // no session fixation: a new token at every sign-in
  const token = await createSession(user.id, "cookie");
  return redirect("/home", { headers: { "Set-Cookie": await setSessionCookie(token) } });
}

export default function Login() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: "onSubmit",
  });
  // One message: a refused sign-in, else the first field error (the same text the server gives).
  const message = form.errors?.[0] ?? fields.usuario.errors?.[0] ?? fields.password.errors?.[0];
  // The message (id form.errorId) describes the form (getFormProps) and each field in error (Field).
  const control = (field: typeof fields.usuario) => ({
    name: field.name,
    id: field.id,
    errorId: form.errorId,
    error: field.errors,
    errorShownElsewhere: true,
  });

  return (
    <main className="login-page">
      <Form method="post" className="login-card" {...getFormProps(form)} noValidate>
        <img src="/favicon.svg" alt="" width={56} height={56} className="login-logo" />
        <h1>Sistema Integral de Consultas OSEP</h1>
        <p className="login-prompt">Ingrese su usuario y contraseña</p>
        <Field label="Usuario" {...control(fields.usuario)}>
          <input
            {...getInputProps(fields.usuario, { type: "text", ariaAttributes: false })}
            key={fields.usuario.key}
            autoComplete="username"
            // Signing in is all there is to do here: the user box has the focus from the start. Only the HTML
            // autofocus attribute does it before hydration and without JavaScript; focusing from an effect would
            // come late and take the focus from whoever has already clicked the password box.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            maxLength={64}
          />
        </Field>
        <Field label="Contraseña" {...control(fields.password)}>
          <input
            {...getInputProps(fields.password, { type: "password", ariaAttributes: false })}
            key={fields.password.key}
            autoComplete="current-password"
            maxLength={128}
          />
        </Field>
        <button
          type="submit"
          className="ui-button ui-button--primary login-submit"
          disabled={navigation.state === "submitting"}
        >
          Ingresar al sistema
        </button>
        <div className="login-alert" aria-live="assertive">
          {message ? (
            <Alert severity="error" id={form.errorId}>
              {message}
            </Alert>
          ) : null}
        </div>
      </Form>
    </main>
  );
}

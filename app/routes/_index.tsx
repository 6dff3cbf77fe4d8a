// Login (public). Works as a plain HTML form; with JavaScript, blank fields are caught without a server call.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { authenticator, LoginInputError } from "~/auth/authenticator.server";
import { setSessionCookie, tokenFromCookie } from "~/auth/cookie.server";
import { getOptionalUser } from "~/auth/guards.server";
import { LoginError } from "~/auth/login.server";
import { LoginSchema } from "~/auth/credentials.schema";
import { createSession, revokeToken } from "~/auth/sessions.server";
import { Alert } from "~/components/ui";

export const meta: MetaFunction = () => [{ title: "Sistema Integral de Consultas OSEP" }];

export async function loader({ request }: LoaderFunctionArgs) {
  // Public route. A signed-in user has nothing to do here.
  if (await getOptionalUser(request)) throw redirect("/home");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  // Public route: the credentials are the check.
  let user;
  try {
    user = await authenticator.authenticate("form", request);
  } catch (e) {
    if (e instanceof LoginInputError) return json({ msg: e.message }, { status: 400 });
    if (e instanceof LoginError) return json({ msg: e.message }, { status: e.status });
    throw e;
  }
  await revokeToken(await tokenFromCookie(request)); // no session fixation: a new token at every sign-in
  const token = await createSession(user.id, "cookie");
  return redirect("/home", { headers: { "Set-Cookie": await setSessionCookie(token) } });
}

export default function Login() {
  const data = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "login",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: "onSubmit",
  });
  const localError = fields.usuario.errors?.[0] ?? fields.password.errors?.[0];
  const message = localError ?? data?.msg;

  return (
    <main className="login-page">
      <Form method="post" className="login-card" {...getFormProps(form)} noValidate>
        <img src="/favicon.svg" alt="" width={56} height={56} className="login-logo" />
        <h1>Sistema Integral de Consultas OSEP</h1>
        <p className="login-prompt">Ingrese su usuario y contraseña</p>
        <label className="ui-field">
          <span className="ui-field-label">Usuario</span>
          <input
            {...getInputProps(fields.usuario, { type: "text" })}
            key={fields.usuario.key}
            autoComplete="username"
            autoFocus
            maxLength={64}
          />
        </label>
        <label className="ui-field">
          <span className="ui-field-label">Contraseña</span>
          <input
            {...getInputProps(fields.password, { type: "password" })}
            key={fields.password.key}
            autoComplete="current-password"
            maxLength={128}
          />
        </label>
        <button
          type="submit"
          className="ui-button ui-button--primary login-submit"
          disabled={navigation.state === "submitting"}
        >
          Ingresar al sistema
        </button>
        <div className="login-alert" aria-live="assertive">
          {message ? <Alert severity="error">{message}</Alert> : null}
        </div>
      </Form>
    </main>
  );
}

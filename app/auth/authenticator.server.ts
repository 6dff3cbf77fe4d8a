// remix-auth with the form strategy: the login form posts usuario and password.
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { parseInput } from "~/lib/input";
import { checkCredentials, type LoggedIn } from "./login.server";
import { LoginSchema } from "./credentials.schema";

export class LoginInputError extends Error {}

export const authenticator = new Authenticator<LoggedIn>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = parseInput(LoginSchema, {
      usuario: form.get("usuario") ?? "",
      password: form.get("password") ?? "",
    });
    if (!parsed.ok) throw new LoginInputError(parsed.msg);
    return checkCredentials(parsed.data);
  }),
  "form",
);

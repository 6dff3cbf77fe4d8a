// remix-auth with the form strategy: the login form posts usuario and password. The strategy reads the form (the one
// read of the body) and its verify callback owns the sign-in: the form through the one parser (parseForm and
// LoginSchema, the Spanish field errors), then the credentials check (checkCredentials: the throttle, the audit, the
// Spanish refusals). A refusal comes out as LoginRefused, carrying conform's reply for the screen (the user name
// typed comes back, the password never); the session (a row in Postgres) is the route's, after a success.
import type { SubmissionResult } from "@conform-to/react";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { parseForm } from "~/lib/form.server";
import { checkCredentials, LoginError, type LoggedIn } from "./login.server";
import { LoginSchema } from "./credentials.schema";

/** The password never travels back in the answer (conform's reply would return it as the field's value). */
const HIDDEN = ["password"];

/** A refused sign-in: the reply for the login screen (conform's lastResult) and the HTTP status. */
export class LoginRefused extends Error {
  constructor(
    readonly reply: SubmissionResult<string[]>,
    readonly status: number,
  ) {
    super("sign-in refused");
  }
}

export const authenticator = new Authenticator<LoggedIn>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const submission = parseForm(form, { schema: LoginSchema });
    if (submission.status !== "success") throw new LoginRefused(submission.reply({ hideFields: HIDDEN }), 400);
    try {
      return await checkCredentials(submission.value);
    } catch (e) {
      if (!(e instanceof LoginError)) throw e;
      throw new LoginRefused(submission.reply({ formErrors: [e.message], hideFields: HIDDEN }), e.status);
    }
  }),
  "form",
);

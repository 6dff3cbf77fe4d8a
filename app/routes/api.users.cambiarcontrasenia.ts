// PUT /api/users/cambiarcontrasenia { currente_pass, new_pass, repeat_new_pass } → { msg }. The new password meets
// the policy (400 with its message); a wrong current password is 422, and too many of them 429 (ADR 025).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { changeOwnPassword } from "~/auth/password-change.server";
import { changePasswordSchema } from "~/auth/credentials.schema";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/http.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  throw methodNotAllowed();
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  if (request.method !== "PUT") throw methodNotAllowed();
  const input = await parseJsonBody(request, changePasswordSchema(user.usuario));
  const result = await changeOwnPassword(user, input);
  if (!result.ok) throw apiError(result.status, result.msg, [{ param: result.param, msg: result.msg }]);
  return json({ msg: result.msg });
}

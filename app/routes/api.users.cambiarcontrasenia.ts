// PUT /api/users/cambiarcontrasenia { currente_pass, new_pass, repeat_new_pass } → { msg }.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { changeOwnPassword } from "~/auth/password-change.server";
import { ChangePasswordSchema } from "~/auth/credentials.schema";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/http.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  return methodNotAllowed();
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  if (request.method !== "PUT") return methodNotAllowed();
  const input = await parseJsonBody(request, ChangePasswordSchema);
  const result = await changeOwnPassword(user, input);
  if (!result.ok) return apiError(422, result.msg, [{ param: result.param, msg: result.msg }]);
  return json({ msg: result.msg });
}

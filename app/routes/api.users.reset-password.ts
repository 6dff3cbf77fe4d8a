// PUT /api/users/reset-password { id, password, confirmPassword } (spec part 2 §5, §7; operation 29) → { msg }. The
// user's other sessions end; the password policy holds (with that user's name).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/http.server";
import { resetearContrasenaSchema } from "~/modules/usuarios/usuarios.schema";
import { resetContrasenia } from "~/modules/usuarios/usuarios.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiOperation(request, OP.RESETEAR_CONTRASENIA, "/users");
  throw methodNotAllowed();
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireApiOperation(request, OP.RESETEAR_CONTRASENIA, "/users");
  if (request.method !== "PUT") throw methodNotAllowed();
  const input = await parseJsonBody(request, resetearContrasenaSchema);
  const result = await resetContrasenia(input, admin);
  if (!result.ok) throw apiError(result.status, result.msg, result.errors);
  return json({ msg: result.msg });
}

// POST /api/users (register/create, administrators only) → { token, type_usr } of the new user.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation } from "~/auth/guards.server";
import { RegisterSchema } from "~/auth/credentials.schema";
import { createSession } from "~/auth/sessions.server";
import { createUser } from "~/modules/usuarios/usuarios.server";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/http.server";
import { OP } from "~/auth/operations";

// Operation 27: create users (screen /users).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiOperation(request, OP.CREAR_USUARIO, "/users");
  return methodNotAllowed(); // listing users arrives with the /users screen
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireApiOperation(request, OP.CREAR_USUARIO, "/users");
  if (request.method !== "POST") return methodNotAllowed();
  const input = await parseJsonBody(request, RegisterSchema);
  const result = await createUser(input, admin);
  if (!result.ok) return apiError(result.status, result.msg, [{ param: result.param, msg: result.msg }]);
  const token = await createSession(result.user.id, "api");
  return json({ token, type_usr: result.user.type_usr, msg: "Usuario creado con exito" }, { status: 201 });
}

// /api/users (spec part 2 §7, screen /users): GET → { users }; POST (register/create, operation 27) → { token,
// type_usr } of the new user; PUT (edit, operation 28) → { msg, user }. Field errors as { msg, errors: [{param,msg}] }.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation, requireApiScreen } from "~/auth/guards.server";
import { RegisterSchema } from "~/auth/credentials.schema";
import { OP } from "~/auth/operations";
import { createSession } from "~/auth/sessions.server";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/http.server";
import { modificarUsuarioSchema } from "~/modules/usuarios/usuarios.schema";
import { createUser, todosLosUsuarios, updateUsuario, USUARIO_CREADO } from "~/modules/usuarios/usuarios.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/users");
  return json({ users: await todosLosUsuarios() });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireApiOperation(
    request,
    request.method === "PUT" ? OP.MODIFICAR_USUARIO : OP.CREAR_USUARIO,
    "/users",
  );
  if (request.method === "PUT") {
    const input = await parseJsonBody(request, modificarUsuarioSchema);
    const result = await updateUsuario(input, admin);
    if (!result.ok) throw apiError(result.status, result.msg, result.errors);
    return json({ msg: result.msg, user: result.user });
  }
  if (request.method !== "POST") throw methodNotAllowed();
  const input = await parseJsonBody(request, RegisterSchema);
  const result = await createUser(input, admin);
  if (!result.ok) throw apiError(result.status, result.msg, result.errors);
  const token = await createSession(result.user.id, "api");
  return json({ token, type_usr: result.user.type_usr, msg: USUARIO_CREADO }, { status: 201 });
}

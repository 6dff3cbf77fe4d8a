// GET /api/users/{id} (spec part 2 §7, screen /users) → { user }; an unknown or malformed id → 404 { msg }.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { notFound, methodNotAllowed } from "~/lib/http.server";
import { parseInput } from "~/lib/input";
import { usuarioIdSchema } from "~/modules/usuarios/usuarios.schema";
import { UNKNOWN_USER, usuarioPorId } from "~/modules/usuarios/usuarios.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/users");
  const id = parseInput(usuarioIdSchema, params.id);
  const user = id.ok ? await usuarioPorId(id.data) : null;
  if (!user) throw notFound(UNKNOWN_USER);
  return json({ user });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiScreen(request, "/users");
  throw methodNotAllowed();
}

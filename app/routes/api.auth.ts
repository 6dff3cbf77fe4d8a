// Session API (spec §7): POST → { token }; GET → { user, allowed_screen, allowed_operation }; DELETE → logout.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { checkCredentials, LoginError } from "~/auth/login.server";
import { LoginSchema } from "~/auth/credentials.schema";
import { createSession, endSession } from "~/auth/sessions.server";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/http.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return json(
    {
      user: { apeynom: user.apeynom, usuario: user.usuario, type_usr: user.type_usr, profile: user.profile },
      allowed_screen: user.allowed_screen,
      allowed_operation: user.allowed_operation,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

// Public (tests/unit/route-guards.test.ts): POST is the sign-in, whose credentials are the check; DELETE guards first.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method === "POST") {
    const input = await parseJsonBody(request, LoginSchema);
    try {
      const user = await checkCredentials(input);
      return json({ token: await createSession(user.id, "api") }, { headers: { "Cache-Control": "no-store" } });
    } catch (e) {
      if (e instanceof LoginError) throw apiError(e.status, e.message);
      throw e;
    }
  }
  if (request.method === "DELETE") {
    const user = await requireApiUser(request);
    await endSession(request.headers.get("x-auth-token"), user);
    return json({ msg: "Sesión cerrada" });
  }
  throw methodNotAllowed();
}

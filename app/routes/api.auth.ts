// Session API (spec §7): POST → { token }; GET → { user, allowed_screen, allowed_operation }; DELETE → logout.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { checkCredentials, LoginError } from "~/auth/login.server";
import { LoginSchema } from "~/auth/credentials.schema";
import { createSession, revokeToken } from "~/auth/sessions.server";
import { audit } from "~/modules/audit-log/audit.server";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/http.server";
import { getDb } from "~db/client.server";

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

export async function action({ request }: ActionFunctionArgs) {
  if (request.method === "POST") {
    // Public: the credentials are the check.
    const input = await parseJsonBody(request, LoginSchema);
    try {
      const user = await checkCredentials(input);
      return json({ token: await createSession(user.id, "api") }, { headers: { "Cache-Control": "no-store" } });
    } catch (e) {
      if (e instanceof LoginError) return apiError(e.status, e.message);
      throw e;
    }
  }
  if (request.method === "DELETE") {
    const user = await requireApiUser(request);
    await revokeToken(request.headers.get("x-auth-token"));
    await audit(await getDb(), user, { accion: "logout" });
    return json({ msg: "Sesión cerrada" });
  }
  return methodNotAllowed();
}

// 'Cerrar Sesión': ends the session row, clears the cookie, goes to the login (root).
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { clearSessionCookie, tokenFromCookie } from "~/auth/cookie.server";
import { getOptionalUser } from "~/auth/guards.server";
import { revokeToken } from "~/auth/sessions.server";
import { audit } from "~/modules/audit-log/audit.server";
import { getDb } from "~db/client.server";

export async function loader() {
  // Signing out is a POST (a link cannot sign anybody out); a GET just goes home.
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await getOptionalUser(request); // login-only action; without a session there is nothing to end
  if (user) {
    await revokeToken(await tokenFromCookie(request));
    await audit(await getDb(), user, { accion: "logout" });
  }
  return redirect("/", { headers: { "Set-Cookie": await clearSessionCookie() } });
}

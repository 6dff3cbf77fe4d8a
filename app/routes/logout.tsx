// 'Cerrar Sesión': ends the session row, clears the cookie, goes to the login (root).
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { clearSessionCookie, tokenFromCookie } from "~/auth/cookie.server";
import { getOptionalUser } from "~/auth/guards.server";
import { endSession } from "~/auth/sessions.server";

export async function loader() {
  // Signing out is a POST (a link cannot sign anybody out); a GET just goes home.
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  // Public (tests/unit/route-guards.test.ts): an ended session still gets its cookie cleared.
  const user = await getOptionalUser(request);
  if (user) await endSession(await tokenFromCookie(request), user);
  return redirect("/", { headers: { "Set-Cookie": await clearSessionCookie() } });
}

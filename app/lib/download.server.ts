// The guard of every download route (PDF, XLSX, CSV): a browser session (cookie) like the screens, or an API
// client's token (x-auth-token) like the JSON API. Refusals answer by who asked (see http.server.ts prefersHtml):
// a browser is sent where screens send it ('/' when signed out, '/home' without the screen) or gets the app's
// error page (403 without the operation); an API client gets JSON { msg } with the status.
import { redirect } from "@remix-run/node";
import {

  FORBIDDEN_OPERATION,
  FORBIDDEN_SCREEN,
  getOptionalUser,
  requireApiOperation,
  requireApiScreen,
  type SessionUser,
} from "../auth/guards.server";
import { baseScreen, canDo, canSeeScreen } from "../auth/rules";
import { apiError, errorResponse, prefersHtml } from "./http.server";

export const SIGNED_OUT = "Debe iniciar sesión para descargar el archivo";

export async function requireDownload(request: Request, screen: string, operation?: string): Promise<SessionUser> {
  if (request.headers.get("x-auth-token")) {
    return operation ? requireApiOperation(request, operation, screen) : requireApiScreen(request, screen);
  }
  const user = await getOptionalUser(request);
  const html = prefersHtml(request);
  if (!user) throw html ? redirect("/") : apiError(401, SIGNED_OUT);
  if (!canSeeScreen(user, baseScreen(screen))) throw html ? redirect("/home") : apiError(403, FORBIDDEN_SCREEN);
  if (operation && !canDo(user, operation)) throw errorResponse(request, 403, FORBIDDEN_OPERATION, { backHref: screen });
  return user;
}


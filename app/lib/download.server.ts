// The guard of every download route (PDF, XLSX, CSV): a browser session (cookie) like the screens, or an API
// client's token (x-auth-token) like the JSON API. Refusals answer by who asked (see http.server.ts prefersHtml):
// signed out or without the screen, a request is sent where screens send it ('/', '/home') unless it asks for
// JSON (then 401/403 { msg }); without the operation a browser gets the app's error page, others JSON, with 403.
import { redirect } from "@remix-run/node";
import {
  FORBIDDEN_OPERATION,
  FORBIDDEN_SCREEN,
  getOptionalUser,
  requireApiOperation,
  requireApiScreen,
  type SessionUser,
} from "~/auth/guards.server";
import { baseScreen, canDo, canSeeScreen } from "~/auth/rules";
import { apiError, errorResponse } from "./http.server";

const asksForJson = (request: Request) =>
  (request.headers.get("accept") ?? "").toLowerCase().includes("application/json");

export const SIGNED_OUT = "Debe iniciar sesión para descargar el archivo";

export async function requireDownload(request: Request, screen: string, operation?: string): Promise<SessionUser> {
  if (request.headers.get("x-auth-token")) {
    return operation ? requireApiOperation(request, operation, screen) : requireApiScreen(request, screen);
  }
  const user = await getOptionalUser(request);
  const json = asksForJson(request);
  if (!user) throw json ? apiError(401, SIGNED_OUT) : redirect("/");
  if (!canSeeScreen(user, baseScreen(screen))) throw json ? apiError(403, FORBIDDEN_SCREEN) : redirect("/home");
  if (operation && !canDo(user, operation))
    throw errorResponse(request, 403, FORBIDDEN_OPERATION, { backHref: screen });
  return user;
}

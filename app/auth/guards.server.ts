// Guards: the first line of every loader, action and API route. The server decides.
import { redirect } from "@remix-run/node";
import { isBackgroundReload } from "~/lib/background-reload";
import { apiError, errorResponse } from "~/lib/http.server";
import { noteUser, oncePerRequest } from "~/lib/request-context.server";
import { tokenFromCookie } from "./cookie.server";
import type { OperationCode, ScreenPath } from "~/auth/operations";
import { baseScreen, can, canSeeScreen } from "./rules";
import { userForToken, type SessionUser } from "./sessions.server";

export type { SessionUser };

export const FORBIDDEN_OPERATION = "No tiene permiso para realizar esta operación";
export const FORBIDDEN_SCREEN = "No tiene permiso para acceder a esta pantalla";
export const NO_TOKEN = "No hay token, permiso no válido";
export const BAD_TOKEN = "Token no válido o vencido";

/** The signed-in user of a browser request, or null. */
export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  const token = await tokenFromCookie(request);
  // The layout and the screen loaders of one page load both ask: resolve the session once per request. A background
  // reload (the live grid's) is no activity of the user: it leaves the idle timeout running (ADR 052).
  const touch = !isBackgroundReload(request.url);
  const user = token
    ? await oncePerRequest(`session:${token}`, () => userForToken(token, "cookie", new Date(), touch))
    : null;
  if (user) noteUser(user.id);
  return user;
}

/** Login-only screens: not signed in → '/'. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw redirect("/");
  return user;
}

/** /home naming the screen refused (its base path), so /home can say why (issue 28; /home shows known paths only). */
const homeSinPermiso = (path: string) => `/home?${new URLSearchParams({ sinPermiso: baseScreen(path) })}`;

/**
 * Permission-gated screens: not signed in → '/', signed in without the screen → '/home?sinPermiso=<path>'. A screen
 * that also needs an operation to be seen at all (the audit log: /users plus operation 36) passes it: without it →
 * '/home' too, naming the page asked for.
 */
export async function requireScreen(
  request: Request,
  path: ScreenPath,
  opts: { operation?: OperationCode } = {},
): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!canSeeScreen(user, baseScreen(path))) throw redirect(homeSinPermiso(path));
  if (opts.operation && !can(user, opts.operation)) throw redirect(homeSinPermiso(new URL(request.url).pathname));
  return user;
}

/** An action that needs an operation code (on top of its screen). */
export async function requireOperation(
  request: Request,
  code: OperationCode,
  screen?: ScreenPath,
): Promise<SessionUser> {
  const user = screen ? await requireScreen(request, screen) : await requireUser(request);
  if (!can(user, code)) throw apiError(403, FORBIDDEN_OPERATION);
  return user;
}

const SIGNED_OUT_STREAM = "Debe iniciar sesión para recibir las actualizaciones de la pantalla";

/**
 * A screen's event stream (text/event-stream, read by the page's EventSource; ADR 052): the browser session and the
 * screen, like requireScreen, but refused with 401/403 { msg } instead of a redirect (an EventSource cannot follow
 * one to a page). `touch: false` for the stream's own re-checks: a heartbeat is no activity, so the idle timeout runs.
 */
export async function requireEventStream(
  request: Request,
  path: ScreenPath,
  opts: { touch?: boolean } = {},
): Promise<SessionUser> {
  const token = await tokenFromCookie(request);
  const user = token ? await userForToken(token, "cookie", new Date(), opts.touch ?? true) : null;
  if (!user) throw apiError(401, SIGNED_OUT_STREAM);
  noteUser(user.id);
  if (!canSeeScreen(user, baseScreen(path))) throw apiError(403, FORBIDDEN_SCREEN);
  return user;
}

// ---- JSON API: token in x-auth-token ------------------------------------------------------------

export async function requireApiUser(request: Request): Promise<SessionUser> {
  const token = request.headers.get("x-auth-token");
  if (!token) throw apiError(401, NO_TOKEN);
  const user = await userForToken(token, "api");
  if (!user) throw apiError(401, BAD_TOKEN);
  noteUser(user.id);
  return user;
}

/** The API of a screen; a call two screens make (the turnos config, a status change) passes both: either opens it. */
export async function requireApiScreen(
  request: Request,
  path: ScreenPath | readonly ScreenPath[],
): Promise<SessionUser> {
  const user = await requireApiUser(request);
  const paths: readonly ScreenPath[] = typeof path === "string" ? [path] : path;
  if (!paths.some((p) => canSeeScreen(user, p))) throw apiError(403, FORBIDDEN_SCREEN);
  return user;
}

export async function requireApiOperation(
  request: Request,
  code: OperationCode,
  screen?: ScreenPath,
): Promise<SessionUser> {
  const user = screen ? await requireApiScreen(request, screen) : await requireApiUser(request);
  if (!can(user, code)) throw apiError(403, FORBIDDEN_OPERATION);
  return user;
}

// ---- Downloads (PDF, XLSX, CSV): a browser session (cookie) like the screens, or an API client's token -----------
// (x-auth-token) like the JSON API. Refusals answer by who asked (http.server.ts prefersHtml): signed out or without
// the screen, a request is sent where screens send it ('/', '/home') unless it asks for JSON (then 401/403 { msg });
// without the operation a browser gets the app's error page, others JSON, with 403.
const asksForJson = (request: Request) =>
  (request.headers.get("accept") ?? "").toLowerCase().includes("application/json");

const SIGNED_OUT = "Debe iniciar sesión para descargar el archivo";

export async function requireDownload(
  request: Request,
  screen: ScreenPath,
  operation?: OperationCode,
): Promise<SessionUser> {
  if (request.headers.get("x-auth-token")) {
    return operation ? requireApiOperation(request, operation, screen) : requireApiScreen(request, screen);
  }
  const user = await getOptionalUser(request);
  const json = asksForJson(request);
  if (!user) throw json ? apiError(401, SIGNED_OUT) : redirect("/");
  if (!canSeeScreen(user, baseScreen(screen)))
    throw json ? apiError(403, FORBIDDEN_SCREEN) : redirect(homeSinPermiso(screen));
  if (operation && !can(user, operation)) throw errorResponse(request, 403, FORBIDDEN_OPERATION, { backHref: screen });
  return user;
}

export { can };

// Calling a route's loader or action in a unit test as Remix would: a Request to http://localhost, the API token in
// x-auth-token, inside a request context (address, user agent). A thrown Response (a guard's 401/403, validate's
// 400) is answered like a returned one.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { usUsuarios } from "~db/schema/auth";
import { createSession } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import type { TestDb } from "./db";

/** A loader or an action of a route module (both take the same arguments). */
export type RouteHandler = (args: LoaderFunctionArgs) => unknown;

export const TEST_REQUEST_CONTEXT = { address: "10.0.0.1", userAgent: "test", userId: null };

export async function callApi(
  handler: RouteHandler,
  path: string,
  opts: { token?: string | null; params?: Record<string, string>; method?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = opts.token ? { "x-auth-token": opts.token } : {};
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const request = new Request(`http://localhost${path}`, {
    method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
    headers,
    body: opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
  });
  const res = await answerOf(handler, request, opts.params);
  // The body is whatever JSON the route answered (typed loosely, like Response.json()).
  return { status: res.status, body: await res.json() };
}

/** A route's loader or action run as Remix would, inside a request context; a thrown Response is its answer. */
export async function answerOf(
  handler: unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<Response> {
  try {
    return (await requestContext.run(TEST_REQUEST_CONTEXT, () =>
      (handler as RouteHandler)({ request, params, context: {} }),
    )) as Response;
  } catch (e) {
    if (!(e instanceof Response)) throw e;
    return e;
  }
}

/** What a test reads of an answer: status, redirect, headers and the JSON body (null when it is no JSON). */
export async function readAnswer(res: Response) {
  const type = res.headers.get("content-type") ?? "";
  return {
    status: res.status,
    headers: res.headers,
    location: res.headers.get("location"),
    body: type.includes("json") ? ((await res.json()) as Record<string, unknown>) : null,
  };
}

/** A screen's action called as the browser posts its form (urlencoded) with this session cookie. */
export async function postForm(handler: unknown, url: string, form: Record<string, string>, cookie: string) {
  const request = new Request(`http://localhost${url}`, {
    method: "POST",
    headers: { Cookie: cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
  return readAnswer(await answerOf(handler, request));
}

/**
 * The `call(handler, method, path, opts)` of a test file whose calls use one token unless they say otherwise
 * (`token: null` = anonymous); the default token is read at each call, so it may be set in a beforeAll.
 */
export function callerWith<B>(defaultToken: () => string) {
  return async (
    handler: unknown,
    method: string,
    path: string,
    opts: { token?: string | null; body?: unknown; params?: Record<string, string> } = {},
  ): Promise<{ status: number; body: B }> => {
    const token = opts.token === undefined ? defaultToken() : opts.token;
    const r = await callApi(handler as RouteHandler, path, { token, method, body: opts.body, params: opts.params });
    return { status: r.status, body: r.body as B };
  };
}

/** A fresh API session token of a seeded user (admin, consulta, …) of the test database. */
export async function apiToken(t: TestDb, usuario: string): Promise<string> {
  const [u] = await t.db.select({ id: usUsuarios.id }).from(usUsuarios).where(eq(usUsuarios.usuario, usuario));
  if (!u) throw new Error(`no existe el usuario ${usuario}`);
  return requestContext.run(TEST_REQUEST_CONTEXT, () => createSession(u.id, "api"));
}

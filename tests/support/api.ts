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
  let res: Response;
  try {
    res = (await requestContext.run(TEST_REQUEST_CONTEXT, () =>
      handler({ request, params: opts.params ?? {}, context: {} }),
    )) as Response;
  } catch (e) {
    if (!(e instanceof Response)) throw e;
    res = e;
  }
  // The body is whatever JSON the route answered (typed loosely, like Response.json()).
  return { status: res.status, body: await res.json() };
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

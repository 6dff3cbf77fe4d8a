// The browser session cookie: HttpOnly, SameSite=Lax, Secure in production. Its value is the session token.
import { createCookie } from "@remix-run/node";
import { secureCookies } from "~/lib/config.server";
import { SESSION_MAX_AGE_MS } from "./rules";

const sessionCookie = createCookie("osep_sesion", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: secureCookies(),
  maxAge: SESSION_MAX_AGE_MS / 1000,
});

export async function tokenFromCookie(request: Request): Promise<string | null> {
  const value = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

export function setSessionCookie(token: string): Promise<string> {
  return sessionCookie.serialize(token);
}

export function clearSessionCookie(): Promise<string> {
  return sessionCookie.serialize("", { maxAge: 0 });
}

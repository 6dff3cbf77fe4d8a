// The signed-in fixture: each Playwright worker signs a demo user in through the form once, the first time one of its
// tests asks for that user, keeps the session's cookie (the context's storageState) and gives it to every later test
// that asks (`signIn(page, ADMIN)`), which then opens /home as `login` ends. Sessions live in the database, so a test
// that ends its session (Cerrar Sesión, a password change) or tests the sign-in itself keeps `login` (ADR 084).
import { test as base, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { expectPath, login } from "./support";

/** A demo user whose session a worker may share: ADMIN, CONSULTA, a provider. */
type Who = { readonly usuario: string; readonly password: string };
type Cookies = Awaited<ReturnType<BrowserContext["storageState"]>>["cookies"];

/** Signs `page` in as `who` with the worker's session of that user, and opens /home. */
export type SignIn = (page: Page, who: Who) => Promise<void>;

/** The session's cookies of `who`, signed in through the form in a context of its own (no JavaScript needed). */
async function signInOnce(browser: Browser, baseURL: string | undefined, who: Who): Promise<Cookies> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    await login(await context.newPage(), who.usuario, who.password, { hydrate: false });
    return (await context.storageState()).cookies;
  } finally {
    await context.close();
  }
}

export const test = base.extend<{ signIn: SignIn }, { workerSessions: Map<string, Promise<Cookies>> }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  workerSessions: [async ({}, use) => use(new Map()), { scope: "worker" }],
  signIn: async ({ browser, baseURL, workerSessions }, use) => {
    const sessionOf = (who: Who, fresh = false): Promise<Cookies> => {
      let cookies = workerSessions.get(who.usuario);
      if (!cookies || fresh) {
        cookies = signInOnce(browser, baseURL, who);
        workerSessions.set(who.usuario, cookies);
        cookies.catch(() => workerSessions.delete(who.usuario)); // a failed sign-in is tried again by the next test
      }
      return cookies;
    };
    await use(async (page, who) => {
      await page.context().addCookies(await sessionOf(who));
      await page.goto("/home");
      // the session ended after all (its idle time, or a test that signed this user out): a new one, once
      if (new URL(page.url()).pathname === "/") {
        await page.context().addCookies(await sessionOf(who, true));
        await page.goto("/home");
      }
      await expectPath(page, "/home");
    });
  },
});

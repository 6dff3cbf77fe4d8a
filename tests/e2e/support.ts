// Shared helpers of the end-to-end tests: UI sign-in, hydration wait, the JSON session API, throwaway users.
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const ADMIN = { usuario: "admin", password: "admin", apeynom: "ADMINISTRADOR DEL SISTEMA" } as const;
export const CONSULTA = { usuario: "consulta", password: "consulta", apeynom: "USUARIO DE CONSULTA" } as const;

/** Profile ids of the demo users: 1 = every screen and operation, 2 = the 'consulta' profile. */
export const PROFILE_ADMIN = 1;
export const PROFILE_CONSULTA = 2;

/** Asserts (with polling) that the page is at `pathname` (query and hash ignored). */
export async function expectPath(page: Page, pathname: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === pathname);
}

/**
 * Waits until React has hydrated the document (React attaches its props to the DOM nodes it claims), so
 * client-side handlers (validation, localStorage, toggles) are in place. Only for JavaScript-enabled pages.
 */
export async function waitForHydration(page: Page, selector = "body *"): Promise<void> {
  await page.waitForFunction((sel) => {
    const w = window as unknown as { __remixRouter?: unknown };
    if (!w.__remixRouter) return false;
    const nodes = Array.from(document.querySelectorAll(sel)).slice(0, 200);
    return nodes.some((n) => Object.keys(n).some((k) => k.startsWith("__reactProps")));
  }, selector);
}

/** Fills and submits the login form (Usuario, Contraseña, 'Ingresar al sistema'). */
export async function submitLogin(
  page: Page,
  usuario: string,
  password: string,
  { hydrate = true } = {},
): Promise<void> {
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Ingresar al sistema" })).toBeVisible();
  if (hydrate) await waitForHydration(page, "form button[type=submit]");
  await page.getByLabel("Usuario", { exact: true }).fill(usuario);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Ingresar al sistema" }).click();
}

/** Signs in through the UI and waits for /home. */
export async function login(
  page: Page,
  usuario: string,
  password: string,
  opts: { hydrate?: boolean } = {},
): Promise<void> {
  await submitLogin(page, usuario, password, opts);
  await expectPath(page, "/home");
}

/** POST /api/auth → the token (asserts success). */
export async function apiToken(request: APIRequestContext, usuario: string, password: string): Promise<string> {
  const res = await request.post("/api/auth", { data: { usuario, password } });
  expect(res.status(), `POST /api/auth as ${usuario}: ${await res.text()}`).toBe(200);
  const body = (await res.json()) as { token?: unknown };
  expect(typeof body.token).toBe("string");
  return body.token as string;
}

export function adminToken(request: APIRequestContext): Promise<string> {
  return apiToken(request, ADMIN.usuario, ADMIN.password);
}

/**
 * GET an API path of a report with `token` (default: admin's) once the reporting snapshot is there: it is built at
 * the server's start-up, and until then report calls answer 503. Returns the parsed JSON body of the 200.
 */
export async function whenSnapshotReady<T>(request: APIRequestContext, path: string, token?: string): Promise<T> {
  const headers = { "x-auth-token": token ?? (await adminToken(request)) };
  const get = () => request.get(path, { headers });
  await expect
    .poll(async () => (await get()).status(), {
      message: "the reporting snapshot is built at start-up",
      timeout: 150_000,
      intervals: [1000, 2000, 5000],
    })
    .toBe(200);
  return (await (await get()).json()) as T;
}

export type ThrowawayUser = { usuario: string; password: string; apeynom: string };

let counter = 0;

/** A unique user name (letters, digits, '_'), different across workers, runs and calls. */
export function uniqueUsuario(prefix = "e2e"): string {
  counter += 1;
  const rand = Math.random().toString(36).slice(2, 8);
  return `${prefix}_${Date.now().toString(36)}_${process.pid.toString(36)}${counter}${rand}`.slice(0, 60);
}

/**
 * Creates a throwaway user through POST /api/users with an admin token, so tests that change passwords or
 * fail sign-ins (throttled per user after 5 failures) never touch the shared demo users.
 */
export async function createThrowawayUser(
  request: APIRequestContext,
  { perfil = PROFILE_CONSULTA, password = "Clave-e2e-1234" }: { perfil?: number; password?: string } = {},
): Promise<ThrowawayUser> {
  const token = await adminToken(request);
  const usuario = uniqueUsuario();
  const apeynom = `PRUEBA E2E ${usuario.toUpperCase()}`.slice(0, 120);
  const res = await request.post("/api/users", {
    headers: { "x-auth-token": token },
    data: { apeynom, usuario, password, usPerfilId: perfil },
  });
  expect(res.status(), `POST /api/users: ${await res.text()}`).toBe(201);
  return { usuario, password, apeynom };
}

/**
 * Records every dialog that opens in the page (its title and text), from now on and on every later page load:
 * a dialog that closes itself after a second or two (MAE's; CAPA's 'Operacion Exitosa' stays until closed, ADR 054)
 * is seen however busy the machine is, without racing its timer. Read with `dialogsSeen`.
 */
export async function watchDialogs(page: Page): Promise<void> {
  const install = () => {
    const w = window as unknown as { __dialogs?: string[] };
    if (w.__dialogs) return;
    w.__dialogs = [];
    const last = new WeakMap<Element, string>();
    const record = () => {
      for (const d of document.querySelectorAll('[role="dialog"], [role="alertdialog"]')) {
        const titleId = d.getAttribute("aria-labelledby");
        const title = (titleId && document.getElementById(titleId)?.textContent) || d.getAttribute("aria-label") || "";
        const entry = `${title.trim()} | ${d.textContent?.trim() ?? ""}`;
        if (last.get(d) === entry) continue;
        last.set(d, entry);
        w.__dialogs!.push(entry);
      }
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  };
  await page.addInitScript(install);
  await page.evaluate(install);
}

/** The dialogs seen since `watchDialogs`: 'title | text' each, in order. */
export function dialogsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __dialogs?: string[] }).__dialogs ?? []);
}

/**
 * Waits until a dialog titled `title` showing `text` has been seen (it may have closed itself already), and forgets
 * every dialog seen so far: the same message after the next action has to be seen again.
 */
export async function expectDialogSeen(page: Page, title: string, text: string): Promise<void> {
  const take = () =>
    page.evaluate(
      ([t, x]) => {
        const list = (window as unknown as { __dialogs?: string[] }).__dialogs ?? [];
        const at = list.findIndex((d) => d.startsWith(`${t} |`) && d.includes(x));
        if (at >= 0) list.length = 0;
        return at >= 0;
      },
      [title, text] as const,
    );
  await expect.poll(take, { message: `a dialog '${title}' with '${text}'` }).toBe(true);
}
